/// The general path for an event of yours: SCXML's `selectTransitions` over the table, and,
/// when every transition selected is a simple ``RegionStep``, a microstep that runs the steps'
/// precomputed exits, actions and entries instead of computing exit and entry sets.
extension Machine {
    /// One macrostep for an event of yours (SCXML's external event): select, take, run to
    /// completion. The same as `processExternal(.event(event), strict: true)`, faster.
    @inlinable
    @inline(__always)
    mutating func processEvent(_ event: Event) -> SendResult<State, Event.Kind> {
        // Plans and region steps do not record state changes; the general path does.
        guard chart.runsRegionSteps, !space.recordsChanges, let column = chart.kinds.index(of: event.kind) else {
            return processExternal(.event(event), strict: true)
        }
        let configuration = words
        if chart.setWords == 1, let planIndex = chart.plan(in: configuration[0], column: column) {
            return takePlan(planIndex, event)
        }
        // SCXML's selectTransitions: for each active atomic state in document order, its first
        // enabled candidate. The positions of the chosen steps go to `space.chosen`.
        var chosen = 0
        var sawCandidate = false
        var allSimple = true
        for word in 0 ..< chart.setWords {
            var leaves = configuration[word] & chart.atomicMask.withUnsafeBufferPointer { $0[word] }
            while leaves != 0 {
                let leaf = word &<< 6 | leaves.trailingZeroBitCount
                leaves &= leaves &- 1
                let cell = chart.table.cell(state: leaf, event: column)
                var position = cell.lowerBound
                while position < cell.upperBound {
                    sawCandidate = true
                    let flags = chart.regionSteps.withUnsafeBufferPointer { $0[position].flags }
                    if flags & RegionStep.guarded != 0 {
                        let transition = Int(chart.regionSteps.withUnsafeBufferPointer { $0[position].transition })
                        do {
                            guard try isEnabled(transition, .event(event), strict: true) else {
                                position &+= 1
                                continue
                            }
                        } catch {
                            return .rejected(Rejection(
                                code: .guardFailed, state: state, eventKind: event.kind,
                                underlying: error, location: chart.location(ofTransition: transition)
                            ))
                        }
                    }
                    space.chosen[chosen] = Int32(position)
                    chosen &+= 1
                    if flags & RegionStep.simple == 0 { allSimple = false }
                    break
                }
            }
        }
        guard chosen > 0 else {
            // As on the general path: the macrostep still runs, for eventless transitions and
            // for error events raised by guards that threw.
            let rejection = Rejection(code: sawCandidate ? .guardsDeclined : .noTransition, state: state, eventKind: event.kind)
            if chart.hasEventless || space.internalHead < space.internalQueue.count { runToCompletion() }
            return .rejected(rejection)
        }
        space.chosenCount = chosen
        guard allSimple else { return takeChosen(.event(event)) }
        let first = chart.regionSteps.withUnsafeBufferPointer { $0[Int(space.chosen[0])] }
        let source = chart.state(Int(first.source))
        let result: SendResult<State, Event.Kind> = first.target >= 0
            ? .transitioned(from: source, to: chart.state(Int(first.target)))
            : .handled(in: source)
        takeSimpleSteps(count: chosen, event: event)
        assert(checkInvariants())
        if chart.hasEventless || space.internalHead < space.internalQueue.count { runToCompletion() }
        return result
    }

    /// The end of selection when some chosen step is not simple: the chosen positions become
    /// the transitions they take, once each, conflicts removed, and the general microstep runs.
    @inlinable
    mutating func takeChosen(_ trigger: Trigger<Event>) -> SendResult<State, Event.Kind> {
        var kept = 0
        for index in 0 ..< space.chosenCount {
            let transition = chart.regionSteps.withUnsafeBufferPointer { $0[Int(space.chosen[index])].transition }
            if !UnsafeBufferPointer(start: space.chosen, count: kept).contains(transition) {
                space.chosen[kept] = transition
                kept &+= 1
            }
        }
        space.chosenCount = kept
        if kept > 1 { removeConflictingTransitions() }
        let first = chart.transitions[Int(enabled[0])]
        let source = chart.state(Int(first.source))
        let result: SendResult<State, Event.Kind> = first.targetCount > 0
            ? .transitioned(from: source, to: chart.state(Int(chart.targets[Int(first.targetStart)])))
            : .handled(in: source)
        microstep(event: trigger.userEvent)
        runToCompletion()
        return result
    }

