/// Microstep plans: for a chart of at most 64 nodes on the general path, the microstep an
/// event kind takes in a configuration, precomputed (see ``MicrostepPlan``): its actions in
/// order and the configuration after it.
extension Machine {
    /// Takes the microstep plan at `planIndex` of `chart.plans` for `event`, then runs to
    /// completion: what `takeSimpleSteps(count:event:)` does after selection, with the
    /// selection, the actions' order and the next configuration known in advance.
    @inlinable
    @inline(__always)
    mutating func takePlan(_ planIndex: Int, _ event: Event) -> SendResult<State, Event.Kind> {
        let plan = chart.plans.withUnsafeBufferPointer { $0[planIndex] }
        noteSelectedConfiguration()
        // One copy of the loops per answer, so that the test is not made once per action.
        if chart.usesEffects {
            runPlanActions(plan, effects: true, event)
        } else {
            runPlanActions(plan, effects: false, event)
        }
        words[0] = plan.next
        assert(checkInvariants())
        let first = Int(plan.transitionStart) &* 2
        let (source, target) = chart.planTransitions.withUnsafeBufferPointer { (Int($0[first]), Int($0[first &+ 1])) }
        if onTransition != nil {
            for pair in 0 ..< Int(plan.transitionCount) {
                let (source, target) = chart.planTransitions.withUnsafeBufferPointer {
                    (Int($0[first &+ 2 &* pair]), Int($0[first &+ 2 &* pair &+ 1]))
                }
                notify(chart.state(source), target >= 0 ? chart.state(target) : nil, event)
            }
        }
        if chart.hasEventless || space.internalHead < space.internalQueue.count { runToCompletion() }
        return target >= 0 ? .transitioned(from: chart.state(source), to: chart.state(target)) : .handled(in: chart.state(source))
    }

    /// Runs a plan's actions, from a second copy of the loop for backward plans.
    @inlinable
    @inline(__always)
    mutating func runPlanActions(_ plan: MicrostepPlan, effects: Bool, _ event: Event) {
        let start = Int(plan.actionStart)
        let end = start &+ Int(plan.actionCount)
        if !plan.backward {
            var position = start
            while position < end {
                runPlanAction(position, effects, event)
                position &+= 1
            }
        } else {
            var position = end
            while position > start {
                position &-= 1
                runPlanAction(position, effects, event)
            }
        }
    }

    /// Runs the action at `position` of `program.planSlots`, as `runRegionAction` does.
    @inlinable
    @inline(__always)
    mutating func runPlanAction(_ position: Int, _ effects: Bool, _ event: Event) {
        if effects {
            program.runPlan(position, &storedContext, event, &space.effects)
            if !space.effects.items.isEmpty { applyEffects() }
        } else {
            program.runPlan(position, &storedContext, event)
        }
    }
}
