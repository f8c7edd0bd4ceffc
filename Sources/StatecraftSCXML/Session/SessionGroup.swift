import Statecraft

/// The sessions that can reach each other (a session and the ones it invoked): the group takes
/// their queues in turn, keeps their virtual time, and routes between them, delivering the
/// delayed sends their machines hold (``advance(to:)``).
///
/// The group does not keep its sessions alive: each session holds its group, the caller holds
/// a top-level session and a parent the sessions it invoked, so a strong reference back would
/// be a cycle that keeps every session of the group, and its datamodel and machine, forever.
final class SessionGroup {
    /// A session of the group, for as long as something else keeps it.
    struct Member {
        let link: SessionLink

        init(session: SCXMLSession) {
            link = session.link
        }

        /// The session, while it exists.
        var session: SCXMLSession? { link.session }
    }

    private(set) var sessions: [String: Member] = [:]
    @exclusivity(unchecked) private(set) var order: [Member] = []
    private var counter = 0
    /// The group's time, which every session's machine clock follows: delayed sends are due on
    /// it, and only ``advance(to:)`` moves it.
    private(set) var now: Duration = .zero
    /// The last sequence number a delayed send was given: one count across the sessions, so that
    /// sends due at the same instant are delivered in the order they were made, whoever made them.
    private(set) var sequence: UInt64 = 0

    func newSessionID() -> String {
        counter &+= 1
        return "\(counter)"
    }

    /// Whether a session of the group has the id `id`, finished or not.
    func hasSession(_ id: String) -> Bool {
        sessions[id]?.session != nil
    }

    func register(_ session: SCXMLSession) {
        sessions[session.sessionID] = Member(session: session)
        order.removeAll { $0.session == nil }
        order.append(Member(session: session))
        live.insert(session.sessionID)
        noteSolo()
    }

    func unregister(_ session: SCXMLSession) {
        sessions[session.sessionID] = nil
        order.removeAll { $0.session === session || $0.session == nil }
        live.remove(session.sessionID)
        noteSolo()
    }

    /// The group's only session, when the run order holds one: a document that invokes
    /// nothing. Its events need no round of the group (``runUntilIdle(sentTo:event:)``).
    @exclusivity(unchecked) private(set) var solo: ObjectIdentifier?

    private func noteSolo() {
        solo = order.count == 1 ? order[0].session.map(ObjectIdentifier.init) : nil
    }

    /// A session ended (reached its final state, was cancelled or went away): it no longer
    /// counts against ``sessionLimit``.
    func sessionEnded(_ id: String) {
        live.remove(id)
    }

    /// The ids of the sessions that have not ended, for ``sessionLimit``.
    private(set) var live: Set<String> = []
    /// The most sessions of the group that may run at once, the top-level one included
    /// (``SCXMLSession/sessionLimit``).
    var sessionLimit = 1_000
    /// The most levels of invocation below the top-level session
    /// (``SCXMLSession/invocationDepthLimit``).
    var invocationDepthLimit = 16
    /// Invoked sessions waiting to start, the next last: the group's run loop starts them, not
    /// the stack of the parent that invoked them.
    @exclusivity(unchecked) var startStack: [(session: SCXMLSession, parameters: [String: SCXMLValue])] = []
    /// Invocations made by the session being started (or by the macrostep just taken), in
    /// document order, before they go on ``startStack``.
    @exclusivity(unchecked) var startBatch: [(session: SCXMLSession, parameters: [String: SCXMLValue])] = []
    /// The most recent faults of every session of the group (at most twice
    /// ``faultMemory``; ``faults`` reads the last `faultMemory`).
    var faultLog: [EngineFault] = []
    /// How many faults were reported since the group was made.
    var faultCount = 0
    /// Told of each fault as it is reported.
    var faultHandler: ((EngineFault) -> Void)?
    /// How many faults ``takeNewFaults()`` has handed out, for `SCXMLMachine`.
    var faultsTaken = 0
    /// Invocations refused by a limit in the current call beyond the first of each kind, told
    /// as one fault at the end of the call.
    @exclusivity(unchecked) var refusedInCall: [EngineFault.Code: (count: Int, limit: Int)] = [:]
    /// Whether a call of the group is running (so that nested calls do not end it).
    @exclusivity(unchecked) var callDepth = 0

    func session(_ id: String) -> SCXMLSession? {
        sessions[id]?.session.flatMap { $0.isFinished ? nil : $0 }
    }

