/// Entering states (SCXML's `enterStates` and `computeEntrySet`), done events, and running a
/// macrostep to completion.
extension Machine {
    /// SCXML's `enterStates` for the transitions in `enabled`: computes the entry set (from the
    /// masks precomputed for transitions that target no history state), then enters it in
    /// document order.
    @inlinable
    mutating func enterStates(trigger: Trigger<Event>?) {
        let words = chart.setWords
        let configuration = set(MachineSets.configuration)
        let toEnter = set(MachineSets.toEnter)
        let defaultEntry = set(MachineSets.defaultEntry)
        clearSet(MachineSets.toEnter)
        clearSet(MachineSets.defaultEntry)
        if !space.touchedHistoryActions.isEmpty {
            for node in space.touchedHistoryActions { space.defaultHistoryAction[Int(node)] = -1 }
            space.touchedHistoryActions.removeAll(keepingCapacity: true)
        }
        var dynamic = false
        for transition in enabled {
            let info = chart.transitions[Int(transition)]
            guard info.targetCount > 0 else { continue }
            if info.hasStaticEntry {
                if chart.entryMasks.isEmpty {
                    // A large chart keeps paths only: the states entered, one at a time.
                    let start = Int(chart.entryPathStart[Int(transition)])
                    let end = Int(chart.entryPathStart[Int(transition) &+ 1])
                    for position in start ..< end {
                        let entry = Int(chart.entryPaths[position])
                        StateSet.insert(toEnter, entry >> 1)
                        if entry & 1 != 0 { StateSet.insert(defaultEntry, entry >> 1) }
                    }
                } else {
                    let mask = Int(transition) &* 2 &* words
                    for word in 0 ..< words {
                        toEnter[word] |= chart.entryMasks[mask &+ word]
                        defaultEntry[word] |= chart.entryMasks[mask &+ words &+ word]
                    }
                }
            } else {
                dynamic = true
            }
        }
        if dynamic { computeDynamicEntrySets() }
        let event = trigger?.userEvent
        let count = chart.nodes.count
        var next = StateSet.next(toEnter, from: 1, below: count)
        while let entering = next {
            let info = chart.nodes[entering]
            StateSet.insert(configuration, entering)
            noteEntry(entering)
            info.forEachEntryAction(byDefault: StateSet.contains(defaultEntry, entering), transitions: chart.transitions) {
                runAction($0, event: event)
            }
            if dynamic {
                let historyDefault = Int(space.defaultHistoryAction[entering])
                if historyDefault >= 0, chart.transitions[historyDefault].action >= 0 {
                    runAction(Int(chart.transitions[historyDefault].action), event: event)
                }
            }
            if info.hasTimers { startTimers(of: entering) }
            if info.kind == .final { reachedFinal(entering) }
            next = StateSet.next(toEnter, from: entering &+ 1, below: count)
        }
    }

    /// SCXML's `computeEntrySet` for the enabled transitions that target history states.
    @usableFromInline
    mutating func computeDynamicEntrySets() {
        var scratch = RuntimeEntryScratch(space: space)
        for transition in enabled where !chart.transitions[Int(transition)].hasStaticEntry {
            chart.topology.computeEntrySet(Int(transition), into: &scratch)
        }
    }

    /// A final state was entered: its parent is done, perhaps its grandparent too, or, at the
    /// top level, the machine.
    @inlinable
    mutating func reachedFinal(_ final: Int) {
        let parent = Int(chart.nodes[final].parent)
        if parent == 0 {
            finished = true
            return
        }
        var data: Event?
        if let make = chart.doneData[final] {
            data = make(&storedContext, &space.effects)
            applyEffects()
        }
        queueDone(parent, data: data)
        let grandparent = Int(chart.nodes[parent].parent)
        if grandparent > 0, chart.nodes[grandparent].kind == .parallel, isInFinalState(grandparent) {
            queueDone(grandparent, data: nil)
        }
    }

    /// Puts `node`'s done event on the internal queue, in the form the chart's options ask for.
    @inlinable
    mutating func queueDone(_ node: Int, data: Event?) {
        if let doneEvent = chart.options.doneEvent {
            space.internalQueue.append(.event(doneEvent(chart.state(node), data)))
        } else {
            space.internalQueue.append(.done(node: Int32(node), data: data))
        }
    }

