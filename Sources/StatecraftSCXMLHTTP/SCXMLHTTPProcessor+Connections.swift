#if HTTP
import Hummingbird
import NIOCore
import Synchronization

/// The cap on connections open at once (``SCXMLHTTPConfiguration/maxConnections``): each
/// connection the server accepts is counted from its start to its close, and one past the cap
/// is answered `503` naming the limit, then closed, without touching a session.
final class ConnectionCount: Sendable {
    let limit: Int
    private let admitted = Mutex(Set<ObjectIdentifier>())

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection, unless `limit` are open: whether it was counted.
    func admit(_ connection: ObjectIdentifier) -> Bool {
        admitted.withLock { open in
            guard open.count < limit else { return false }
            open.insert(connection)
            return true
        }
    }

    /// Whether the connection was counted (and so may be answered).
    func isAdmitted(_ connection: ObjectIdentifier) -> Bool {
        admitted.withLock { $0.contains(connection) }
    }

    /// Forgets a closed connection.
    func release(_ connection: ObjectIdentifier) {
        _ = admitted.withLock { $0.remove(connection) }
    }

    /// How many connections are counted now.
    var open: Int { admitted.withLock { $0.count } }
}

/// Sits in each connection's pipeline: counts the connection when it is set up and forgets it
/// when it closes. It passes every message on untouched.
final class ConnectionCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    private let count: ConnectionCount
    private var connection: ObjectIdentifier?

    init(_ count: ConnectionCount) {
        self.count = count
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let id = ObjectIdentifier(context.channel)
        connection = id
        _ = count.admit(id)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if let connection { count.release(connection) }
        connection = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connection { count.release(connection) }
        connection = nil
        context.fireChannelInactive()
    }
}

/// The request context of the processor's server: the connection a request came on, for the
/// connection cap.
struct ConnectionContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's identity.
    let connection: ObjectIdentifier

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        connection = ObjectIdentifier(source.channel)
    }
}
#endif
