import Statecraft

/// Between macrosteps and at the end: invocations started, errors of starting them processed,
/// the session finished or cancelled with the sessions it invoked.
extension SCXMLSession {
    /// The chart's macrostep hook: what SCXML does between macrosteps. The macrostep's fault is
    /// reported; when the events this hook returned last are all processed, the session ends
    /// if the machine is done, the invocations of states entered and still active start, and
    /// the errors of starting them (and of data bound at start) are returned for the engine to
    /// process, at most ``invocationRoundLimit`` rounds in a row.
    ///
    /// - Returns: The errors to process now, each as its own macrostep.
    func macrostepEnded(isDone: Bool, fault: (any Error)?, configuration view: ConfigurationView) -> [SCXMLEvent] {
        configuration = view
        if let fault, let engineFault = fault as? EngineFault { group.report(engineFault, from: self) }
        if isDone {
            roundLeft = 0
            rounds = 0
            finish()
            return []
        }
        if roundLeft > 0 {
            roundLeft -= 1
            if roundLeft > 0 { return [] }
        }
        if !statesToInvoke.isEmpty {
            let entered = statesToInvoke
            statesToInvoke.removeAll()
            for index in entered where isActive(document.stateInfos[index].id) {
                for invoke in document.stateInfos[index].invokes {
                    startInvocation(invoke, owner: index)
                }
            }
        }
        guard !pendingRaises.isEmpty else {
            rounds = 0
            return []
        }
        // Errors from starting invocations (and from data bound at start) go on the internal
        // queue (SCXML 3.13, 6.4): processed before any external event, never autoforwarded,
        // and they may enter states whose invocations start in turn.
        rounds += 1
        let limit = group.invocationRoundLimit
        if rounds > limit {
            let fault = EngineFault(
                code: .microstepLimit,
                message: "starting invocations raised errors \(limit) times in a row, in states "
                    + "\(activeStates); the invocations probably fail and are entered again. The errors were dropped"
            )
            group.report(fault, from: self)
            pendingRaises.removeAll()
            rounds = 0
            return []
        }
        let raised = pendingRaises
        pendingRaises.removeAll()
        if let traceHandler {
            for event in raised { traceHandler(.raised(event.name)) }
        }
        roundLeft = raised.count
        return raised
    }

    func finish() {
        guard finalState == nil, !isCancelled else { return }
        stopChildren()
        finalState = topFinal ?? ""
        group.sessionEnded(sessionID)
        if let invokeID = parentLink?.invokeID, let parent = parentLink?.session {
            parent.childFinished(invokeID)
            parent.enqueue(SCXMLEvent(
                "done.invoke.\(invokeID)", type: .external, origin: Self.address(of: sessionID),
                originType: SCXMLNames.scxmlProcessor, invokeID: invokeID, data: doneData
            ))
        }
    }

    /// A child ended: it takes no more events, but its done event and the events it sent
    /// before it ended still come through, with `<finalize>` while its state is active.
    func childFinished(_ invokeID: String) {
        finishedChildren[invokeID] = children.removeValue(forKey: invokeID)
        childOrder.removeAll { $0 == invokeID }
    }

    /// Cancels the session as its invoking session does when the state that invoked it exits
    /// (SCXML 6.4): its active states exit in exit order (their onexit handlers run), the sessions
    /// it invoked are cancelled too, and its timers are dropped; it takes no more events
    /// (``isCancelled``). Does nothing to a session that has ended.
    ///
    /// The sessions below it are cancelled from a work list, each before its children and in
    /// the order of their invocations, as a recursive walk would, without a native stack as
    /// deep as the invocations.
    public func cancel() {
        var pending: [SCXMLSession] = [self]
        while let session = pending.popLast() {
            guard let running = session.cancelAlone() else { continue }
            pending.append(contentsOf: running.reversed())
        }
    }

    /// Cancels this session only: the engine exits its active states (their onexit handlers
    /// run, and the invocations they own are cancelled), drops its timers and leaves the group.
    ///
    /// - Returns: Its running children that no exited state owned, for the caller to cancel
    ///   next; `nil` when it had already ended.
    func cancelAlone() -> [SCXMLSession]? {
        guard !isFinished else { return nil }
        isCancelled = true
        meter.beginStep()
        // SCXML 6.4: cancelling an invoked session runs the onexit handlers of its active
        // states, in exit order: the engine's exit path, as at a finish. What they raise is
        // dropped with the machine's queues; what they send no longer reaches anyone: this
        // session takes no more events, and its parent ignores the events of a cancelled
        // invocation.
        if var machine = self.machine.take() {
            machine.cancel()
            configuration = nil
            self.machine = consume machine
        }
        // The engine dropped the machine's timers as it exited; what the onexit handlers sent
        // after a delay is dropped with them.
        heldChanges.removeAll()
        let running = detachChildren()
        group.unregister(self)
        return running
    }

    /// Forgets every invocation and returns the running children, in invocation order.
    func detachChildren() -> [SCXMLSession] {
        let running = childOrder.compactMap { children[$0]?.child }
        children.removeAll()
        childOrder.removeAll()
        finishedChildren.removeAll()
        return running
    }

    /// What reaching a top-level final state does: cancel every running invocation. The
    /// session's delayed sends go with its machine's timers, which the engine drops as it
    /// finishes (``applyHeldChanges()`` drops those of the last macrostep).
    func stopChildren() {
        for child in detachChildren() { child.cancel() }
    }
}