    /// The most external events one call of ``runUntilIdle()`` or ``advance(to:)`` processes,
    /// so that sessions that keep sending to each other cannot hang their caller.
    @exclusivity(unchecked) var eventLimit = 100_000
    /// The most rounds of invocation errors after one macrostep, for every session of the
    /// group (``SCXMLSession/invocationRoundLimit``).
    var invocationRoundLimit = 1_000
    /// Whether the current or last call stopped at ``eventLimit`` with events still queued.
    @exclusivity(unchecked) var hitEventLimit = false

    /// Processes queued external events, one per session in turn, until every queue is empty
    /// or ``eventLimit`` events were processed.
    func runUntilIdle() {
        beginCall()
        defer { endCall() }
        var budget = eventLimit
        runUntilIdle(budget: &budget)
    }

    /// Puts `event` on `session`'s queue and runs ``runUntilIdle()``. When `session` is the
    /// group's only one, its queue is the group's work: `event` is processed at once when nothing
    /// waits before it (not queued), then the events it caused in turn, with the same budget,
    /// until an invocation or a new session hands the rest to the round.
    func runUntilIdle(sentTo session: SCXMLSession, event: SCXMLEvent) {
        guard solo == ObjectIdentifier(session), startStack.isEmpty, startBatch.isEmpty else {
            session.enqueue(event)
            return runUntilIdle()
        }
        beginCall()
        defer { endCall() }
        // The event limit is at least one: this event always fits the budget.
        var budget = eventLimit &- 1
        let waiting = session.processNow(event)
        if !startBatch.isEmpty || !startStack.isEmpty || solo != ObjectIdentifier(session) {
            runUntilIdle(budget: &budget)
            return
        }
        guard waiting else {
            assert(checkInvariants())
            return
        }
        while true {
            if budget <= 0 {
                guard session.hasQueuedEvents else { break }
                hitEventLimit = true
                reportEventLimit()
                assert(checkInvariants())
                return
            }
            // Takes the next event if one waits: one look at the queue per event.
            guard session.processNextEvent() else { break }
            budget -= 1
            if !startBatch.isEmpty || !startStack.isEmpty || solo != ObjectIdentifier(session) {
                runUntilIdle(budget: &budget)
                return
            }
        }
        assert(checkInvariants())
    }

    /// Processes queued external events, one per session in turn, until every queue is empty
    /// or `budget` events were processed; each event processed is taken off `budget`.
    ///
    /// - Returns: `false` when it stopped with events still queued (``hitEventLimit`` is set).
    @discardableResult
    func runUntilIdle(budget: inout Int) -> Bool {
        // Invocations start here, after the macrostep that made them, not on its stack.
        startPending()
        var progressed = true
        while progressed {
            progressed = false
            // The sessions as the pass began: one registered during the pass waits for the
            // next. A copy of the array, not of its elements, until the group changes.
            let members = order
            for index in members.indices {
                guard let session = members[index].session, session.hasQueuedEvents else { continue }
                if budget <= 0 {
                    hitEventLimit = true
                    reportEventLimit()
                    assert(checkInvariants())
                    return false
                }
                session.processNextEvent()
                if !startBatch.isEmpty || !startStack.isEmpty { startPending() }
                budget -= 1
                progressed = true
            }
            // Invoked sessions that ended and have nothing left to process leave the order.
            let ended = { (member: Member) -> Bool in
                member.session.map { $0.isFinished && !$0.hasQueuedEvents && $0.parentLink != nil } ?? true
            }
            if order.contains(where: ended) {
                order.removeAll(where: ended)
                noteSolo()
            }
        }
        assert(checkInvariants())
        return true
    }

    /// The sequence number of a delayed send being made now.
    func nextSequence() -> UInt64 {
        sequence &+= 1
        return sequence
    }

    /// The delayed sends waiting in the group, held by the sessions that made them, in delivery
    /// order.
    var heldSends: [Machine<String, SCXMLEvent, SessionHandle>.HeldSend] {
        order.flatMap { $0.session?.machine?.heldSends ?? [] }.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    }

    /// The delayed sends waiting in the group, in delivery order: how long until each is due,
    /// and its event's name.
    var waiting: [(delay: Duration, name: String)] {
        heldSends.map { ($0.due - now, $0.event.name) }
    }

    /// The delayed sends waiting in the group, in delivery order: each event with when it is due.
    var pending: [(due: Duration, event: SCXMLEvent)] {
        heldSends.map { ($0.due, $0.event) }
    }

    /// When the soonest delayed send of the group is due.
    var nextDeadline: Duration? {
        soonest()?.due
    }

    /// The session holding the delayed send to deliver next, and when it is due: the soonest of
    /// every session's, the first made among those due at one instant.
    private func soonest() -> (session: SCXMLSession, due: Duration)? {
        var best: (session: SCXMLSession, due: Duration, sequence: UInt64)?
        for member in order {
            guard let session = member.session, let next = session.machine?.nextHeldSend else { continue }
            if let current = best, (current.due, current.sequence) <= (next.due, next.sequence) { continue }
            best = (session, next.due, next.sequence)
        }
        return best.map { ($0.session, $0.due) }
    }

