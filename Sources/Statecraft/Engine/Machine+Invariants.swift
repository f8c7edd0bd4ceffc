/// Checks of what must hold between microsteps, in the manner of swift-collections'
/// `_checkInvariants`: called from `assert`, so they run in debug builds (every test run) and
/// cost nothing in release builds.
extension Machine {
    /// Whether the configuration is one SCXML allows (section 3.11, "legal state
    /// configurations"): the root's and every active compound state's active children are
    /// exactly one, every active parallel state's children are all active, an active state's
    /// parent is active, atomic and final states have no active children, no history state is
    /// active; a finished machine is in a top-level final state.
    ///
    /// - Returns: `true`; a violation stops a debug build with a message that names the state.
    @usableFromInline
    func checkInvariants() -> Bool {
        guard workspace != nil else {
            let kind = chart.nodes[current].kind
            precondition(current > 0 && (kind == .atomic || kind == .final),
                         "Statecraft: a leaf-path machine's active node \(current) is not an atomic or final state")
            return true
        }
        if let space = workspace {
            precondition(space.externalHead >= 0 && space.externalHead <= space.externalQueue.count,
                         "Statecraft: the external queue's head \(space.externalHead) is outside its \(space.externalQueue.count) events")
            precondition(space.internalHead >= 0 && space.internalHead <= space.internalQueue.count,
                         "Statecraft: the internal queue's head \(space.internalHead) is outside its \(space.internalQueue.count) events")
            _ = space.timers.checkInvariants()
        }
        for node in 0 ..< chart.nodes.count {
            let info = chart.nodes[node]
            let active = node == 0 || StateSet.contains(words, node)
            if node > 0, active {
                precondition(!info.isHistory, "Statecraft: history state '\(chart.state(node))' is in the configuration")
                let parent = Int(info.parent)
                precondition(parent == 0 || StateSet.contains(words, parent),
                             "Statecraft: '\(chart.state(node))' is active but its parent '\(chart.state(parent))' is not")
            }
            guard active else { continue }
            var activeChildren = 0
            var children = 0
            var child = node + 1
            while child < Int(info.end) {
                if !chart.nodes[child].isHistory {
                    children += 1
                    if StateSet.contains(words, child) { activeChildren += 1 }
                }
                child = Int(chart.nodes[child].end)
            }
            let name = node == 0 ? "the chart's root" : "'\(chart.state(node))'"
            switch info.kind {
            case .root, .compound:
                precondition(activeChildren == 1, "Statecraft: \(name) has \(activeChildren) active children, not one")
            case .parallel:
                precondition(activeChildren == children, "Statecraft: parallel \(name) has \(activeChildren) of its \(children) regions active")
            case .atomic, .final:
                precondition(activeChildren == 0, "Statecraft: \(name) is atomic but has active children")
            case .shallowHistory, .deepHistory:
                break
            }
        }
        if finished {
            var child = 1
            var inFinal = false
            while child < chart.nodes.count {
                if chart.nodes[child].kind == .final && StateSet.contains(words, child) { inFinal = true }
                child = Int(chart.nodes[child].end)
            }
            precondition(inFinal, "Statecraft: the machine is done but no top-level final state is active")
        }
        return true
    }
}
