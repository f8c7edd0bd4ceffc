/// The parts every Statecraft result builder shares: statements in order, `if`, `switch` and
/// `for`. Each builder adds the `buildExpression` overloads for what may be written in it.
public protocol ListBuilding {
    /// What the builder collects.
    associatedtype Element
}

extension ListBuilding {
    /// Consecutive statements.
    public static func buildBlock(_ components: [Element]...) -> [Element] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ component: [Element]?) -> [Element] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [Element]) -> [Element] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [Element]) -> [Element] {
        component
    }

    /// A `for` loop.
    public static func buildArray(_ components: [[Element]]) -> [Element] {
        components.flatMap { $0 }
    }
}

/// Collects the top-level states of a chart, in the order written.
///
/// Accepts ``Atomic``, ``Compound``, ``Parallel`` and ``Final``, and `if`, `switch` and `for`
/// around them.
@resultBuilder
public enum ChartBuilder<State: Hashable & Sendable, Event: MachineEvent, Context>: ListBuilding {
    /// A state of the chart.
    public typealias Element = ChartElement<State, Event, Context>

    /// An atomic state.
    public static func buildExpression(_ state: Atomic<State, Event, Context>) -> [Element] {
        [Element(declaration: state.declaration)]
    }

    /// A compound state.
    public static func buildExpression(_ state: Compound<State, Event, Context>) -> [Element] {
        [Element(declaration: state.declaration)]
    }

    /// A parallel state.
    public static func buildExpression(_ state: Parallel<State, Event, Context>) -> [Element] {
        [Element(declaration: state.declaration)]
    }

    /// A final state.
    public static func buildExpression(_ state: Final<State, Event, Context>) -> [Element] {
        [Element(declaration: state.declaration)]
    }
}

/// Collects what is written inside an ``Atomic`` or ``Final`` state: transitions, entry and
/// exit actions, and done data, in the order written.
@resultBuilder
public enum StateBuilder<State: Hashable & Sendable, Event: MachineEvent, Context>: ListBuilding {
    /// Something written in a state.
    public typealias Element = StateElement<State, Event, Context>

    /// A transition on an event.
    public static func buildExpression(_ transition: On<State, Event, Context>) -> [Element] {
        [Element(storage: .transition(transition.declaration))]
    }

    /// An eventless transition.
    public static func buildExpression(_ transition: Always<State, Event, Context>) -> [Element] {
        [Element(storage: .transition(transition.declaration))]
    }

    /// A transition on the state's done event.
    public static func buildExpression(_ transition: OnDone<State, Event, Context>) -> [Element] {
        [Element(storage: .transition(transition.declaration))]
    }

    /// A delayed transition.
    public static func buildExpression(_ transition: After<State, Event, Context>) -> [Element] {
        [Element(storage: .transition(transition.declaration))]
    }

    /// An entry action.
    public static func buildExpression(_ entry: OnEntry<State, Event, Context>) -> [Element] {
        [Element(storage: .entry(entry.action), label: entry.label)]
    }

    /// An exit action.
    public static func buildExpression(_ exit: OnExit<State, Event, Context>) -> [Element] {
        [Element(storage: .exit(exit.action), label: exit.label)]
    }

    /// Done data, in a final state.
    public static func buildExpression(_ data: DoneData<State, Event, Context>) -> [Element] {
        [Element(storage: .doneData(data.make))]
    }
}

/// Collects what is written inside a ``Compound`` or ``Parallel`` state: child states,
/// transitions, an initial transition, and entry and exit actions, in the order written.
@resultBuilder
public enum CompoundBuilder<State: Hashable & Sendable, Event: MachineEvent, Context>: ListBuilding {
    /// Something written in a compound or parallel state.
    public typealias Element = StateElement<State, Event, Context>

    /// A transition, an entry or exit action: anything an atomic state may hold.
    public static func buildExpression(_ element: [Element]) -> [Element] {
        element
    }

    /// A transition on an event.
    public static func buildExpression(_ transition: On<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(transition)
    }

    /// An eventless transition.
    public static func buildExpression(_ transition: Always<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(transition)
    }

    /// A transition on the state's done event.
    public static func buildExpression(_ transition: OnDone<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(transition)
    }

    /// A delayed transition.
    public static func buildExpression(_ transition: After<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(transition)
    }

    /// An entry action.
    public static func buildExpression(_ entry: OnEntry<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(entry)
    }

    /// An exit action.
    public static func buildExpression(_ exit: OnExit<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(exit)
    }

    /// The initial transition.
    public static func buildExpression(_ initial: Initial<State, Event, Context>) -> [Element] {
        [Element(storage: .initial(initial.declaration))]
    }

    /// A child atomic state.
    public static func buildExpression(_ state: Atomic<State, Event, Context>) -> [Element] {
        [Element(storage: .child(state.declaration))]
    }

    /// A child compound state.
    public static func buildExpression(_ state: Compound<State, Event, Context>) -> [Element] {
        [Element(storage: .child(state.declaration))]
    }

    /// A child parallel state.
    public static func buildExpression(_ state: Parallel<State, Event, Context>) -> [Element] {
        [Element(storage: .child(state.declaration))]
    }

    /// A child final state.
    public static func buildExpression(_ state: Final<State, Event, Context>) -> [Element] {
        [Element(storage: .child(state.declaration))]
    }

    /// A history pseudo-state.
    public static func buildExpression(_ state: History<State, Event, Context>) -> [Element] {
        [Element(storage: .child(state.declaration))]
    }
}
