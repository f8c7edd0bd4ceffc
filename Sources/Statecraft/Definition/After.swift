/// A delayed transition: taken when its state has been active for a time, unless the state
/// was left first.
///
/// ```swift
/// Atomic(.showingToast) {
///     After(.seconds(2), to: .idle)
/// }
/// ```
///
/// Entering the state starts a timer on the machine's clock; leaving the state cancels it. When
/// the timer fires, the transition is taken if the machine is still in the state and the guard
/// allows. Time passes with ``Machine/advance(by:)``, or on a real clock in the async runtime.
/// Its guard and action receive no event (`nil`): a timer is not one of your events.
public struct After<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var declaration: TransitionDeclaration<State, Event, Context>

    /// A delayed transition.
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard that must return `true` when the timer fires.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        _ delay: Duration,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        declaration = TransitionDeclaration(
            trigger: .after(delay), targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: nil,
            location: SourceLocation(file, line)
        )
    }

    /// A delayed transition with an action, usually written as a trailing closure.
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard that must return `true` when the timer fires.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ delay: Duration,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        declaration = TransitionDeclaration(
            trigger: .after(delay), targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: .plain(action),
            location: SourceLocation(file, line)
        )
    }

    /// A delayed transition whose action may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard that must return `true` when the timer fires.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ delay: Duration,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        declaration = TransitionDeclaration(
            trigger: .after(delay), targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: .withEffects(action),
            location: SourceLocation(file, line)
        )
    }
}
