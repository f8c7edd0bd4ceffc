/// A state with no child states: the machine is in it, reacts to events with its transitions,
/// and runs its entry and exit actions.
///
/// ```swift
/// Atomic(.locked) {
///     OnEntry { context, _ in context.lockings += 1 }
///     On(.coin, to: .unlocked)
/// }
/// ```
public struct Atomic<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>

    /// Declares an atomic state.
    ///
    /// - Parameters:
    ///   - id: The state's identity; unique in the chart.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - content: The state's transitions and its entry and exit actions.
    public init(
        _ id: State,
        file: StaticString = #fileID,
        line: UInt = #line,
        @StateBuilder<State, Event, Context> _ content: () -> [StateElement<State, Event, Context>] = { [] }
    ) {
        declaration = StateDeclaration(id: id, kind: .atomic, elements: content(), location: SourceLocation(file, line))
    }
}

/// A final state: entering it makes its parent done, and at the top level of a chart it
/// finishes the machine.
///
/// Inside a compound state, entering a final child raises the parent's done event, which
/// ``OnDone`` transitions take, carrying the ``DoneData`` written here. At the top level, a
/// finished machine has ``MachineStatus/done`` status and rejects every later event with
/// ``RejectionCode/machineDone``. A final state may have entry and exit actions and done data,
/// but no transitions: one written inside it is a
/// `DefinitionError.Code.transitionFromFinalState`.
public struct Final<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>

    /// Declares a final state.
    ///
    /// - Parameters:
    ///   - id: The state's identity; unique in the chart.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - content: The state's entry and exit actions and its done data.
    public init(
        _ id: State,
        file: StaticString = #fileID,
        line: UInt = #line,
        @StateBuilder<State, Event, Context> _ content: () -> [StateElement<State, Event, Context>] = { [] }
    ) {
        declaration = StateDeclaration(id: id, kind: .final, elements: content(), location: SourceLocation(file, line))
    }
}
