/// A transition, written inside a state: on an event of a kind, when its guard allows, go to
/// one or more target states and run an action.
///
/// ```swift
/// Atomic(.locked) {
///     On(\.coin, to: .unlocked, guard: { _, cents in cents >= 25 }) { till, cents in
///         till.cents += cents
///     }
///     On(.push)                                  // handled, but stays locked
/// }
/// ```
///
/// Name the event by its kind (`On(.push)`): the guard and the action receive the event. Or,
/// for an event type with ``PayloadCases`` (the `@MachineEvent` macro gives it), by its case
/// (`On(\.coin)`): they receive the case's payload, typed.
///
/// A transition with targets exits the states it leaves and enters its targets, even when a
/// target is its own source (unless `type` is ``TransitionType/internal`` and the targets are
/// inside a compound source). A transition without target runs its action and changes no
/// state. When several transitions could be taken for one event, the state deepest in the
/// hierarchy wins, then the first written.
public struct On<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var declaration: TransitionDeclaration<State, Event, Context>

    private init(
        _ kind: Event.Kind, _ targets: [State], _ type: TransitionType,
        _ condition: GuardClosure<Event, Context>?, _ action: ActionClosure<State, Event, Context>?,
        _ file: StaticString, _ line: UInt
    ) {
        declaration = TransitionDeclaration(
            trigger: .event(kind), targets: targets, type: type,
            condition: condition, action: action,
            location: SourceLocation(file, line)
        )
    }

    /// A transition without an action.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        _ kind: Event.Kind,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(kind, target.map { [$0] } ?? [], type, condition.map { .onEvent($0) }, nil, file, line)
    }

    /// A transition with an action, usually written as a trailing closure.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ kind: Event.Kind,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event>
    ) {
        self.init(kind, target.map { [$0] } ?? [], type, condition.map { .onEvent($0) }, .onEvent(action), file, line)
    }

    /// A transition whose action may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ kind: Event.Kind,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event>
    ) {
        self.init(kind, target.map { [$0] } ?? [], type, condition.map { .onEvent($0) }, .onEvent(effects: action), file, line)
    }

    /// A transition into several states at once, such as one state in each region of a
    /// ``Parallel`` state.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init(
        _ kind: Event.Kind,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(kind, targets, type, condition.map { .onEvent($0) }, nil, file, line)
    }

    /// A transition into several states at once, with an action.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ kind: Event.Kind,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event>
    ) {
        self.init(kind, targets, type, condition.map { .onEvent($0) }, .onEvent(action), file, line)
    }

    /// A transition into several states at once, with an action that may also raise, send or
    /// cancel events.
    ///
    /// - Parameters:
    ///   - kind: The kind of event that triggers it; the guard and the action receive the event.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init(
        _ kind: Event.Kind,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Event>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event>
    ) {
        self.init(kind, targets, type, condition.map { .onEvent($0) }, .onEvent(effects: action), file, line)
    }
}

extension On where Event: PayloadCases {
    /// A transition without an action.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, target.map { [$0] } ?? [], type, .onPayload(eventCase, condition ?? { _, _ in true }), nil, file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition with an action, usually written as a trailing closure.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, target.map { [$0] } ?? [], type, .onPayload(eventCase, condition ?? { _, _ in true }), .onPayload(eventCase, action), file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition whose action may also raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - target: The state to go to, or `nil` to change no state.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        to target: State? = nil,
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, target.map { [$0] } ?? [], type, .onPayload(eventCase, condition ?? { _, _ in true }), .onPayload(eventCase, effects: action), file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition into several states at once, such as one state in each region of a
    /// ``Parallel`` state.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, targets, type, .onPayload(eventCase, condition ?? { _, _ in true }), nil, file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition into several states at once, with an action.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, targets, type, .onPayload(eventCase, condition ?? { _, _ in true }), .onPayload(eventCase, action), file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }

    /// A transition into several states at once, with an action that may also raise, send or
    /// cancel events.
    ///
    /// - Parameters:
    ///   - eventCase: The case of event that triggers it (`\.coin`); the guard and the action
    ///     receive its payload.
    ///   - targets: The states to enter; no two may be in the same region.
    ///   - type: Whether a transition into its own compound source exits that source.
    ///   - condition: A guard that must return `true` for the transition to be taken.
    ///   - file: Where the transition is written; filled in for you.
    ///   - line: Where the transition is written; filled in for you.
    ///   - action: Runs after the exit actions and before the entry actions.
    public init<Payload>(
        _ eventCase: KeyPath<Event.Cases, EventCase<Event, Payload>>,
        targets: [State],
        type: TransitionType = .external,
        guard condition: ChartClosures<Context, Event>.Guard<Payload>? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Payload>
    ) {
        let eventCase = Event.cases[keyPath: eventCase]
        self.init(eventCase.kind, targets, type, .onPayload(eventCase, condition ?? { _, _ in true }), .onPayload(eventCase, effects: action), file, line)
        declaration.guardOnlyMatchesCase = condition == nil
    }
}
