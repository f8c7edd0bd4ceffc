import Statecraft

/// The group's limits and faults: invocations started by the group's run loop (never on the
/// stack of the session that invoked them), the bounds on how deep invocations go and how many
/// sessions run at once, and the faults every session of the group reports.
extension SessionGroup {
    /// How many of the most recent faults ``faults`` keeps.
    static let faultMemory = 1_000

    // MARK: Starting invocations

    /// Queues an invoked session to be started by the run loop, after the macrostep that
    /// invoked it; sessions invoked in one macrostep start in document order.
    func scheduleStart(_ session: SCXMLSession, parameters: [String: SCXMLValue]) {
        startBatch.append((session, parameters))
    }

    /// Starts the invoked sessions waiting, and those they invoke in turn, one after another
    /// from this loop: the same order as if each started its children at once (a session's
    /// children, and theirs, before its next sibling), with a stack as deep as one start.
    func startPending() {
        while true {
            if !startBatch.isEmpty {
                startStack.append(contentsOf: startBatch.reversed())
                startBatch.removeAll()
            }
            guard let next = startStack.popLast() else { return }
            // Cancelled before its turn: its invoking state was exited in the same macrostep.
            guard !next.session.isFinished else { continue }
            next.session.start(parameters: next.parameters)
        }
    }

    /// Why a limit refuses an invocation from `session`, or `nil` when none does.
    ///
    /// - Returns: The fault's code, the reason (naming the limit and its value), and the limit.
    func refusal(invokingFrom session: SCXMLSession) -> (code: EngineFault.Code, reason: String, limit: Int)? {
        let depth = session.depth + 1
        if depth > invocationDepthLimit {
            return (
                .invocationDepthLimit,
                "the invocation was not started: it would run \(depth) levels of invocation deep, past the limit of "
                    + "\(invocationDepthLimit) (SCXMLSession.invocationDepthLimit); a document that invokes itself, "
                    + "directly or through others, is stopped here",
                invocationDepthLimit
            )
        }
        if live.count >= sessionLimit {
            return (
                .sessionLimit,
                "the invocation was not started: \(live.count) sessions already run in this group, the limit of "
                    + "\(sessionLimit) (SCXMLSession.sessionLimit)",
                sessionLimit
            )
        }
        return nil
    }

    // MARK: Faults

    /// The most recent faults of every session of the group, oldest first.
    var faults: [EngineFault] {
        Array(faultLog.suffix(Self.faultMemory))
    }

    /// Records a fault, tells the handler, and keeps the log bounded. A fault of an invoked
    /// session names the session.
    func report(_ fault: EngineFault, from session: SCXMLSession?) {
        var fault = fault
        if let session, let link = session.parentLink {
            fault = EngineFault(
                code: fault.code, message: "session \(session.sessionID) (invoked as '\(link.invokeID)'): \(fault.message)",
                location: fault.location
            )
        }
        faultCount += 1
        faultLog.append(fault)
        if faultLog.count > 2 * Self.faultMemory {
            faultLog.removeFirst(faultLog.count - Self.faultMemory)
        }
        faultHandler?(fault)
    }

    /// Reports an invocation a limit refused: the first of each kind in a call at once, the
    /// others counted and told in one fault when the call ends, so that a document that asks
    /// for thousands of sessions gets a few lines, not thousands.
    func reportRefusal(_ fault: EngineFault, limit: Int, from session: SCXMLSession) {
        if let seen = refusedInCall[fault.code] {
            refusedInCall[fault.code] = (seen.count + 1, limit)
            return
        }
        refusedInCall[fault.code] = (0, limit)
        report(fault, from: session)
    }

    /// The faults reported since the last call, at most ``faultMemory`` of them (for a runtime
    /// that logs each one).
    func takeNewFaults() -> [EngineFault] {
        let fresh = min(faultCount - faultsTaken, faultLog.count, Self.faultMemory)
        faultsTaken = faultCount
        guard fresh > 0 else { return [] }
        return Array(faultLog.suffix(fresh))
    }

