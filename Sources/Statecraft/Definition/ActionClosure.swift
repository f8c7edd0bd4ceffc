/// An action as the engine stores it: one of the closure shapes the DSL accepts, kept as
/// written so that calling it costs one indirect call.
@usableFromInline
enum ActionClosure<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    /// Entry, exit, and actions of transitions not triggered by an event of yours: the event is
    /// `nil` when the trigger is not one of your events.
    case plain(ChartClosures<Context, Event>.StateAction)
    /// The action of an ``On`` transition, which always has an event of yours.
    case onEvent(ChartClosures<Context, Event>.Action)
    /// Any action that raises, sends or cancels events.
    case withEffects(ChartClosures<Context, Event>.EffectAction)

    /// Whether calling it may produce effects.
    var producesEffects: Bool {
        if case .withEffects = self { true } else { false }
    }
}

/// A guard as the engine stores it.
@usableFromInline
enum GuardClosure<Event: MachineEvent, Context>: Sendable {
    /// The guard of an ``On`` transition, which always has an event of yours.
    case onEvent(ChartClosures<Context, Event>.Guard)
    /// The guard of a transition that may have no event of yours (``Always``, ``OnDone``,
    /// ``After``).
    case plain(ChartClosures<Context, Event>.Condition)
}
