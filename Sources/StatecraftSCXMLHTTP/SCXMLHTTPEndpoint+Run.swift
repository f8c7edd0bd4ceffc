#if HTTP
public import StatecraftSCXML

extension SCXMLHTTPEndpoint {
    /// Runs a session in real time until it ends or `timeLimit` passes: starts it, hands it each
    /// event posted to this endpoint as it arrives, and moves its clock with the real one, so
    /// that its delayed sends fall due on time. The session must have this endpoint among its
    /// `ioProcessors`.
    ///
    /// Blocks the calling thread the whole time (a `<send>` through the endpoint blocks it
    /// too, until the target answers): call it from a thread of your own, not from a task of
    /// the concurrency pool.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - timeLimit: The most real time to run.
    /// - Returns: Whether the session ended within the time.
    @discardableResult
    public func run(_ session: SCXMLSession, timeLimit: Duration) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        let origin = session.now
        session.start()
        while !session.isFinished {
            for event in takeArrivals() where !session.isFinished { session.send(event) }
            if session.isFinished { break }
            let elapsed = clock.now - start
            session.advance(to: origin + elapsed)
            if session.isFinished { break }
            if elapsed >= timeLimit { return false }
            var wait = timeLimit - elapsed
            if let due = session.nextDeadline { wait = min(wait, max(.zero, due - (origin + elapsed))) }
            if wait > .zero { waitForArrival(timeout: wait) }
        }
        return true
    }
}
#endif
