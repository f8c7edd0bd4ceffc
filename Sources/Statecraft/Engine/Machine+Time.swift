/// The machine's clock: delayed transitions and delayed sends wait on it, and time passes only
/// when the owner says so, so tests never sleep. The async runtime advances it on a real clock.
extension Machine {
    /// When the earliest pending timer is due, or `nil` when none is pending.
    @inlinable
    public var nextDeadline: Duration? {
        workspace?.timers.first?.due
    }

    /// How many delayed transitions and delayed sends are waiting.
    public var pendingTimerCount: Int {
        workspace?.timers.count ?? 0
    }

    /// Lets `duration` pass on the machine's clock, delivering every timer that falls due, in
    /// order, each as its own macrostep.
    ///
    /// - Parameter duration: How much time passes; a negative duration changes nothing, and
    ///   time stops at ``MachineClock/limit``.
    /// - Returns: How many timers fired.
    @discardableResult
    public mutating func advance(by duration: Duration) -> Int {
        advance(to: MachineClock.adding(duration, to: clock))
    }

    /// Moves the machine's clock to `instant`, delivering every timer due by then, in order,
    /// each as its own macrostep. An instant in the past changes nothing.
    ///
    /// - Parameter instant: The new time on the machine's clock; one past
    ///   ``MachineClock/limit`` moves it to the limit.
    /// - Returns: How many timers fired.
    @inlinable
    @discardableResult
    public mutating func advance(to instant: Duration) -> Int {
        let instant = min(instant, MachineClock.limit)
        guard instant > clock else { return 0 }
        guard workspace != nil else {
            clock = instant
            return 0
        }
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        var fired = 0
        var firedAtThisInstant = 0
        while !finished, let timer = space.timers.popFirst(dueBy: instant) {
            firedAtThisInstant = timer.due == clock ? firedAtThisInstant &+ 1 : 1
            clock = timer.due
            if firedAtThisInstant > Self.microstepLimit {
                // Timers that schedule timers with no delay would fire forever at one instant.
                let due = clock
                let before = space.timers.count
                space.timers.removeAll { $0.due <= due }
                space.lastFault = EngineFault(
                    code: .timerLimit,
                    message: "\(Self.microstepLimit) timers fired at \(due) on the machine's clock, in state '\(state)'; "
                        + "delayed events probably schedule each other with no delay. That timer and "
                        + "\(before - space.timers.count) others due then were dropped"
                )
                break
            }
            fired += 1
            deliver(timer)
        }
        clock = instant
        return fired
    }

    /// Fires one pending timer now, ahead of its deadline, as its own macrostep; the clock does
    /// not move and the other timers keep theirs.
    ///
    /// Real delays are rarely known exactly: a verifier that lets timers fire in any order
    /// (``TimerOrder/any``: `TestModel.verify` and `statecraft verify --timers any`) takes
    /// this step, and the paths it reports replay it.
    ///
    /// - Parameter position: The timer's place in ``pendingTimers`` (0 is the soonest; the
    ///   order of ``nextDeadline``).
    /// - Returns: Whether there was such a timer and the machine was running.
    @discardableResult
    public mutating func fireTimer(at position: Int) -> Bool {
        guard !finished, workspace != nil, position >= 0, position < space.timers.count else { return false }
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        guard let timer = space.timers.remove(sortedPosition: position) else { return false }
        deliver(timer)
        return true
    }

    /// Runs the macrostep of a timer that has fired, then the events its actions sent.
    @inlinable
    mutating func deliver(_ timer: PendingTimer<Event>) {
        switch timer.trigger {
        case .event(let event) where space.holdsSent:
            // A delayed send to the machine itself waits for its owner, as the ones sent at once do.
            space.externalQueue.append(event)
        case .event(let event):
            let result = processEvent(event)
            if _slowPath(space.recordsUnhandled), !result.isTaken { space.unhandled.append(event) }
        case .timer, .done:
            _ = processExternal(timer.trigger, strict: false)
        case .outbound(let event):
            handOver(OutboundEvent(event: event, target: timer.target ?? "", id: timer.id))
        }
        drainExternalQueue()
    }

    /// Gives an event that leaves the machine to the chart's outbound handler, then processes
    /// what the handler raised, as a macrostep without an event: the event is not taken, so
    /// ``Effects/lastEvent`` stays as it was.
    @usableFromInline
    mutating func handOver(_ outbound: OutboundEvent<Event>) {
        guard let handler = chart.outbound else {
            space.lastFault = EngineFault(
                code: .noOutboundHandler,
                message: "the event \(outbound.event) for '\(outbound.target)' fell due at \(clock) on the machine's clock, in "
                    + "state '\(state)', and the chart has no outbound handler (Statechart(outbound:)) to deliver it; it was dropped"
            )
            return
        }
        handler(&storedContext, outbound, &space.effects)
        applyEffects()
        runToCompletion()
    }

    /// Adds a timer due `delay` from now (at ``MachineClock/limit`` at the latest).
    @inlinable
    mutating func schedule(_ trigger: Trigger<Event>, after delay: Duration, id: String?, owner: Int32, target: String? = nil) {
        space.timerSequence &+= 1
        space.timers.insert(PendingTimer(
            due: MachineClock.adding(max(delay, .zero), to: clock), sequence: space.timerSequence, trigger: trigger, id: id, owner: owner,
            target: target
        ))
    }

    /// Starts the timers of the delayed transitions written in `node`.
    @inlinable
    mutating func startTimers(of node: Int) {
        for transition in chart.timerTransitions[node] {
            schedule(.timer(transition: transition), after: chart.transitions[Int(transition)].delay, id: nil, owner: Int32(node))
        }
    }
}
