/// SCXML's `enterStates` and `computeEntrySet` (W3C SCXML 1.0, Appendix D; the entry sets'
/// `addDescendantStatesToEnter` and `addAncestorStatesToEnter` are in `ChartTopology`), and the
/// done events of the final states entered.
extension Machine {
    /// SCXML's `enterStates` for the transitions in `enabled`: computes the entry set (from the
    /// masks precomputed for transitions that target no history state), then enters it in
    /// document order.
    @inlinable
    mutating func enterStates(event: Event?) {
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
}
