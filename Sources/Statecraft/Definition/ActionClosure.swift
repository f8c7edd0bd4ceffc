/// An action as the DSL received it, in one of the closure shapes it accepts.
@usableFromInline
package enum ActionClosure<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    /// Entry, exit, and actions of transitions not triggered by an event of yours: the event is
    /// `nil` when the trigger is not one of your events.
    case plain(ChartClosures<Context, Event>.StateAction)
    /// An action that only updates the context.
    case contextOnly(@Sendable (inout Context) -> Void)
    /// An action that needs neither context nor event.
    case noArguments(@Sendable () -> Void)
    /// The action of an ``On`` transition, which always has an event of yours.
    case onEvent(ChartClosures<Context, Event>.Action)
    /// Any action that raises, sends or cancels events.
    case withEffects(ChartClosures<Context, Event>.EffectAction)

    /// Whether calling it may produce effects.
    var producesEffects: Bool {
        if case .withEffects = self { true } else { false }
    }

    /// The action in the one shape the engine calls.
    var normalized: ChartClosures<Context, Event>.EffectAction {
        switch self {
        case .plain(let action): { context, event, _ in action(&context, event) }
        case .contextOnly(let action): { context, _, _ in action(&context) }
        case .noArguments(let action): { _, _, _ in action() }
        case .onEvent(let action): { context, event, _ in if let event { action(&context, event) } }
        case .withEffects(let action): action
        }
    }
}

/// A guard as the DSL received it.
@usableFromInline
package enum GuardClosure<Event: MachineEvent, Context>: Sendable {
    /// The guard of an ``On`` transition, which always has an event of yours.
    case onEvent(ChartClosures<Context, Event>.Guard)
    /// The guard of a transition that may have no event of yours (``Always``, ``OnDone``,
    /// ``After``).
    case plain(ChartClosures<Context, Event>.Condition)

    /// The guard in the one shape the engine calls. An ``On`` guard is only asked about events
    /// of yours; without one it declines.
    var normalized: ChartClosures<Context, Event>.Condition {
        switch self {
        case .onEvent(let condition): { context, event in
            guard let event else { return false }
            return try condition(context, event)
        }
        case .plain(let condition): condition
        }
    }
}

/// The closures of a chart in the shape the engine calls, kept by every machine in a `let`
/// so that calling one needs no retain of its context.
@usableFromInline
struct ChartProgram<Event: MachineEvent, Context>: Sendable {
    /// Every action: entry, exit and transition actions.
    @usableFromInline let actions: ContiguousArray<ChartClosures<Context, Event>.EffectAction>
    /// Per transition, its guard; transitions without one hold a guard that allows.
    @usableFromInline let guards: ContiguousArray<ChartClosures<Context, Event>.Condition>

    @usableFromInline
    init(
        actions: ContiguousArray<ChartClosures<Context, Event>.EffectAction>,
        guards: ContiguousArray<ChartClosures<Context, Event>.Condition>
    ) {
        self.actions = actions
        self.guards = guards
    }

    /// Runs action `index`.
    @inlinable
    @inline(__always)
    func run(_ index: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        actions[index](&context, event, &effects)
    }

    /// Asks the guard of transition `index`.
    @inlinable
    @inline(__always)
    func check(_ index: Int, _ context: Context, _ event: Event?) throws -> Bool {
        try guards[index](context, event)
    }
}
