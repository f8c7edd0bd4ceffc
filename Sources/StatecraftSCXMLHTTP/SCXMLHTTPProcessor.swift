#if HTTP
import Dispatch
public import StatecraftSCXML
import StatecraftInspector
import Synchronization

/// The Basic HTTP Event I/O Processor (SCXML Appendix C.2): one server, on loopback by default,
/// through which SCXML sessions receive events as HTTP POSTs, and the client by which their
/// `<send type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor">` (or `type="basichttp"`)
/// posts events to an address.
///
/// ```swift
/// let processor = SCXMLHTTPProcessor()
/// try await processor.start()
/// let endpoint = try processor.endpoint()
/// let session = SCXMLSession(document: document)
/// session.ioProcessors = [endpoint]
/// endpoint.run(session, timeLimit: .seconds(60))   // blocks this thread: not from a task
/// ```
///
/// Each session gets an ``SCXMLHTTPEndpoint`` of its own, its address `_ioprocessors[type].location`.
/// Who may post follows the inspector's policy: the `Host` must name this server, a request
/// with an `Origin` must come from the server's own origin, and the token must be given.
public final class SCXMLHTTPProcessor: Sendable {
    /// The processor's type URI, `_ioprocessors`' key and `<send type>`'s value.
    public static let type = SCXMLNames.basicHTTPProcessor
    /// The short name `<send type>` and `_ioprocessors` also take.
    public static let alias = "basichttp"

    /// Where it listens, its token, its bounds.
    public let configuration: SCXMLHTTPConfiguration
    /// The token every POST needs: the configured one, or a random one.
    public let token: String

    struct State {
        var endpoints: [String: SCXMLHTTPEndpoint] = [:]
        var task: Task<Void, Never>?
        var port: Int?
    }

    let state = Mutex(State())
    /// The connections open now, within ``SCXMLHTTPConfiguration/maxConnections``.
    let connections: ConnectionCount

    /// Describes a processor; ``start()`` makes it listen.
    ///
    /// - Parameter configuration: Where it listens and its bounds.
    public init(configuration: SCXMLHTTPConfiguration = SCXMLHTTPConfiguration()) {
        self.configuration = configuration
        token = configuration.token ?? AccessToken.random()
        connections = ConnectionCount(limit: configuration.maxConnections)
    }

    /// The port it listens on, while it runs.
    public var port: Int? { state.withLock { $0.port } }

    /// The address of the server, `http://127.0.0.1:PORT`, while it runs.
    public var baseURL: String? {
        guard let port else { return nil }
        var host = configuration.advertisedHost ?? configuration.host
        if configuration.advertisedHost == nil, host == "0.0.0.0" || host == "::" { host = "127.0.0.1" }
        if host.contains(":") { host = "[\(host)]" }
        return "http://\(host):\(port)"
    }

    /// A new endpoint: the address of one session. Give it to the session in
    /// `SCXMLSession.ioProcessors` before the session starts.
    ///
    /// - Returns: The endpoint, with an unguessable path of its own.
    /// - Throws: ``SCXMLHTTPError`` with code `notRunning` before ``start()``, `tooManyEndpoints`
    ///   when ``SCXMLHTTPConfiguration/maxEndpoints`` are open.
    public func endpoint() throws(SCXMLHTTPError) -> SCXMLHTTPEndpoint {
        guard let baseURL else {
            throw SCXMLHTTPError(code: .notRunning, message: "the processor is not listening; start() it before making endpoints")
        }
        let key = String(AccessToken.random().prefix(32))
        let made = SCXMLHTTPEndpoint(
            processor: self, key: key, location: "\(baseURL)/scxml/\(key)?token=\(token)"
        )
        let added = state.withLock { state -> Bool in
            guard state.endpoints.count < configuration.maxEndpoints else { return false }
            state.endpoints[key] = made
            return true
        }
        guard added else {
            throw SCXMLHTTPError(
                code: .tooManyEndpoints,
                message: "\(configuration.maxEndpoints) endpoints are open (maxEndpoints); close() those whose sessions ended"
            )
        }
        return made
    }

    /// Forgets an endpoint: POSTs to it get `404`.
    func remove(_ key: String) {
        _ = state.withLock { $0.endpoints.removeValue(forKey: key) }
    }