    /// SCXML's microstep for simple steps, whose domains are disjoint and ordered as the steps:
    /// exits in reverse document order (the last step's first, each from its atomic state up),
    /// the transitions' actions in order, entries in document order; then the listener.
    ///
    /// The configuration is updated after every action rather than state by state: actions see
    /// the configuration the microstep was selected in (`Effects.isActive(_:)`), as on the
    /// general path, so no one can tell.
    @inlinable
    @inline(__always)
    mutating func takeSimpleSteps(count: Int, event: Event) {
        noteSelectedConfiguration()
        let chosen = space.chosen
        let effects = chart.usesEffects
        var index = count
        while index > 0 {
            index &-= 1
            let step = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])] }
            if step.exitActionCount > 0 {
                runRegionActions(step.exitActionStart, step.exitActionCount, backward: step.flags & RegionStep.backward != 0, effects, event)
            }
        }
        for index in 0 ..< count {
            let action = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])].action }
            if action >= 0 {
                if effects { runAction(Int(action), event: event) } else { program.run(Int(action), &storedContext, event) }
            }
        }
        for index in 0 ..< count {
            let step = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])] }
            if step.entryActionCount > 0 {
                runRegionActions(step.entryActionStart, step.entryActionCount, backward: step.flags & RegionStep.backward != 0, effects, event)
            }
        }
        updateConfiguration(count: count)
        if onTransition != nil {
            for index in 0 ..< count {
                let step = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])] }
                notify(chart.state(Int(step.source)), step.target >= 0 ? chart.state(Int(step.target)) : nil, event)
            }
        }
    }

    /// Takes the chosen simple steps' exits and entries out of and into the configuration.
    ///
    /// After every action of the microstep rather than state by state, as SCXML writes it:
    /// actions read the configuration the microstep was selected in, never this one, so no one
    /// can tell.
    @inlinable
    @inline(__always)
    func updateConfiguration(count: Int) {
        let configuration = words
        let chosen = space.chosen
        if chart.setWords == 1 {
            var word = configuration[0]
            for index in 0 ..< count {
                let step = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])] }
                word = word & ~step.exitBits | step.entryBits
            }
            configuration[0] = word
            return
        }
        for index in 0 ..< count {
            let step = chart.regionSteps.withUnsafeBufferPointer { $0[Int(chosen[index])] }
            chart.regionNodes.withUnsafeBufferPointer { nodes in
                for position in Int(step.exitStart) ..< Int(step.exitStart) &+ Int(step.exitCount) {
                    StateSet.remove(configuration, Int(nodes[position]))
                }
                for position in Int(step.entryStart) ..< Int(step.entryStart) &+ Int(step.entryCount) {
                    StateSet.insert(configuration, Int(nodes[position]))
                }
            }
        }
    }

    /// Runs a run of `program.regionSlots`, from a second copy of the loop for backward steps (see
    /// `runLeafActions(_:_:)` for why).
    @inlinable
    @inline(__always)
    mutating func runRegionActions(_ start: Int32, _ count: UInt16, backward: Bool, _ effects: Bool, _ event: Event) {
        let start = Int(start)
        let end = start &+ Int(count)
        if !backward {
            var position = start
            while position < end {
                runRegionAction(position, effects, event)
                position &+= 1
            }
        } else {
            var position = end
            while position > start {
                position &-= 1
                runRegionAction(position, effects, event)
            }
        }
    }

    /// Runs the action at `position` of `program.regionSlots`: a context-only action directly, any other
    /// with the workspace's effects when the chart has actions that produce some.
    @inlinable
    @inline(__always)
    mutating func runRegionAction(_ position: Int, _ effects: Bool, _ event: Event) {
        // Through the program, whose closures a call cannot release: called from here, where
        // the context is part of `self`, each closure was retained around its call.
        if effects {
            program.runRegion(position, &storedContext, event, &space.effects)
            if !space.effects.items.isEmpty { applyEffects() }
        } else {
            program.runRegion(position, &storedContext, event)
        }
    }
}