    /// SCXML's `isInFinalState`.
    @inlinable
    func isInFinalState(_ node: Int) -> Bool {
        let info = chart.nodes[node]
        var child = node + 1
        switch info.kind {
        case .compound:
            while child < Int(info.end) {
                if chart.nodes[child].kind == .final && StateSet.contains(words, child) { return true }
                child = Int(chart.nodes[child].end)
            }
            return false
        case .parallel:
            while child < Int(info.end) {
                if !chart.nodes[child].isHistory && !isInFinalState(child) { return false }
                child = Int(chart.nodes[child].end)
            }
            return true
        default:
            return false
        }
    }

    // MARK: Running to completion

    /// The inner loop of SCXML's `mainEventLoop`: eventless transitions, then raised events,
    /// until neither is left, the machine finishes, or the microstep limit is reached.
    ///
    /// The limit bounds every pass of the loop, not only those that take a microstep: a pass
    /// that dequeues a raised event and selects nothing counts too, so an eventless guard that
    /// throws on every evaluation (raising an error event each time) is cut as well.
    @inlinable
    mutating func runToCompletion() {
        var passes = 0
        while !finished {
            passes += 1
            if passes > Self.microstepLimit {
                space.lastFault = EngineFault(
                    code: .microstepLimit,
                    message: "the machine ran \(Self.microstepLimit) microsteps or raised events without settling, "
                        + "in state '\(state)'; an eventless transition or a raised event probably loops (or a guard "
                        + "throws each time it is asked). The macrostep was cut and the internal queue dropped"
                )
                break
            }
            var trigger: Trigger<Event>?
            if chart.hasEventless, case .selected = selectTransitions(nil, strict: false) {
                trigger = nil
            } else {
                guard space.internalHead < space.internalQueue.count else { break }
                let next = space.internalQueue[space.internalHead]
                space.internalHead += 1
                trigger = next
                dequeued(next.userEvent)
                guard case .selected = selectTransitions(next, strict: false) else { continue }
            }
            microstep(trigger: trigger)
        }
        if !space.internalQueue.isEmpty {
            space.internalQueue.removeAll(keepingCapacity: true)
            space.internalHead = 0
        }
        if finished { exitAtFinish() }
    }

    /// SCXML's `exitInterpreter` for a machine that reached a top-level final state: exit
    /// actions of every active state in exit order, and no more timers or raised events, not
    /// even those the exit actions make (events they send are dropped with the rest of the
    /// external queue, which a finished machine does not process). The configuration is kept,
    /// so ``state`` still names the final state.
    @inlinable
    mutating func exitAtFinish() {
        guard !space.exitedAtFinish else { return }
        space.exitedAtFinish = true
        noteSelectedConfiguration()
        // The configuration is kept: walk a copy, so exit actions see it unchanged.
        let configuration = StateSet(words: UnsafeBufferPointer(start: words, count: chart.setWords))
        var node = configuration.previous(below: chart.nodes.count, from: 1)
        while let exiting = node {
            chart.nodes[exiting].forEachExitAction { runAction($0, event: nil) }
            node = configuration.previous(below: exiting, from: 1)
        }
        space.timers.removeAll()
        space.internalQueue.removeAll()
        space.internalHead = 0
    }

    /// Processes events the machine's actions sent to it, each as its own macrostep.
    @inlinable
    mutating func drainExternalQueue() {
        var macrosteps = 0
        while !finished && space.externalHead < space.externalQueue.count {
            macrosteps += 1
            if macrosteps > Self.microstepLimit {
                space.lastFault = EngineFault(
                    code: .externalQueueLimit,
                    message: "the machine's actions sent it \(Self.microstepLimit) events in a row without settling, "
                        + "in state '\(state)'; the rest of the external queue was dropped"
                )
                break
            }
            let event = space.externalQueue[space.externalHead]
            space.externalHead += 1
            _ = processEvent(event)
        }
        space.externalQueue.removeAll(keepingCapacity: true)
        space.externalHead = 0
    }

    /// Moves what the last action asked for into the queues and timers.
    @inlinable
    mutating func applyEffects() {
        guard !space.effects.items.isEmpty else { return }
        for item in space.effects.items {
            switch item {
            case .raise(let event):
                space.internalQueue.append(.event(event))
            case .send(let event):
                space.externalQueue.append(event)
            case .schedule(let event, let delay, let id):
                schedule(.event(event), after: delay, id: id, owner: -1)
            case .cancel(let id):
                space.timers.removeAll { $0.id == id }
            }
        }
        space.effects.items.removeAll(keepingCapacity: true)
    }
}
