/// SCXML's `microstep` (W3C SCXML 1.0, Appendix D) on the general path: `exitStates`, the
/// transitions' actions, `enterStates`. The region steps and plans are faster microsteps for
/// the transitions whose exits and entries compilation knew (`Machine+RegionPath`,
/// `Machine+PlanPath`).
extension Machine {
    /// SCXML's `microstep`: exit, run the transitions' actions, enter; then tell the listener.
    /// `event` is what the actions see: the trigger's event, taken out of it once by the caller
    /// (`nil` for an eventless transition or a delayed transition's timer).
    @inlinable
    mutating func microstep(event: Event?) {
        noteSelectedConfiguration()
        // Targetless transitions only: computeExitSet and computeEntrySet are empty (both look
        // at targets alone), so the microstep is the transitions' content.
        var moves = false
        for transition in enabled where chart.transitions[Int(transition)].targetCount > 0 {
            moves = true
            break
        }
        if moves { exitStates(event: event) }
        for transition in enabled where chart.transitions[Int(transition)].action >= 0 {
            runAction(Int(chart.transitions[Int(transition)].action), event: event)
        }
        if moves { enterStates(event: event) }
        assert(checkInvariants())
        if onTransition != nil {
            for transition in enabled {
                let info = chart.transitions[Int(transition)]
                notify(
                    chart.state(Int(info.source)),
                    info.targetCount > 0 ? chart.state(Int(chart.targets[Int(info.targetStart)])) : nil,
                    event
                )
            }
        }
    }
}
