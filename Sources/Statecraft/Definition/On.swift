/// A transition, written inside a state: on an event of a kind, when its guard allows, go to a
/// target state and run an action.
///
/// ```swift
/// Atomic(.locked) {
///     On(.coin, to: .unlocked) { context, _ in context.coins += 1 }
///     On(.push)                                  // handled, but stays locked
/// }
/// ```
///
/// A transition with a target exits the source state and enters the target, even when the two
/// are the same state. A transition without a target (`to: nil`) runs its action and leaves
/// the state as it is: no exit, no entry. When several transitions of one state match an
/// event, the first, in the order written, whose guard allows is taken.
public struct On<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: TransitionDeclaration<State, Event, Context>

    /// A transition without an action.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it.
    ///   - target: The state to go to, or `nil` to stay in the state without exiting it.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        _ kind: Event.Kind,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        declaration = TransitionDeclaration(
            kind: kind, target: target, condition: condition, action: nil,
            location: SourceLocation(file, line)
        )
    }

    /// A transition with an action, usually written as a trailing closure.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it.
    ///   - target: The state to go to, or `nil` to stay in the state without exiting it.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the source's exit actions and before the target's entry actions.
    public init(
        _ kind: Event.Kind,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action
    ) {
        declaration = TransitionDeclaration(
            kind: kind, target: target, condition: condition, action: action,
            location: SourceLocation(file, line)
        )
    }
}

/// A transition as the builder collected it, before validation.
struct TransitionDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var kind: Event.Kind
    var target: State?
    var condition: ChartClosures<Context, Event>.Guard?
    var action: ChartClosures<Context, Event>.Action?
    var location: SourceLocation
}
