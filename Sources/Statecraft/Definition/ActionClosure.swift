/// An action as the DSL received it, in the shape the engine calls: two arguments, or three
/// when it produces effects. The DSL's other inputs (the event itself, a case's payload) are
/// adapted here.
@usableFromInline
package enum ActionClosure<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    /// An action on the context and the event being processed (`nil` when the trigger is not an
    /// event of yours).
    case plain(ChartClosures<Context, Event>.Action<Event?>)
    /// Any action that raises, sends or cancels events.
    case withEffects(ChartClosures<Context, Event>.EffectAction<Event?>)
    /// The action of an ``On`` transition, which always has an event of yours: kept as written,
    /// so that the engine calls it directly with the event rather than through a wrapper that
    /// unwraps an optional event of a generic type (which looks up type metadata at each call).
    case onEventOnly(ChartClosures<Context, Event>.Action<Event>)

    /// The action of an ``On`` transition, which always has an event of yours.
    static func onEvent(_ action: @escaping ChartClosures<Context, Event>.Action<Event>) -> Self {
        .onEventOnly(action)
    }

    /// The effects action of an ``On`` transition.
    static func onEvent(effects action: @escaping ChartClosures<Context, Event>.EffectAction<Event>) -> Self {
        .withEffects { context, event, effects in if let event { action(&context, event, &effects) } }
    }

    /// An action on the payload of one case: it runs only for an event of that case.
    static func onPayload<Payload>(
        _ eventCase: EventCase<Event, Payload>, _ action: @escaping ChartClosures<Context, Event>.Action<Payload>
    ) -> Self {
        let extract = eventCase.extract
        return .plain { context, event in
            if let event, let payload = extract(event) { action(&context, payload) }
        }
    }

    /// An effects action on the payload of one case.
    static func onPayload<Payload>(
        _ eventCase: EventCase<Event, Payload>,
        effects action: @escaping ChartClosures<Context, Event>.EffectAction<Payload>
    ) -> Self {
        let extract = eventCase.extract
        return .withEffects { context, event, effects in
            if let event, let payload = extract(event) { action(&context, payload, &effects) }
        }
    }

    /// Whether calling it may produce effects.
    var producesEffects: Bool {
        if case .withEffects = self { true } else { false }
    }
}

/// A guard as the DSL received it.
@usableFromInline
package enum GuardClosure<Event: MachineEvent, Context>: Sendable {
    /// The guard of an ``On`` transition, which always has an event of yours.
    case onEvent(ChartClosures<Context, Event>.Guard<Event>)
    /// The guard of a transition that may have no event of yours (``Always``, ``OnDone``,
    /// ``After``).
    case plain(ChartClosures<Context, Event>.Guard<Event?>)

    /// A guard on the payload of one case: it declines an event of any other case. A
    /// transition written with a case always has one, so that it is never taken for an event
    /// (or done data) its case does not match.
    static func onPayload<Payload>(
        _ eventCase: EventCase<Event, Payload>, _ condition: @escaping ChartClosures<Context, Event>.Guard<Payload>
    ) -> Self {
        let extract = eventCase.extract
        return .plain { context, event in
            guard let event, let payload = extract(event) else { return false }
            return try condition(context, payload)
        }
    }
}

/// An action as the engine holds it: two-argument actions are called as they were written,
/// effects actions in their own field.
///
/// A struct rather than a bare closure in the array: an array's element is stored at the most
/// general abstraction, so a closure element would be called through a reabstraction thunk
/// (its `Void` result returned indirectly); a closure stored in a field of a generic struct is
/// called directly. Keeping the two-argument closure apart saves a wrapper's call.
@usableFromInline
struct ActionSlot<Event: MachineEvent, Context>: Sendable {
    /// The action when it takes two arguments; `nil` otherwise.
    @usableFromInline let plain: ChartClosures<Context, Event>.Action<Event?>?
    /// The action when it produces effects; `nil` otherwise.
    @usableFromInline let general: ChartClosures<Context, Event>.EffectAction<Event?>?
    /// The action when it runs only for an event of yours (an ``On`` transition's); `nil`
    /// otherwise.
    @usableFromInline let onEvent: ChartClosures<Context, Event>.Action<Event>?

    init<State>(_ action: ActionClosure<State, Event, Context>) {
        switch action {
        case .plain(let update):
            plain = update
            general = nil
            onEvent = nil
        case .withEffects(let run):
            plain = nil
            general = run
            onEvent = nil
        case .onEventOnly(let update):
            plain = nil
            general = nil
            onEvent = update
        }
    }
}

/// A guard as the engine holds it, in a struct for the reason ``ActionSlot`` gives.
@usableFromInline
struct GuardSlot<Event: MachineEvent, Context>: Sendable {
    /// The guard when it may be asked without an event of yours; `nil` otherwise.
    @usableFromInline let plain: ChartClosures<Context, Event>.Guard<Event?>?
    /// The guard of an ``On`` transition, asked only with an event of yours (without one, it
    /// declines): called directly, as ``ActionSlot/onEvent`` is.
    @usableFromInline let onEvent: ChartClosures<Context, Event>.Guard<Event>?

