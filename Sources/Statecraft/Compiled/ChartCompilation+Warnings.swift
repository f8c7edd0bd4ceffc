/// The warnings a chart is built with: states no transition reaches, transitions never taken.
extension ChartCompilation {
    /// The states a set of targets makes active, ignoring history values: the targets, their
    /// ancestors, their default descendants, and every region of a parallel state entered.
    func entryClosure(_ start: [Int]) -> Set<Int> {
        var entered = Set<Int>()
        var pending = start
        while let node = pending.popLast() {
            guard node > 0, entered.insert(node).inserted else { continue }
            pending.append(Int(nodes[node].parent))
            switch nodes[node].kind {
            case .compound, .shallowHistory, .deepHistory:
                let initial = transitions[Int(nodes[node].initialTransition)]
                let defaults = (0..<Int(initial.targetCount)).map { Int(targets[Int(initial.targetStart) + $0]) }
                pending.append(contentsOf: defaults.isEmpty && nodes[node].isHistory
                    ? [Int(nodes[node].parent)] : defaults)
                if nodes[node].isHistory { entered.remove(node) }
            case .parallel:
                pending.append(contentsOf: childStates(of: node))
            default:
                break
            }
        }
        return entered
    }

    func findUnreachableStates() -> [DefinitionWarning] {
        let rootInitial = transitions[Int(nodes[0].initialTransition)]
        // A worklist over the states reached, each state's transitions followed once (a
        // fixpoint over all transitions was quadratic on long chains).
        var bySource = [[Int]](repeating: [], count: nodes.count)
        for (index, transition) in transitions.enumerated() where transition.source >= 0 {
            bySource[Int(transition.source)].append(index)
        }
        var reached = Set<Int>()
        var pending: [Int] = []
        func reach(_ states: Set<Int>) {
            for state in states where reached.insert(state).inserted { pending.append(state) }
        }
        reach(entryClosure((0..<Int(rootInitial.targetCount)).map { Int(targets[Int(rootInitial.targetStart) + $0]) }))
        while let state = pending.popLast() {
            for index in bySource[state] {
                let transition = transitions[index]
                reach(entryClosure((0..<Int(transition.targetCount)).map { Int(targets[Int(transition.targetStart) + $0]) }))
            }
        }
        return (1..<nodes.count).filter { !reached.contains($0) && !nodes[$0].isHistory }.map { node in
            DefinitionWarning(
                code: .unreachableState,
                message: "state \(name(node)) cannot be reached from the initial state \(name(Int(targets[Int(rootInitial.targetStart)])))",
                location: location(node)
            )
        }
    }

    func findShadowedTransitions() -> [DefinitionWarning] {
        var warnings: [DefinitionWarning] = []
        var reported = Set<Int>()
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            for column in 0..<kinds.count {
                var unguardedSource = -1
                for position in table.cell(state: leaf, event: column) {
                    let transition = table.transition(at: position)
                    let source = Int(transitions[transition].source)
                    if unguardedSource == source, reported.insert(transition).inserted {
                        warnings.append(DefinitionWarning(
                            code: .shadowedTransition,
                            message: "this transition on '\(kinds.kinds[column])' from \(name(source)) is never taken: "
                                + "an earlier one without guard always is",
                            location: transitionLocations[transition]
                        ))
                    }
                    if !transitions[transition].hasGuard && unguardedSource < 0 { unguardedSource = source }
                }
            }
        }
        return warnings
    }
}
