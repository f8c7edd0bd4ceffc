/// SCXML's `exitStates` and `computeExitSet` (W3C SCXML 1.0, Appendix D), and the history they
/// record.
extension Machine {
    /// SCXML's `exitStates`: records history, then exits the exit set in reverse document
    /// order, running exit actions and cancelling the exiting states' delayed transitions.
    @inlinable
    mutating func exitStates(event: Event?) {
        let configuration = set(MachineSets.configuration)
        let toExit = set(MachineSets.toExit)
        // SCXML's computeExitSet: the active descendants of each transition's domain.
        clearSet(MachineSets.toExit)
        var any = false
        for transition in enabled {
            let domain = transitionDomain(Int(transition))
            guard domain >= 0 else { continue }
            let end = Int(chart.nodes[domain].end)
            var node = StateSet.next(configuration, from: domain &+ 1, below: end)
            while let active = node {
                StateSet.insert(toExit, active)
                any = true
                node = StateSet.next(configuration, from: active &+ 1, below: end)
            }
        }
        guard any else { return }
        let count = chart.nodes.count
        var node = StateSet.previous(toExit, below: count, from: 1)
        while let exiting = node {
            if chart.nodes[exiting].hasHistoryChild { recordHistory(of: exiting) }
            node = StateSet.previous(toExit, below: exiting, from: 1)
        }
        node = StateSet.previous(toExit, below: count, from: 1)
        while let exiting = node {
            let info = chart.nodes[exiting]
            noteExit(exiting)
            info.forEachExitAction { runAction($0, event: event) }
            if info.hasTimers { space.timers.removeAll { $0.owner == Int32(exiting) } }
            StateSet.remove(configuration, exiting)
            node = StateSet.previous(toExit, below: exiting, from: 1)
        }
    }

    /// Remembers, for each history child of `parent`, the states its kind records.
    @inlinable
    mutating func recordHistory(of parent: Int) {
        let end = Int(chart.nodes[parent].end)
        var child = parent + 1
        while child < end {
            let node = chart.nodes[child]
            if node.isHistory {
                let slot = Int(node.historySlot)
                space.history[slot].removeAll()
                var active = StateSet.next(words, from: parent + 1, below: end)
                while let member = active {
                    // A deep history records the active leaves: atomic states, and parallel states
                    // without regions, without which the restored parent would have no active child.
                    let keep = node.kind == .deepHistory ? chart.topology.isLeaf(member) : Int(chart.nodes[member].parent) == parent
                    if keep { space.history[slot].insert(member) }
                    active = StateSet.next(words, from: member + 1, below: end)
                }
            }
            child = Int(node.end)
        }
    }
}