    /// The slot of a transition's guard; a transition without one allows.
    init(_ condition: GuardClosure<Event, Context>?) {
        switch condition {
        case .onEvent(let check)?:
            plain = nil
            onEvent = check
        case .plain(let check)?:
            plain = check
            onEvent = nil
        case nil:
            plain = { @Sendable _, _ in true }
            onEvent = nil
        }
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
    /// The actions of the leaf path's steps, each step's run in its order (see `LeafStep`).
    @usableFromInline let leafSlots: ContiguousArray<ActionSlot<Event, Context>>

    @usableFromInline
    init(
        actions: ContiguousArray<ActionSlot<Event, Context>>,
        guards: ContiguousArray<GuardSlot<Event, Context>>,
        regionSlots: ContiguousArray<ActionSlot<Event, Context>>,
        planSlots: ContiguousArray<ActionSlot<Event, Context>>,
        leafSlots: ContiguousArray<ActionSlot<Event, Context>>
    ) {
        self.actions = actions
        self.guards = guards
        self.regionSlots = regionSlots
        self.planSlots = planSlots
        self.leafSlots = leafSlots
    }

    /// Runs action `index`.
    @inlinable
    @inline(__always)
    func run(_ index: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        Self.run(actions, index, &context, event, &effects)
    }

    /// Runs action `index` of a chart whose actions produce no effects.
    @inlinable
    @inline(__always)
    func run(_ index: Int, _ context: inout Context, _ event: Event?) {
        Self.run(actions, index, &context, event)
    }

    /// Runs the action at `position` of `regionSlots`.
    @inlinable
    @inline(__always)
    func runRegion(_ position: Int, _ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) {
        Self.run(regionSlots, position, &context, event, &effects)
    }

    /// Runs the action at `position` of `regionSlots`, for a chart whose actions produce no
    /// effects.
    @inlinable
    @inline(__always)
    func runRegion(_ position: Int, _ context: inout Context, _ event: Event?) {
        Self.run(regionSlots, position, &context, event)
    }

    /// Runs the action at `position` of `planSlots`.
    @inlinable
    @inline(__always)
    func runPlan(_ position: Int, _ context: inout Context, _ event: Event, _ effects: inout Effects<Event>) {
        Self.run(planSlots, position, &context, event, &effects)
    }

    /// Runs the action at `position` of `planSlots`, for a chart whose actions produce no effects.
    @inlinable
    @inline(__always)
    func runPlan(_ position: Int, _ context: inout Context, _ event: Event) {
        Self.run(planSlots, position, &context, event)
    }

    /// Runs the action at `position` of `leafSlots`, for the leaf path, whose charts have no
    /// action that produces effects.
    @inlinable
    @inline(__always)
    func runLeaf(_ position: Int, _ context: inout Context, _ event: Event) {
        Self.run(leafSlots, position, &context, event)
    }

    /// Runs the action at `position` of `slots`: its two-argument closure, else its closure
    /// for an event of yours (when there is one), else its effects closure. Each is called
    /// through optional chaining, in place: binding it first would copy (retain) it.
    @inlinable
    @inline(__always)
    static func run(
        _ slots: ContiguousArray<ActionSlot<Event, Context>>, _ position: Int, _ context: inout Context, _ event: Event?,
        _ effects: inout Effects<Event>
    ) {
        if slots[position].plain?(&context, event) == nil {
            if let event, slots[position].onEvent?(&context, event) != nil { return }
            slots[position].general?(&context, event, &effects)
        }
    }

    /// Runs the action at `position` of `slots`, for a chart whose actions produce no effects.
    @inlinable
    @inline(__always)
    static func run(_ slots: ContiguousArray<ActionSlot<Event, Context>>, _ position: Int, _ context: inout Context, _ event: Event?) {
        if slots[position].plain?(&context, event) == nil {
            if let event, slots[position].onEvent?(&context, event) != nil { return }
            var none = Effects<Event>()
            slots[position].general?(&context, event, &none)
        }
    }

    /// Runs the action at `position` of `slots` for an event of yours (the leaf and plan
    /// paths always have one): as the other `run`, with the event made optional only for the
    /// closures that take it so, which saves a test per call.
    @inlinable
    @inline(__always)
    static func run(
        _ slots: ContiguousArray<ActionSlot<Event, Context>>, _ position: Int, _ context: inout Context, _ event: Event,
        _ effects: inout Effects<Event>
    ) {
        if slots[position].plain?(&context, event) == nil, slots[position].onEvent?(&context, event) == nil {
            slots[position].general?(&context, event, &effects)
        }
    }

    /// Runs the action at `position` of `slots` for an event of yours, for a chart whose
    /// actions produce no effects.
    @inlinable
    @inline(__always)
    static func run(_ slots: ContiguousArray<ActionSlot<Event, Context>>, _ position: Int, _ context: inout Context, _ event: Event) {
        if slots[position].plain?(&context, event) == nil, slots[position].onEvent?(&context, event) == nil {
            var none = Effects<Event>()
            slots[position].general?(&context, event, &none)
        }
    }

    /// Asks the guard of transition `index`.
    @inlinable
    @inline(__always)
    func check(_ index: Int, _ context: Context, _ event: Event?) throws -> Bool {
        if let allowed = try guards[index].plain?(context, event) { return allowed }
        guard let event else { return false }
        return try guards[index].onEvent?(context, event) ?? false
    }
}