    /// Reports that a call stopped at ``eventLimit`` with events still queued.
    func reportEventLimit() {
        let queued = order.compactMap(\.session).reduce(0) { $0 + $1.queuedEventCount }
        report(EngineFault(
            code: .eventLimit,
            message: "the sessions processed \(eventLimit) events in one call, the limit (SCXMLSession.eventLimit), "
                + "and stopped there; \(queued == 1 ? "1 event stays" : "\(queued) events stay") queued for the next call (sessions that keep sending "
                + "each other events never settle)"
        ), from: nil)
    }

    /// A call of the group (a send, an advance, a start) begins.
    func beginCall() {
        if callDepth == 0 { hitEventLimit = false }
        callDepth += 1
    }

    /// A call of the group ends: the invocations refused beyond the first of each kind are
    /// reported, as one fault each kind.
    func endCall() {
        callDepth -= 1
        guard callDepth == 0, !refusedInCall.isEmpty else { return }
        let refused = refusedInCall.sorted { $0.key.name < $1.key.name }
        refusedInCall.removeAll()
        for (code, entry) in refused where entry.count > 0 {
            report(EngineFault(
                code: code,
                message: "\(entry.count) more invocations were not started in this call, past the same limit of "
                    + "\(entry.limit); each raised error.execution in the session that invoked it"
            ), from: nil)
        }
    }

    // MARK: Invariants

    /// What must hold between calls, in the manner of the engine's `checkInvariants`: called
    /// from `assert`, so it runs in debug builds (every test run) and costs nothing in
    /// release builds.
    ///
    /// - Returns: `true`; a violation stops a debug build with a message that says what.
    func checkInvariants() -> Bool {
        precondition(startStack.isEmpty && startBatch.isEmpty, "StatecraftSCXML: invoked sessions were left waiting to start")
        for id in live {
            precondition(sessions[id] != nil, "StatecraftSCXML: session \(id) counts as running but is not in its group")
        }
        for (id, member) in sessions {
            guard let session = member.session else { continue }
            precondition(session.sessionID == id, "StatecraftSCXML: session \(session.sessionID) is registered as \(id)")
            precondition(
                session.isFinished || live.contains(id),
                "StatecraftSCXML: session \(id) runs but does not count against the session limit"
            )
            precondition(
                session.arrivals.isEmpty || session.machine == nil,
                "StatecraftSCXML: session \(id) has \(session.arrivals.count) events waiting beside its machine's queue"
            )
            precondition(
                session.roundLeft == 0 && session.rounds == 0,
                "StatecraftSCXML: session \(id) was left inside a round of invocation errors"
            )
            precondition(
                session.configuration == nil,
                "StatecraftSCXML: session \(id) kept the engine's configuration view past the engine call"
            )
            precondition(
                session.parentLink == nil || session.didStart,
                "StatecraftSCXML: invoked session \(id) was never started"
            )
        }
        for member in order {
            guard let session = member.session else { continue }
            precondition(
                sessions[session.sessionID]?.session === session,
                "StatecraftSCXML: session \(session.sessionID) is in the run order but not registered"
            )
        }
        for member in order {
            guard let session = member.session else { continue }
            precondition(
                session.heldChanges.isEmpty,
                "StatecraftSCXML: session \(session.sessionID) kept \(session.heldChanges.count) delayed sends off its machine's timers"
            )
            guard let machine = session.machine else { continue }
            precondition(machine.now <= now, "StatecraftSCXML: session \(session.sessionID)'s clock is ahead of the group's")
            if let next = machine.nextHeldSend {
                precondition(next.sequence <= sequence, "StatecraftSCXML: a delayed send's sequence \(next.sequence) was never issued")
            }
        }
        precondition(faultLog.count <= min(faultCount, 2 * Self.faultMemory), "StatecraftSCXML: the fault log outgrew its bound")
        return true
    }
}