    /// The endpoint with this key, if open.
    func endpoint(forKey key: Substring) -> SCXMLHTTPEndpoint? {
        state.withLock { $0.endpoints[String(key)] }
    }

    var client: BasicHTTPClient {
        BasicHTTPClient(
            timeout: configuration.sendTimeout, maxResponseSize: configuration.maxResponseSize,
            allowsRemoteTargets: configuration.allowsRemoteTargets
        )
    }
}

/// One session's address at an ``SCXMLHTTPProcessor``: the I/O processor a session is given in
/// `SCXMLSession.ioProcessors`. POSTs to its ``location`` wait here, in order, for the session
/// to take them; its session's `<send>`s of the Basic HTTP type go out through it.
public final class SCXMLHTTPEndpoint: SCXMLEventIOProcessor {
    /// `http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor`.
    public var type: String { SCXMLHTTPProcessor.type }
    /// `basichttp`.
    public var aliases: [String] { [SCXMLHTTPProcessor.alias] }
    /// The address that reaches the session, its token in the query:
    /// `http://127.0.0.1:PORT/scxml/KEY?token=TOKEN`.
    public let location: String

    let processor: SCXMLHTTPProcessor
    let key: String
    private let inbox = Mutex<(events: [SCXMLEvent], closed: Bool)>(([], false))
    /// The delayed sends waiting (``send(_:to:after:)``).
    let delayed = Mutex(DelayedSends())
    private let signal = DispatchSemaphore(value: 0)

    init(processor: SCXMLHTTPProcessor, key: String, location: String) {
        self.processor = processor
        self.key = key
        self.location = location
    }

    /// Returns ``location``.
    ///
    /// - Parameter sessionID: The session's id (not part of the address).
    /// - Returns: ``location``.
    public func attach(sessionID: String) -> String { location }

    /// Posts the event to `target` and returns once the target answered 2xx (SCXML C.2): its
    /// name as `_scxmleventname`, its data as the other parameters (or, from `<content>`, as
    /// the body), this endpoint's location as the `SCXML-Origin` header. Blocks the calling
    /// thread until then, at most ``SCXMLHTTPConfiguration/sendTimeout``, so that an event the
    /// session sends to itself is queued before whatever it sends next.
    ///
    /// - Throws: `SCXMLIOProcessorError` (the session's `error.communication`) when there is
    ///   no target, the target is not a loopback `http://` address (unless
    ///   ``SCXMLHTTPConfiguration/allowsRemoteTargets``), or the post fails or is refused.
    public func send(_ event: SCXMLEvent, to target: String?) throws(SCXMLIOProcessorError) {
        guard let target, !target.isEmpty else {
            throw SCXMLIOProcessorError("a <send> of the Basic HTTP type needs a target: the http:// address to post to")
        }
        let (body, nameHeader) = BasicHTTPMessage.body(for: event)
        var headers = [(BasicHTTPMessage.originHeader, location)]
        if let nameHeader { headers.append((BasicHTTPMessage.eventNameParameter, nameHeader)) }
        try processor.client.post(to: target, body: body, headers: headers)
    }

    /// The events posted since the last call, oldest first.
    public func takeArrivals() -> [SCXMLEvent] {
        inbox.withLock { inbox in
            defer { inbox.events.removeAll() }
            return inbox.events
        }
    }

    /// Queues a received event, unless the inbox is full or closed.
    ///
    /// - Returns: Whether it was queued; `nil` when the endpoint is closed.
    func receive(_ event: SCXMLEvent) -> Bool? {
        let queued = inbox.withLock { inbox -> Bool? in
            if inbox.closed { return nil }
            guard inbox.events.count < processor.configuration.maxQueuedEvents else { return false }
            inbox.events.append(event)
            return true
        }
        if queued == true { signal.signal() }
        return queued
    }

    /// Waits until an event arrives or `timeout` passes; may return early.
    func waitForArrival(timeout: Duration) {
        _ = signal.wait(timeout: .now() + .nanoseconds(Int(BasicHTTPClient.nanoseconds(timeout))))
    }

    /// Closes the address: later POSTs get `404`, and what waits is dropped.
    public func close() {
        cancelDelayedSends()
        inbox.withLock { inbox in
            inbox.closed = true
            inbox.events.removeAll()
        }
        processor.remove(key)
    }
}
#endif
