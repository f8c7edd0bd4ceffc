/// Collects the states of a chart, in the order written.
///
/// Accepts ``Atomic`` and ``Final``, and `if`, `switch` and `for` around them.
@resultBuilder
public enum ChartBuilder<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// The states collected so far.
    public typealias Component = [ChartElement<State, Event, Context>]

    /// An atomic state.
    public static func buildExpression(_ state: Atomic<State, Event, Context>) -> Component {
        [ChartElement(declaration: state.declaration)]
    }

    /// A final state.
    public static func buildExpression(_ state: Final<State, Event, Context>) -> Component {
        [ChartElement(declaration: state.declaration)]
    }

    /// Consecutive statements.
    public static func buildBlock(_ components: Component...) -> Component {
        components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ component: Component?) -> Component {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: Component) -> Component {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: Component) -> Component {
        component
    }

    /// A `for` loop.
    public static func buildArray(_ components: [Component]) -> Component {
        components.flatMap { $0 }
    }
}

/// Collects what is written inside a state: its transitions and its entry and exit actions,
/// in the order written.
///
/// Accepts ``On``, ``OnEntry`` and ``OnExit``, and `if`, `switch` and `for` around them.
@resultBuilder
public enum StateBuilder<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// The elements collected so far.
    public typealias Component = [StateElement<State, Event, Context>]

    /// A transition.
    public static func buildExpression(_ transition: On<State, Event, Context>) -> Component {
        [StateElement(storage: .transition(transition.declaration))]
    }

    /// An entry action.
    public static func buildExpression(_ entry: OnEntry<State, Event, Context>) -> Component {
        [StateElement(storage: .entry(entry.action))]
    }

    /// An exit action.
    public static func buildExpression(_ exit: OnExit<State, Event, Context>) -> Component {
        [StateElement(storage: .exit(exit.action))]
    }

    /// Consecutive statements.
    public static func buildBlock(_ components: Component...) -> Component {
        components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ component: Component?) -> Component {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: Component) -> Component {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: Component) -> Component {
        component
    }

    /// A `for` loop.
    public static func buildArray(_ components: [Component]) -> Component {
        components.flatMap { $0 }
    }
}
