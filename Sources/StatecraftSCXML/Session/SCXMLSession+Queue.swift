import Statecraft

/// The session's external queue, which is its machine's: events sent to it wait there until the
/// group's run loop gives the session its turn, and each is then one macrostep of the engine,
/// with the chart's hooks around it.
extension SCXMLSession {
    /// Puts `event` on the external queue and processes the queues of every session of the
    /// group until they are empty (each event a macrostep).
    ///
    /// - Parameter event: The event.
    public func send(_ event: SCXMLEvent) {
        if !didStart { start() }
        guard !isFinished else { return }
        group.runUntilIdle(sentTo: self, event: event)
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

    /// Puts `event` on the session's external queue: the engine's (`Machine.enqueue(_:)`), or
    /// ``arrivals`` while the machine is away.
    func enqueue(_ event: SCXMLEvent) {
        guard !isFinished else { return }
        // Optional chaining mutates the machine in place; `machine != nil` would copy it.
        if machine?.enqueue(event) == nil { arrivals.append(event) }
    }

    /// Moves the events that came while the machine was away onto its external queue.
    func takeArrivals() {
        guard !arrivals.isEmpty, machine?.queuedEventCount != nil else { return }
        for event in arrivals { machine?.enqueue(event) }
        arrivals.removeAll()
    }

    /// Whether the session has external events to process: started (an invoked session waits
    /// for the group to start it) and not ended.
    var hasQueuedEvents: Bool { !isFinished && (machine?.queuedEventCount ?? 0) > 0 }

    /// How many external events wait.
    var queuedEventCount: Int { hasQueuedEvents ? machine?.queuedEventCount ?? 0 : 0 }

    /// The events on the external queue, the next first, with those that wait for the machine.
    var queuedEvents: [SCXMLEvent] { (machine?.queuedEvents ?? []) + arrivals }

    /// Runs `event` as the session's next external event when nothing waits before it (its
    /// machine's queue and ``arrivals`` empty): the engine takes it at once, without queueing it.
    /// Otherwise it is queued behind the others and the next waiting event is taken.
    ///
    /// - Returns: Whether events wait after it (those its macrostep sent the session among them),
    ///   so that the caller looks at the queue again only then.
    func processNow(_ event: SCXMLEvent) -> Bool {
        guard !isFinished, arrivals.isEmpty, var machine = self.machine.take() else {
            enqueue(event)
            processNextEvent()
            return hasQueuedEvents
        }
        if machine.queuedEventCount == 0 {
            machine.processEventNow(event)
        } else {
            machine.enqueue(event)
            machine.processQueuedEvent()
        }
        configuration = nil
        let waiting = machine.queuedEventCount > 0
        self.machine = consume machine
        applyHeldChanges()
        guard arrivals.isEmpty else {
            takeArrivals()
            return !isFinished
        }
        return waiting && !isFinished
    }

    /// Lets the engine take the next external event: ``takingExternalEvent(_:)`` before its
    /// macrostep, ``macrostepEnded(isDone:fault:configuration:)`` after it.
    ///
    /// - Returns: Whether an event was taken: `false` when none waits or the session ended.
    @discardableResult
    func processNextEvent() -> Bool {
        guard !isFinished else { return false }
        // The machine is moved out while it runs, not copied: what the engine calls back
        // reads the configuration it hands over, and finds no machine to run again.
        guard var machine = self.machine.take() else { return false }
        let took = machine.processQueuedEvent()
        configuration = nil
        self.machine = consume machine
        applyHeldChanges()
        takeArrivals()
        return took
    }

    /// The chart's external-event hook: what SCXML does as it takes an external event, before
    /// the macrostep. The step's evaluation budget starts; for an event from an invocation,
    /// `<finalize>` runs (or the event is dropped when the invocation was cancelled); the event
    /// is forwarded to the invocations with `autoforward`.
    ///
    /// - Returns: Whether the engine processes the event.
    func takingExternalEvent(_ event: SCXMLEvent) -> Bool {
        meter.beginStep()
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
                return false
            }
        }
        for invokeID in childOrder {
            guard let invocation = children[invokeID], invocation.model.autoforward else { continue }
            invocation.child.enqueue(event)
        }
        return true
    }
}