    /// Gives a delayed send that fell due to the session it is for: its sender's own queue, or
    /// the session its target names, unless that one has ended.
    private func route(_ send: Machine<String, SCXMLEvent, SessionHandle>.HeldSend, from sender: SCXMLSession) {
        guard let target = send.target else { return sender.enqueue(send.event) }
        guard let id = SCXMLSession.sessionID(atAddress: target) else { return }
        sessions[id]?.session?.enqueue(send.event)
    }

    /// Moves the clock to `instant`, delivering each delayed send due by then in order, each
    /// followed by the processing it causes.
    ///
    /// The whole call processes at most ``eventLimit`` events, however many sends fall due:
    /// when it reaches the limit it stops there, with ``hitEventLimit`` set, the clock at the
    /// last send delivered, and the events and sends left queued for the next call.
    /// An instant past `MachineClock.limit` moves the clock to the limit.
    @discardableResult
    func advance(to instant: Duration) -> Int {
        let instant = min(instant, MachineClock.limit)
        beginCall()
        defer { endCall() }
        var delivered = 0
        var budget = eventLimit
        guard runUntilIdle(budget: &budget) else { return delivered }
        while let next = soonest(), next.due <= instant, let send = next.session.machine?.takeNextHeldSend() {
            now = max(now, next.due)
            route(send, from: next.session)
            delivered += 1
            guard runUntilIdle(budget: &budget) else { return delivered }
        }
        now = max(now, instant)
        for member in order { member.session?.machine?.moveClock(to: now) }
        return delivered
    }

    /// Delivers the soonest waiting delayed send named `name` now, ahead of its deadline,
    /// followed by the processing it causes; the clock does not move (`TimerOrder.any`).
    ///
    /// - Returns: Whether such a send was waiting.
    func fireEarly(named name: String) -> Bool {
        var best: (session: SCXMLSession, due: Duration, sequence: UInt64)?
        for member in order {
            guard let session = member.session, let send = session.machine?.heldSends.first(where: { $0.event.name == name }) else { continue }
            if let current = best, (current.due, current.sequence) <= (send.due, send.sequence) { continue }
            best = (session, send.due, send.sequence)
        }
        guard let best, let send = best.session.machine?.takeHeldSend(where: { $0.sequence == best.sequence }) else { return false }
        let sender = best.session
        beginCall()
        defer { endCall() }
        route(send, from: sender)
        var budget = eventLimit
        _ = runUntilIdle(budget: &budget)
        return true
    }

    // MARK: Snapshots

    /// A delayed send as a snapshot keeps it: sessions named by id.
    struct SavedTimer: Hashable, Sendable, Codable {
        var due: Duration
        var sequence: UInt64
        var event: SCXMLEvent
        var recipient: String
        var sender: String
    }

    /// The clock, the id counter and the delayed sends still waiting for a live recipient.
    func saved() -> (now: Duration, counter: Int, sequence: UInt64, timers: [SavedTimer]) {
        var waiting: [SavedTimer] = []
        for member in order {
            guard let sender = member.session, let machine = sender.machine else { continue }
            for send in machine.heldSends {
                let recipient = send.target.flatMap(SCXMLSession.sessionID(atAddress:)) ?? sender.sessionID
                guard session(recipient) != nil else { continue }
                waiting.append(SavedTimer(due: send.due, sequence: send.sequence, event: send.event, recipient: recipient, sender: sender.sessionID))
            }
        }
        waiting.sort { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
        return (now, counter, sequence, waiting)
    }

    /// Puts back what ``saved()`` gave, once the group's sessions are registered again: each
    /// delayed send held by its sender's machine.
    ///
    /// - Returns: The id of a send's recipient or sender that is not a session of the group (or
    ///   a sender that never started, so could not have sent).
    func restore(now: Duration, counter: Int, sequence: UInt64, timers saved: [SavedTimer]) -> String? {
        self.now = now
        self.counter = max(self.counter, counter)
        self.sequence = sequence
        for member in order { member.session?.machine?.moveClock(to: now) }
        for timer in saved {
            guard let recipient = sessions[timer.recipient]?.session else { return timer.recipient }
            guard let sender = sessions[timer.sender]?.session, sender.machine != nil else { return timer.sender }
            let target = recipient === sender ? nil : SCXMLSession.address(of: recipient.sessionID)
            sender.machine?.hold(timer.event, for: target, due: timer.due, id: timer.event.sendID, sequence: timer.sequence)
        }
        return nil
    }
}
