/// An eventless transition: taken as soon as the machine is in its state and its guard allows,
/// before the next event is processed.
///
/// ```swift
/// Atomic(.checking) {
///     Always(to: .approved, guard: { order, _ in order.total < 100 })
///     Always(to: .review)
/// }
/// ```
///
/// Its guard and action receive the event being processed when one of yours is (`nil` at
/// start, after a timer, or after a done event).
///
/// Eventless transitions are checked after every microstep, so a chain of them runs within one
/// macrostep. A chain that never settles is cut after ``Machine/microstepLimit`` microsteps and
/// reported in ``Machine/lastFault``.
public struct Always<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var declaration: TransitionDeclaration<State, Event, Context>

    /// An eventless transition.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state (then the guard must turn
    ///     false, or the transition repeats until the microstep limit).
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(eventlessTo: target.map { [$0] } ?? [], type: type, condition: condition, action: nil, file: file, line: line)
    }

    /// An eventless transition with an action, usually written as a trailing closure.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state (then the guard must turn
    ///     false, or the transition repeats until the microstep limit).
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        self.init(eventlessTo: target.map { [$0] } ?? [], type: type, condition: condition, action: .plain(action), file: file, line: line)
    }

    /// An eventless transition whose action may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state (then the guard must turn
    ///     false, or the transition repeats until the microstep limit).
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init(eventlessTo: target.map { [$0] } ?? [], type: type, condition: condition, action: .withEffects(action), file: file, line: line)
    }

    /// An eventless transition to several states at once, one in each of some parallel regions
    /// (SCXML's `<transition target="a b">` without `event`).
    ///
    /// - Parameters:
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(eventlessTo: targets, type: type, condition: condition, action: nil, file: file, line: line)
    }

    /// An eventless transition to several states at once with an action that may also raise,
    /// send or cancel events.
    ///
    /// - Parameters:
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init(eventlessTo: targets, type: type, condition: condition, action: .withEffects(action), file: file, line: line)
    }

    /// The one place an eventless transition is declared: every initializer above calls it.
    private init(
        eventlessTo targets: [State], type: TransitionType, condition: ChartClosures<Context, Event>.Guard<Event?>?,
        action: ActionClosure<State, Event, Context>?, file: StaticString, line: UInt
    ) {
        declaration = TransitionDeclaration(
            trigger: .eventless, targets: targets, type: type, condition: condition.map { .plain($0) }, action: action,
            location: SourceLocation(file, line)
        )
    }
}

/// A transition taken when the state it is written in is done: a compound state whose active
/// child is final, or a parallel state all of whose regions are done (SCXML's
/// `done.state.<id>` event).
///
/// ```swift
/// Compound(.checkout) {
///     Atomic(.paying) { On(.paid, to: .receipt) }
///     Final(.receipt) { DoneData { order in .receipt(total: order.total) } }
///     OnDone(\.receipt, to: .thanks) { order, total in order.charged = total }
/// }
/// ```
///
/// The done data is what the final state's ``DoneData`` gives, one of your events: `OnDone()`
/// receives it as `Event?` (`nil` when the final state gives none); `OnDone(\.case)`, for an
/// event type with ``PayloadCases``, receives that case's payload, typed, and is not taken when
/// the data is of another case or missing.
public struct OnDone<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var declaration: TransitionDeclaration<State, Event, Context>

    /// A transition on the state's done event.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the done data that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: nil,
            location: SourceLocation(file, line)
        )
    }

    /// A transition on the state's done event with an action, usually written as a trailing
    /// closure.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the done data that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: .plain(action),
            location: SourceLocation(file, line)
        )
    }

    /// A transition on the state's done event whose action may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the done data that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Event?>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: condition.map { .plain($0) }, action: .withEffects(action),
            location: SourceLocation(file, line)
        )
    }
}

extension OnDone where Event: PayloadCases {
    /// A transition on the state's done event when its data is of one case.
    ///
    /// - Parameters:
    ///   - eventCase: The case the done data must be of (`\.receipt`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the payload that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: .onPayload(eventCase, condition ?? { _, _ in true }), action: nil,
            location: SourceLocation(file, line)
        )
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition on the state's done event when its data is of one case, with an action
    /// that receives the payload.
    ///
    /// - Parameters:
    ///   - eventCase: The case the done data must be of (`\.receipt`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the payload that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: .onPayload(eventCase, condition ?? { _, _ in true }), action: .onPayload(eventCase, action),
            location: SourceLocation(file, line)
        )
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition on the state's done event when its data is of one case, with an action
    /// that may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - eventCase: The case the done data must be of (`\.receipt`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - condition: A guard on the payload that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        declaration = TransitionDeclaration(
            trigger: .done, targets: target.map { [$0] } ?? [], type: .external,
            condition: .onPayload(eventCase, condition ?? { _, _ in true }), action: .onPayload(eventCase, effects: action),
            location: SourceLocation(file, line)
        )
        declaration.guardOnlyMatchesCase = condition == nil
    }
}
