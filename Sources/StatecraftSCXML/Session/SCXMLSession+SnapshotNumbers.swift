import Statecraft

/// The rules for the numbers of a session's snapshot, checked before anything is restored so
/// that no arithmetic on a restored value can overflow afterwards.
extension SCXMLSession.Snapshot {
    /// The largest counter a snapshot may hold: 2^53, the largest integer every JSON reader
    /// keeps exactly. Counters (session ids, send ids, delayed-send order) grow by one per use,
    /// so a session restored at this limit still counts for far longer than it can run.
    public static let counterLimit = 1 << 53

    /// Checks every number against its rule:
    /// - the clock (`now`) and each delayed send's due time lie in `0 ... MachineClock.limit`;
    /// - the session-id counter, the delayed-send sequence and each session's send counter lie
    ///   in `0 ... counterLimit`;
    /// - the session-id counter is at least every numeric session id the snapshot holds (new
    ///   sessions would otherwise take a saved one's id), and the sequence at least every
    ///   delayed send's (new sends would otherwise tie with saved ones);
    /// - no two delayed sends share a sequence number (two sends due at one instant are
    ///   delivered in the order of their numbers, which must decide it).
    ///
    /// - Throws: ``SCXMLSnapshotError`` `outOfRange`, naming the field, its value and the rule.
    func checkNumbers() throws(SCXMLSnapshotError) {
        if let problem = MachineClock.rangeProblem(now, what: "the clock (now)") {
            throw SCXMLSession.outOfRange(problem)
        }
        try Self.checkCounter(counter, "the session counter (counter)")
        guard sequence <= UInt64(Self.counterLimit) else {
            throw SCXMLSession.outOfRange("the delayed-send sequence (sequence) \(sequence) is past \(Self.counterLimit) (2^53)")
        }
        var sequences: [UInt64: Int] = [:]
        for (index, timer) in timers.enumerated() {
            if let earlier = sequences.updateValue(index, forKey: timer.sequence) {
                throw SCXMLSession.outOfRange(
                    "delayed sends \(earlier) and \(index) have the same sequence \(timer.sequence); each delayed send has a "
                        + "number of its own, which orders sends due at one instant"
                )
            }
            if let problem = MachineClock.rangeProblem(timer.due, what: "delayed send \(index)'s due time") {
                throw SCXMLSession.outOfRange(problem)
            }
            guard timer.sequence <= sequence else {
                throw SCXMLSession.outOfRange(
                    "delayed send \(index)'s sequence \(timer.sequence) is past the snapshot's sequence \(sequence), "
                        + "which counts every delayed send made"
                )
            }
        }
        var pending = [session]
        while let state = pending.popLast() {
            try Self.checkCounter(state.sendCounter, "session \(state.sessionID)'s send counter (sendCounter)")
            if let number = Int(state.sessionID), number > counter {
                throw SCXMLSession.outOfRange(
                    "session id \(state.sessionID) is past the session counter (counter) \(counter), which counts every session made"
                )
            }
            pending += state.children.map(\.session)
        }
    }

    private static func checkCounter(_ value: Int, _ what: String) throws(SCXMLSnapshotError) {
        if value < 0 { throw SCXMLSession.outOfRange("\(what) \(value) is negative; counters start at zero") }
        if value > counterLimit { throw SCXMLSession.outOfRange("\(what) \(value) is past \(counterLimit) (2^53)") }
    }
}
