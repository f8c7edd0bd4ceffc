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
    /// Posts a form to a session's location as a client outside the session would (SCXML C.2:
    /// the event's name in the header `_scxmleventname`), blocking the calling thread for at
    /// most five seconds: the conformance runner's `basicHTTPClient`, which judges W3C test 513.
    ///
    /// - Parameters:
    ///   - location: The location the session's `_ioprocessors` gives (a loopback address).
    ///   - eventName: The event's name.
    ///   - form: The body, `application/x-www-form-urlencoded`.
    /// - Returns: The answer's status code, such as `200`, or why no answer came.
    package static func postedForm(to location: String, eventName: String, form: String) -> String {
        let client = BasicHTTPClient(timeout: .seconds(5), maxResponseSize: 64 * 1_024, allowsRemoteTargets: false)
        let target: BasicHTTPClient.Target
        do {
            target = try BasicHTTPClient.target(location)
        } catch {
            return "no answer: \(error.message)"
        }
        guard BasicHTTPClient.isLoopback(target.host) else { return "no answer: '\(location)' is not a loopback address" }
        var request = "POST \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\n_scxmleventname: \(eventName)\r\n"
        request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n"
        request += "Connection: close\r\n\r\n" + form
        let answer: [UInt8]
        do {
            answer = try client.exchange(host: target.host, port: target.port, request: Array(request.utf8))
        } catch is BasicHTTPClient.Timeout {
            return "no answer from '\(location)' within 5 seconds"
        } catch {
            return "no answer from '\(location)': \(error)"
        }
        let statusLine = String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let fields = statusLine.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/") else { return "no HTTP answer: '\(statusLine.prefix(80))'" }
        return String(fields[1])
    }
}
#endif
