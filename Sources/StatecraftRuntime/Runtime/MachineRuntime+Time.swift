public import Statecraft

/// The runtime's timers: the machine's clock brought up to the runtime's before a step, and
/// one task sleeping until the next deadline.
extension MachineRuntime {
    /// Brings the machine's clock up to the runtime's when the machine has timers, firing
    /// those due by now.
    ///
    /// A machine without timers keeps its clock still, and the runtime reads no clock for
    /// it; when a step gives it a timer, its clock starts running from that moment.
    ///
    /// - Returns: Whether the machine had timers.
    @inlinable
    func catchUp(_ machine: inout Base, _ anchor: (machine: Duration, clock: Duration)) -> Bool {
        guard machine.nextDeadline != nil else { return false }
        let target = anchor.machine + (clock.elapsed() - anchor.clock)
        if target > machine.now {
            _ = machine.advance(to: target)
            if _slowPath(machine.mayHaveFaults) { takeFaults(of: &machine) }
        }
        return true
    }

    /// Replaces the timer task with one for `deadline`, or with none.
    @usableFromInline
    func reschedule(_ deadline: Duration?, anchor: (machine: Duration, clock: Duration), in state: inout RuntimeState<Base>) {
        state.timer?.cancel()
        state.timer = deadline.map { startTimer(at: anchor.clock + ($0 - anchor.machine)) }
        state.timerDeadline = deadline
    }

    /// A task that sleeps until `offset` on the runtime's clock and then asks for a tick.
    @usableFromInline
    func startTimer(at offset: Duration) -> Task<Void, Never> {
        let clock = clock
        return Task { [weak self] in
            do {
                try await clock.sleep(offset)
            } catch {
                return
            }
            self?.submit(.tick)
        }
    }
}
