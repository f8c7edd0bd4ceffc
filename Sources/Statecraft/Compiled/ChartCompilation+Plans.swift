/// Microstep plans (see ``MicrostepPlan``): for a chart of at most 64 nodes on the general path,
/// the microstep every event kind takes in every configuration plans reach from the initial
/// one, while selection there depends on the configuration alone.
extension ChartCompilation {
    /// The most plans a chart keeps; configurations past it take the region steps.
    static var planBudget: Int { 4096 }

    mutating func computePlans() {
        guard setWords == 1, !entryMasks.isEmpty, !regionSteps.isEmpty else { return }
        let start = Int(nodes[0].initialTransition)
        guard transitions[start].hasStaticEntry else { return }
        var queue: [UInt64] = [entryMasks[start * 2]]
        var seen: Set<UInt64> = [queue[0]]
        var head = 0
        while head < queue.count && plans.count < Self.planBudget {
            let configuration = queue[head]
            head += 1
            for column in 0 ..< kinds.count where plans.count < Self.planBudget {
                guard let next = addPlan(configuration, column: column) else { continue }
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        guard !plans.isEmpty else { return }
        var bits = 1
        while 1 << bits < plans.count * 4 { bits += 1 }
        planIndex = ContiguousArray(repeating: -1, count: 1 << bits)
        for (index, plan) in plans.enumerated() {
            var slot = MicrostepPlan.slot(plan.configuration, Int(plan.column), bits: bits)
            while planIndex[slot] >= 0 { slot = (slot + 1) & (planIndex.count - 1) }
            planIndex[slot] = Int32(index)
        }
    }

    /// Adds the plan of `column` in `configuration`, if selection there takes only simple steps
    /// without guard; returns the configuration it leaves.
    private mutating func addPlan(_ configuration: UInt64, column: Int) -> UInt64? {
        var chosen: [Int] = []
        var leaves = configuration & atomicMask[0]
        while leaves != 0 {
            let leaf = leaves.trailingZeroBitCount
            leaves &= leaves - 1
            guard let first = table.cell(state: leaf, event: column).first else { continue }
            let step = regionSteps[first]
            guard step.flags & RegionStep.simple != 0, step.flags & RegionStep.guarded == 0 else { return nil }
            chosen.append(first)
        }
        guard !chosen.isEmpty else { return nil }
        var actions: [Int32] = []
        for position in chosen.reversed() { actions += simpleActions[position]?.exits ?? [] }
        for position in chosen where regionSteps[position].action >= 0 { actions.append(regionSteps[position].action) }
        for position in chosen { actions += simpleActions[position]?.entries ?? [] }
        var next = configuration
        for position in chosen { next = next & ~regionSteps[position].exitBits | regionSteps[position].entryBits }
        let backward = plans.count & 1 == 1
        plans.append(MicrostepPlan(
            configuration: configuration, next: next, column: Int32(column),
            actionStart: Int32(planActions.count), actionCount: Int32(actions.count),
            transitionStart: Int32(planTransitions.count / 2), transitionCount: Int32(chosen.count), backward: backward
        ))
        planActions += backward ? actions.reversed() : actions
        for position in chosen { planTransitions += [regionSteps[position].source, regionSteps[position].target] }
        return next
    }
}
