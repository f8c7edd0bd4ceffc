#if HTTP
import Dispatch
package import StatecraftSCXML
import Synchronization

extension SCXMLHTTPProcessor {
    /// Starts a processor from synchronous code (a command-line tool's `run()`), blocking the
    /// calling thread until it listens. Not for a task of the concurrency pool.
    ///
    /// - Parameter configuration: Where it listens.
    /// - Returns: The listening processor.
    /// - Throws: ``SCXMLHTTPError`` as ``start()`` does.
    package static func startedBlocking(
        configuration: SCXMLHTTPConfiguration = SCXMLHTTPConfiguration()
    ) throws(SCXMLHTTPError) -> SCXMLHTTPProcessor {
        let processor = SCXMLHTTPProcessor(configuration: configuration)
        let outcome = Mutex<SCXMLHTTPError?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await processor.start()
            } catch {
                let failure = error as? SCXMLHTTPError ?? SCXMLHTTPError(code: .cannotListen, message: "\(error)")
                outcome.withLock { $0 = failure }
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
        return processor
    }

    /// Runs a session with an endpoint of its own, in real time, for at most the given time,
    /// then closes the endpoint: the conformance runner's `basicHTTP`. A session for which no
    /// endpoint can be made (the processor stopped, or too many are open) is not started.
    package var sessionRunner: @Sendable (SCXMLSession, Duration) -> Void {
        { session, limit in
            guard let endpoint = try? self.endpoint() else { return }
            session.ioProcessors = [endpoint]
            endpoint.run(session, timeLimit: limit)
            endpoint.close()
        }
    }
}
#endif
