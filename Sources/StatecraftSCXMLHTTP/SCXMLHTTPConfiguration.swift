#if HTTP
/// Where an ``SCXMLHTTPProcessor`` listens, whom it lets post, where its sessions may send, and
/// how much it takes.
///
/// ```swift
/// let processor = SCXMLHTTPProcessor(configuration: SCXMLHTTPConfiguration(port: 0))
/// ```
public struct SCXMLHTTPConfiguration: Sendable {
    /// The address to listen on: `127.0.0.1` (the loopback interface) by default, so that only
    /// this computer can post events. Give `0.0.0.0` or another address only on a network you
    /// trust, with ``advertisedHost`` set to the name others reach it by.
    public var host: String
    /// The port to listen on; `0` (the default) picks a free one.
    public var port: Int
    /// The host written in each session's location (`_ioprocessors[...].location`); ``host``
    /// when `nil`, and `127.0.0.1` then when ``host`` is every interface (`0.0.0.0`, `::`).
    public var advertisedHost: String?
    /// The token every POST needs (`?token=` in the target, as the locations carry it, or
    /// `Authorization: Bearer`); `nil` (the default) makes a random one from the system's
    /// secure random source. A given one must be 1 to 256 letters, digits, `-`, `.`, `_` or
    /// `~`; ``SCXMLHTTPProcessor/start()`` refuses another.
    public var token: String?
    /// The largest request body accepted, in bytes: 64 KiB by default, at least 1. A larger
    /// one gets `413 Content Too Large` and queues nothing.
    public var maxBodySize: Int
    /// How many received events may wait for one session to take them: 1,000 by default, at
    /// least 1. Past that a POST gets `503 Service Unavailable` and queues nothing.
    public var maxQueuedEvents: Int
    /// How many sessions may be attached at once: 10,000 by default, at least 1. Past that a
    /// new endpoint is refused (``SCXMLHTTPProcessor/endpoint()`` throws).
    public var maxEndpoints: Int
    /// How many connections may be open at once: 256 by default, at least 1. A request on a
    /// connection past the cap gets `503 Service Unavailable` naming the limit, and its
    /// connection is closed; what is open keeps working.
    public var maxConnections: Int
    /// How long a connection may stay silent before the server closes it: 30 seconds by default,
    /// so that a client that opens connections and sends nothing (or a body a byte at a time)
    /// does not hold them.
    public var idleTimeout: Duration
    /// How long a `<send>` waits to connect to its target and for its answer: 5 seconds by
    /// default. Past that the send fails with `error.communication`.
    public var sendTimeout: Duration
    /// The largest answer to a `<send>` read, in bytes: 64 KiB by default. A longer one is
    /// cut there; only its status line matters.
    public var maxResponseSize: Int
    /// Whether `<send>` may post to hosts other than this computer's loopback addresses
    /// (`127.0.0.0/8`, `localhost`, `::1`): `false` by default, so that a document cannot
    /// make the process post to other machines. Such a send fails with `error.communication`.
    public var allowsRemoteTargets: Bool

    /// Describes a processor.
    ///
    /// - Parameters:
    ///   - host: The address to listen on; `127.0.0.1` by default.
    ///   - port: The port; `0`, any free one, by default.
    ///   - advertisedHost: The host the locations name; ``host`` when `nil`.
    ///   - token: The token every POST needs; a random one when `nil`.
    ///   - maxBodySize: The largest request body in bytes; 64 KiB by default.
    ///   - maxQueuedEvents: Events waiting per session; 1,000 by default.
    ///   - maxEndpoints: Sessions attached at once; 10,000 by default.
    ///   - maxConnections: Connections open at once; 256 by default.
    ///   - idleTimeout: How long a connection may stay silent; 30 seconds by default.
    ///   - sendTimeout: How long a `<send>` waits; 5 seconds by default.
    ///   - maxResponseSize: The largest answer to a `<send>` read; 64 KiB by default.
    ///   - allowsRemoteTargets: Whether `<send>` may post beyond loopback; `false` by default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        advertisedHost: String? = nil,
        token: String? = nil,
        maxBodySize: Int = 64 * 1_024,
        maxQueuedEvents: Int = 1_000,
        maxEndpoints: Int = 10_000,
        maxConnections: Int = 256,
        idleTimeout: Duration = .seconds(30),
        sendTimeout: Duration = .seconds(5),
        maxResponseSize: Int = 64 * 1_024,
        allowsRemoteTargets: Bool = false
    ) {
        self.host = host
        self.port = port
        self.advertisedHost = advertisedHost
        self.token = token
        self.maxBodySize = max(1, maxBodySize)
        self.maxQueuedEvents = max(1, maxQueuedEvents)
        self.maxEndpoints = max(1, maxEndpoints)
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = max(.milliseconds(1), idleTimeout)
        self.sendTimeout = max(.milliseconds(1), sendTimeout)
        self.maxResponseSize = max(1_024, maxResponseSize)
        self.allowsRemoteTargets = allowsRemoteTargets
    }
}
#endif
