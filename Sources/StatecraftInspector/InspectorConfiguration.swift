#if Inspector
/// Where an ``Inspector`` listens, how it lets senders in, and how much it keeps.
///
/// ```swift
/// let inspector = Inspector(configuration: InspectorConfiguration(port: 0, historyLimit: 100))
/// ```
///
/// Every buffer the inspector holds has a bound here: the records kept per machine (in number
/// and in bytes), the size
/// of a request's body, and the messages waiting for each slow page.
public struct InspectorConfiguration: Sendable {
    /// The port the inspector listens on when none is given: 8137.
    public static let defaultPort = 8137
    /// The bytes of records kept per machine when none is given: 32 MiB.
    public static let defaultHistoryByteLimit = 32 * 1_024 * 1_024

    /// The address to listen on: `127.0.0.1` (the loopback interface) by default, so that only
    /// this computer reaches the page. Give `0.0.0.0` or another address only on a network you
    /// trust: the page shows every machine's context.
    public var host: String
    /// The port to listen on; `0` picks a free one (``Inspector/start()`` returns it).
    public var port: Int
    /// The token every request needs; `nil` (the default) makes a random one from the system's
    /// secure random source (see ``Inspector/token``). A given one must be 1 to 256 letters,
    /// digits, `-`, `.`, `_` or `~`, which an address and a WebSocket subprotocol carry as
    /// they are; ``Inspector/start()`` refuses another.
    public var token: String?
    /// How many records (events with their transitions and snapshots) the inspector keeps per
    /// machine, oldest dropped first: 500 by default, at least 1. This bounds the event log and
    /// how far back the page can step.
    public var historyLimit: Int
    /// How many bytes of records (their JSON) the inspector keeps per machine, oldest dropped
    /// first: 32 MiB by default, at least 4 KiB. Records hold the context or datamodel after
    /// each event, so a large one makes each record large; this bounds the memory the history
    /// takes whatever their size. A single record larger than this is kept as a small record
    /// that says how large it was (``InspectorRecord/tooLargeBytes``); `GET /machines` counts
    /// the records dropped (`droppedRecords`) and those kept that way (`tooLargeRecords`).
    public var historyByteLimit: Int
    /// The largest request body accepted, in bytes: 64 KiB by default. A larger one gets
    /// `413 Content Too Large` and changes nothing.
    public var maxBodySize: Int
    /// How many messages wait for one page's WebSocket while it reads slowly, newest kept:
    /// 256 by default. A page that falls further behind misses the oldest updates (it reloads
    /// the history when it notices a gap).
    public var pageBacklog: Int

    /// How many of a runtime's activities (events, timer transitions) may wait for the
    /// inspector to record them: ``historyLimit`` plus 1,024. A burst larger than that, sent
    /// faster than the inspector records, loses its oldest activities, which the history
    /// would mostly have dropped anyway; record numbers count the records made.
    public var activityBacklog: Int { historyLimit + 1_024 }

    /// Describes an inspector.
    ///
    /// - Parameters:
    ///   - host: The address to listen on; `127.0.0.1` by default.
    ///   - port: The port; ``defaultPort`` by default, `0` for any free port.
    ///   - token: The token every request needs; a random one when `nil`.
    ///   - historyLimit: Records kept per machine; 500 by default, at least 1.
    ///   - historyByteLimit: Bytes of records kept per machine; 32 MiB by default, at least 4 KiB.
    ///   - maxBodySize: The largest request body in bytes; 64 KiB by default, at least 1.
    ///   - pageBacklog: Messages waiting per page; 256 by default, at least 1.
    public init(
        host: String = "127.0.0.1",
        port: Int = InspectorConfiguration.defaultPort,
        token: String? = nil,
        historyLimit: Int = 500,
        historyByteLimit: Int = InspectorConfiguration.defaultHistoryByteLimit,
        maxBodySize: Int = 64 * 1024,
        pageBacklog: Int = 256
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.historyLimit = max(1, historyLimit)
        self.historyByteLimit = max(4_096, historyByteLimit)
        self.maxBodySize = max(1, maxBodySize)
        self.pageBacklog = max(1, pageBacklog)
    }
}
#endif
