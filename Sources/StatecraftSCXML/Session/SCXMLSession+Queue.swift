import Statecraft

/// The session's external queue: events sent to it wait here until the group's run loop gives
/// the session its turn, and each is then one macrostep of the engine.
extension SCXMLSession {
    /// Puts `event` on the external queue and processes the queues of every session of the
    /// group until they are empty (each event a macrostep).
    ///
    /// - Parameter event: The event.
    public func send(_ event: SCXMLEvent) {
        if !didStart { start() }
        enqueue(event)
        group.runUntilIdle(sentTo: self)
    }

    /// Moves the group's clock forward by `duration`, delivering every delayed send that falls
    /// due on the way, in order, each followed by the processing it causes.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration) {
        group.advance(to: MachineClock.adding(duration, to: group.now))
    }

    /// Moves the group's clock to `instant` (an earlier one changes nothing), delivering every
    /// delayed send due by then, in order.
    ///
    /// - Parameter instant: The new time, since the group was made.
    /// - Returns: How many delayed sends were delivered.
    @discardableResult
    public func advance(to instant: Duration) -> Int {
        group.advance(to: instant)
    }

    /// Moves the clock to the next due delayed send and delivers it; does nothing when none
    /// waits.
    ///
    /// - Returns: Whether a delayed send was delivered.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let due = group.nextDeadline else { return false }
        group.advance(to: due)
        return true
    }

    /// Runs the session until it ends or nothing is left to do: processes queued events, and
    /// moves the virtual clock to each delayed send in turn, up to `limit` of virtual time.
    ///
    /// - Parameter limit: The most virtual time to let pass.
    public func runToEnd(limit: Duration = .seconds(3600)) {
        if !didStart { start() }
        group.runUntilIdle()
        while !isFinished, let due = group.nextDeadline, due <= limit {
            group.advance(to: due)
            // Stopped at the event limit (a fault says so): the next deadline may never come.
            if group.hitEventLimit { return }
        }
    }

    func enqueue(_ event: SCXMLEvent) {
        guard !isFinished else { return }
        externalQueue.append(event)
    }

    /// Whether the session has external events to process: started (an invoked session waits
    /// for the group to start it) and not ended.
    var hasQueuedEvents: Bool { externalHead < externalQueue.count && !isFinished && machine != nil }

    /// How many external events wait.
    var queuedEventCount: Int { hasQueuedEvents ? externalQueue.count - externalHead : 0 }

    /// Takes the next external event: finalize and autoforward for invoked children, then the
    /// macrostep.
    func processNextEvent() {
        guard hasQueuedEvents else { return }
        let event = externalQueue[externalHead]
        externalHead += 1
        meter.beginStep()
        if externalHead > 64, externalHead * 2 > externalQueue.count {
            externalQueue.removeFirst(externalHead)
            externalHead = 0
        }
        if let invokeID = event.invokeID {
            if let invocation = children[invokeID] ?? finishedChildren[invokeID] {
                if event.name == "done.invoke.\(invokeID)" { finishedChildren[invokeID] = nil }
                if !invocation.model.finalize.isEmpty {
                    // SCXML 6.5: finalize runs just before the event is processed, and sees it
                    // as _event.
                    bindEvent(event)
                    var raised: [SCXMLEvent] = []
                    _ = execute(invocation.model.finalize, raised: &raised)
                    pendingRaises += raised
                }
            } else if cancelledInvocations.contains(invokeID) {
                // Events from an invocation that was cancelled are ignored.
                return
            }
        }
        for invokeID in childOrder {
            guard let invocation = children[invokeID], invocation.model.autoforward else { continue }
            invocation.child.enqueue(event)
        }
        // The machine is moved out while it runs, not copied: what the engine calls back
        // reads the configuration it hands over, and finds no machine to run again.
        guard var machine = self.machine.take() else { return }
        _ = machine.send(event)
        configuration = nil
        if machine.hasFault, let fault = machine.lastFault { group.report(fault, from: self) }
        self.machine = consume machine
        afterMacrostep()
    }
}
