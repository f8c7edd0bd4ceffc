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

/// An action as the engine holds it: actions that only update the context are called as they
/// were written, every other shape through its normalized form.
///
/// A struct rather than a bare closure in the array: an array's element is stored at the most
/// general abstraction, so a closure element would be called through a reabstraction thunk
/// (its `Void` result returned indirectly); a closure stored in a field of a generic struct is
/// called directly. Keeping the context-only closure apart saves the normalized wrapper's call.
@usableFromInline
struct ActionSlot<Event: MachineEvent, Context>: Sendable {
    /// The action when it only updates the context; `nil` otherwise.
    @usableFromInline let contextOnly: (@Sendable (inout Context) -> Void)?
    /// The action in its normalized shape, when it is not context-only.
    @usableFromInline let general: ChartClosures<Context, Event>.EffectAction?

    init<State>(_ action: ActionClosure<State, Event, Context>) {
        if case .contextOnly(let update) = action {
            contextOnly = update
            general = nil
        } else {
            contextOnly = nil
            general = action.normalized
        }
    }
}

/// A guard as the engine holds it, in a struct for the reason ``ActionSlot`` gives.
@usableFromInline
struct GuardSlot<Event: MachineEvent, Context>: Sendable {
    @usableFromInline let check: ChartClosures<Context, Event>.Condition

    init(_ check: @escaping ChartClosures<Context, Event>.Condition) {
        self.check = check
    }
}

/// The closures of a chart in the shape the engine calls, kept by every machine in a `let`
/// so that calling one needs no retain of its context.
@usableFromInline
struct ChartProgram<Event: MachineEvent, Context>: Sendable {
    /// Every action: entry, exit and transition actions.
    @usableFromInline let actions: ContiguousArray<ActionSlot<Event, Context>>
    /// Per transition, its guard; transitions without one hold a guard that allows.
    @usableFromInline let guards: ContiguousArray<GuardSlot<Event, Context>>
    /// The actions the general path's region steps run, each step's run in its order (see
    /// `RegionStep`): the actions themselves rather than their indices, one load fewer per call.
    @usableFromInline let regionSlots: ContiguousArray<ActionSlot<Event, Context>>
    /// The actions of the microstep plans, each plan's run in its order (see `MicrostepPlan`).
    @usableFromInline let planSlots: ContiguousArray<ActionSlot<Event, Context>>

    @usableFromInline
    init(
        actions: ContiguousArray<ActionSlot<Event, Context>>,
        guards: ContiguousArray<GuardSlot<Event, Context>>,
        regionSlots: ContiguousArray<ActionSlot<Event, Context>>,
        planSlots: ContiguousArray<ActionSlot<Event, Context>>
    ) {
        self.actions = actions
        self.guards = guards
        self.regionSlots = regionSlots
        self.planSlots = planSlots
    }

    /// Runs action `index`.
    @inlinable
    @inline(__always)
    func run(_ index: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        // Optional chaining calls the closure in place; binding it first would copy (retain) it.
        if actions[index].contextOnly?(&context) == nil {
            actions[index].general?(&context, event, &effects)
        }
    }

    /// Runs action `index` of a chart whose actions produce no effects.
    @inlinable
    @inline(__always)
    func run(_ index: Int, _ context: inout Context, _ event: Event?) {
        if actions[index].contextOnly?(&context) == nil {
            var none = Effects<Event>()
            actions[index].general?(&context, event, &none)
        }
    }

    /// Runs the action at `position` of `regionSlots`.
    @inlinable
    @inline(__always)
    func runRegion(_ position: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        if regionSlots[position].contextOnly?(&context) == nil {
            regionSlots[position].general?(&context, event, &effects)
        }
    }

    /// Runs the action at `position` of `regionSlots`, for a chart whose actions produce no
    /// effects.
    @inlinable
    @inline(__always)
    func runRegion(_ position: Int, _ context: inout Context, _ event: Event?) {
        if regionSlots[position].contextOnly?(&context) == nil {
            var none = Effects<Event>()
            regionSlots[position].general?(&context, event, &none)
        }
    }

    /// Runs the action at `position` of `planSlots`.
    @inlinable
    @inline(__always)
    func runPlan(_ position: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        if planSlots[position].contextOnly?(&context) == nil {
            planSlots[position].general?(&context, event, &effects)
        }
    }

    /// Runs the action at `position` of `planSlots`, for a chart whose actions produce no effects.
    @inlinable
    @inline(__always)
    func runPlan(_ position: Int, _ context: inout Context, _ event: Event?) {
        if planSlots[position].contextOnly?(&context) == nil {
            var none = Effects<Event>()
            planSlots[position].general?(&context, event, &none)
        }
    }

    /// Asks the guard of transition `index`.
    @inlinable
    @inline(__always)
    func check(_ index: Int, _ context: Context, _ event: Event?) throws -> Bool {
        try guards[index].check(context, event)
    }
}
