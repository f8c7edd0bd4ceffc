/// The debug-build check that the compiled fast paths agree with the general one: every leaf
/// step, region step and microstep plan is replayed the way SCXML's `microstep` takes it
/// (exit set from the transition domain, entry set from `computeEntrySet`, then the actions of
/// exiting and entering from `ChartNode.forEachExitAction` and `forEachEntryAction`) and must
/// exit, enter and run exactly what was compiled. Called from `assert` when a chart is built,
/// so it costs nothing in release builds.
extension ChartCompilation {
    /// What the general path does taking `transitions` together in `configuration`: the states
    /// it exits (exit order), those it enters (document order), and the actions it runs.
    struct GeneralMicrostep: Equatable {
        var exits: [Int] = []
        var entries: [Int] = []
        var actions: [Int32] = []
    }

    /// SCXML's `microstep` on the structure alone (`topology` is this chart's, made once by the
    /// caller), with no history recorded: exit set, the
    /// transitions' actions in document order, entry set.
    func generalMicrostep(_ taken: [Int], in configuration: StateSet, topology: ChartTopology) -> GeneralMicrostep {
        var toExit = StateSet(capacity: nodes.count)
        var scratch = StaticEntryScratch(capacity: nodes.count)
        for transition in taken where transitions[transition].targetCount > 0 {
            let domain = topology.transitionDomain(transition, scratch)
            var node = configuration.next(from: domain + 1, below: Int(nodes[domain].end))
            while let active = node {
                toExit.insert(active)
                node = configuration.next(from: active + 1, below: Int(nodes[domain].end))
            }
            topology.computeEntrySet(transition, into: &scratch)
        }
        var step = GeneralMicrostep()
        var node = toExit.previous(below: nodes.count, from: 1)
        while let exiting = node {
            step.exits.append(exiting)
            nodes[exiting].forEachExitAction { step.actions.append(Int32($0)) }
            node = toExit.previous(below: exiting, from: 1)
        }
        for transition in taken where transitions[transition].action >= 0 {
            step.actions.append(transitions[transition].action)
        }
        node = scratch.toEnter.next(from: 1, below: nodes.count)
        while let entering = node {
            step.entries.append(entering)
            nodes[entering].forEachEntryAction(byDefault: scratch.defaultEntry.contains(entering), transitions: transitions) {
                step.actions.append(Int32($0))
            }
            node = scratch.toEnter.next(from: entering + 1, below: nodes.count)
        }
        return step
    }

    /// The configuration of an atomic state with nothing else active beside its ancestors:
    /// what a leaf step assumes, and all that a simple region step's exit set depends on.
    func chain(of leaf: Int) -> StateSet {
        var set = StateSet(capacity: nodes.count)
        var node = leaf
        while node > 0 {
            set.insert(node)
            node = Int(nodes[node].parent)
        }
        return set
    }

    /// Whether every compiled step and plan agrees with ``generalMicrostep(_:in:)``; a
    /// disagreement stops a debug build with the transition and what differed.
    func fastPathsAgreeWithGeneralPath() -> Bool {
        if let disagreement = fastPathDisagreement() { preconditionFailure("Statecraft: \(disagreement)") }
        return true
    }

    /// The first compiled step or plan that does not do what the general path does, in words.
    func fastPathDisagreement() -> String? {
        let topology = topology
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            let configuration = chain(of: leaf)
            for column in 0 ..< table.eventCount {
                for position in table.cell(state: leaf, event: column) {
                    let transition = table.transition(at: position)
                    guard transitions[transition].targetCount == 0 || transitions[transition].hasStaticEntry else { continue }
                    let general = generalMicrostep([transition], in: configuration, topology: topology)
                    if !leafSteps.isEmpty, let found = disagreement(leafSteps[position], from: leaf, with: general) { return found }
                    if !regionSteps.isEmpty, let found = disagreement(regionSteps[position], with: general) { return found }
                }
            }
        }
        for plan in plans {
            if let found = disagreement(plan, topology: topology) { return found }
        }
        return nil
    }

    private func disagreement(_ step: LeafStep, from leaf: Int, with general: GeneralMicrostep) -> String? {
        var actions = Array(leafActions[Int(step.actionStart) ..< Int(step.actionStart) + Int(step.actionCount)])
        if step.flags & LeafStep.backward != 0 { actions.reverse() }
        let newLeaf = step.target < 0 ? -1 : general.entries.last(where: { nodes[$0].isAtomic }) ?? -1
        guard actions != general.actions || Int(step.leaf) != newLeaf else { return nil }
        return "the leaf step of transition \(step.transition) from node \(leaf) runs actions \(actions) and leads to node "
            + "\(step.leaf); the general path runs \(general.actions) and leads to node \(newLeaf)"
    }

    private func disagreement(_ step: RegionStep, with general: GeneralMicrostep) -> String? {
        guard step.flags & RegionStep.simple != 0 else { return nil }
        let exits = regionNodes[Int(step.exitStart) ..< Int(step.exitStart) + Int(step.exitCount)].map { Int($0) }
        let entries = regionNodes[Int(step.entryStart) ..< Int(step.entryStart) + Int(step.entryCount)].map { Int($0) }
        var exitActions = Array(regionActions[Int(step.exitActionStart) ..< Int(step.exitActionStart) + Int(step.exitActionCount)])
        var entryActions = Array(regionActions[Int(step.entryActionStart) ..< Int(step.entryActionStart) + Int(step.entryActionCount)])
        if step.flags & RegionStep.backward != 0 {
            exitActions.reverse()
            entryActions.reverse()
        }
        let actions = exitActions + (step.action >= 0 ? [step.action] : []) + entryActions
        guard exits != general.exits || entries != general.entries || actions != general.actions else { return nil }
        return "the region step of transition \(step.transition) exits \(exits), enters \(entries) and runs \(actions); "
            + "the general path exits \(general.exits), enters \(general.entries) and runs \(general.actions)"
    }

    private func disagreement(_ plan: MicrostepPlan, topology: ChartTopology) -> String? {
        var configuration = StateSet(capacity: nodes.count)
        configuration.words[0] = plan.configuration
        // SCXML's selectTransitions, for a configuration where every first candidate is unguarded.
        var taken: [Int] = []
        var leaves = plan.configuration & atomicMask[0]
        while leaves != 0 {
            let leaf = leaves.trailingZeroBitCount
            leaves &= leaves - 1
            if let first = table.cell(state: leaf, event: Int(plan.column)).first {
                let transition = table.transition(at: first)
                if !taken.contains(transition) { taken.append(transition) }
            }
        }
        let general = generalMicrostep(taken, in: configuration, topology: topology)
        var actions = Array(planActions[Int(plan.actionStart) ..< Int(plan.actionStart) + Int(plan.actionCount)])
        if plan.backward { actions.reverse() }
        var next = plan.configuration
        for node in general.exits { next &= ~(1 << UInt64(node)) }
        for node in general.entries { next |= 1 << UInt64(node) }
        guard actions != general.actions || plan.next != next else { return nil }
        return "the plan for column \(plan.column) in configuration \(plan.configuration) runs \(actions) and leaves "
            + "\(plan.next); the general path runs \(general.actions) and leaves \(next)"
    }
}
