/// Transitions enabled only while some states are active, or are not: SCXML's `In()` and
/// XState's `stateIn`, written around the transitions they guard.
///
/// ```swift
/// Parallel(.player) {
///     Compound(.playback) {
///         Atomic(.playing) { On(.pause, to: .paused) }
///         Atomic(.paused) { On(.play, to: .playing) }
///     }
///     Compound(.volume) {
///         Atomic(.normal) {
///             When(in: .playing) {
///                 On(.louder, to: .loud)      // only while playing
///             }
///         }
///         Atomic(.loud) { On(.quieter, to: .normal) }
///     }
/// }
/// ```
///
/// The condition is read from the machine's own configuration when the transitions are
/// selected, before each transition's own guard, which runs only when the condition holds. A
/// transition inside nested `When`s needs all of their conditions.
public struct When<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let transitions: [TransitionDeclaration<State, Event, Context>]

    /// Transitions enabled only while every one of `states` is active.
    ///
    /// - Parameters:
    ///   - states: The states that must be active. A state the chart does not declare is a
    ///     ``DefinitionError`` (`DefinitionError.Code.unknownState`) when the chart is built.
    ///   - content: The transitions: ``On``, ``Always``, ``After``, ``OnDone``, or another `When`.
    public init(in states: State..., @TransitionBuilder<State, Event, Context> content: () -> [Element]) {
        transitions = content().map { element in
            var transition = element.declaration
            transition.requiredStates.append(contentsOf: states)
            return transition
        }
    }

    /// Transitions enabled only while none of `states` is active.
    ///
    /// - Parameters:
    ///   - states: The states that must not be active. A state the chart does not declare is a
    ///     ``DefinitionError`` (`DefinitionError.Code.unknownState`) when the chart is built.
    ///   - content: The transitions: ``On``, ``Always``, ``After``, ``OnDone``, or another `When`.
    public init(notIn states: State..., @TransitionBuilder<State, Event, Context> content: () -> [Element]) {
        transitions = content().map { element in
            var transition = element.declaration
            transition.excludedStates.append(contentsOf: states)
            return transition
        }
    }

    /// One transition of a ``When``.
    public typealias Element = TransitionElement<State, Event, Context>
}

/// A transition written inside a ``When``.
public struct TransitionElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: TransitionDeclaration<State, Event, Context>
}

/// Collects the transitions of a ``When``.
@resultBuilder
public enum TransitionBuilder<State: Hashable & Sendable, Event: MachineEvent, Context>: ListBuilding {
    /// One transition of a ``When``.
    public typealias Element = TransitionElement<State, Event, Context>

    /// An ``On`` transition.
    public static func buildExpression(_ transition: On<State, Event, Context>) -> [Element] {
        [Element(declaration: transition.declaration)]
    }

    /// An ``Always`` transition.
    public static func buildExpression(_ transition: Always<State, Event, Context>) -> [Element] {
        [Element(declaration: transition.declaration)]
    }

    /// An ``OnDone`` transition.
    public static func buildExpression(_ transition: OnDone<State, Event, Context>) -> [Element] {
        [Element(declaration: transition.declaration)]
    }

    /// An ``After`` transition.
    public static func buildExpression(_ transition: After<State, Event, Context>) -> [Element] {
        [Element(declaration: transition.declaration)]
    }

    /// A nested ``When``: its transitions need both conditions.
    public static func buildExpression(_ group: When<State, Event, Context>) -> [Element] {
        group.transitions.map { Element(declaration: $0) }
    }
}

extension StateBuilder {
    /// The transitions of a ``When``.
    public static func buildExpression(_ group: When<State, Event, Context>) -> [Element] {
        group.transitions.map { Element(storage: .transition($0)) }
    }
}

extension CompoundBuilder {
    /// The transitions of a ``When``.
    public static func buildExpression(_ group: When<State, Event, Context>) -> [Element] {
        StateBuilder.buildExpression(group)
    }
}
