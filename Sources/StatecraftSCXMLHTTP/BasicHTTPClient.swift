#if HTTP
import NIOCore
import NIOPosix
import Statecraft
import StatecraftSCXML

/// Posts one message and reads the status of the answer: the client side of the Basic HTTP
/// Event I/O Processor. HTTP/1.1 over plain TCP, one connection per message
/// (`Connection: close`), bounded in time and in the bytes it reads.
struct BasicHTTPClient: Sendable {
    /// A target address split into what the request needs.
    struct Target: Equatable {
        var host: String
        var port: Int
        /// The path and query, `/` when the address has none.
        var path: String
        /// `host` or `host:port`, for the `Host` header.
        var authority: String
    }

    var timeout: Duration
    var maxResponseSize: Int
    var allowsRemoteTargets: Bool

    /// Splits `http://host[:port][/path][?query]`.
    ///
    /// - Throws: `SCXMLIOProcessorError` naming what is wrong with the address.
    static func target(_ address: String) throws(SCXMLIOProcessorError) -> Target {
        guard address.lowercased().hasPrefix("http://") else {
            let scheme = address.prefix { $0 != ":" }
            throw SCXMLIOProcessorError(
                address.contains("://")
                    ? "the target '\(shown(address))' is a \(scheme) address; this processor posts to http:// addresses only"
                    : "the target '\(shown(address))' is not an http:// address"
            )
        }
        let rest = address.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest[authority.endIndex...].prefix { $0 != "#" })
        if path.isEmpty { path = "/" } else if path.first == "?" { path = "/" + path }
        let host: Substring
        var portText: Substring = ""
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<end]
            portText = authority[authority.index(after: end)...]
        } else {
            host = authority.prefix { $0 != ":" }
            portText = authority[host.endIndex...]
        }
        var port = 80
        if !portText.isEmpty {
            guard portText.first == ":", let given = Int(portText.dropFirst()), (1...65_535).contains(given) else {
                throw SCXMLIOProcessorError("the target '\(shown(address))' has no valid port (1 to 65535)")
            }
            port = given
        }
        guard !host.isEmpty, !host.contains("@"), path.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw SCXMLIOProcessorError("the target '\(shown(address))' is not a usable http:// address (a host, then a path without spaces)")
        }
        return Target(host: String(host), port: port, path: path, authority: String(authority))
    }

    /// Whether `host` is this computer's loopback: `localhost`, `127.0.0.0/8` or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Posts `body` to `address` and returns once the target answered with a 2xx status.
    ///
    /// Blocks the calling thread (not an event loop's) until then, at most ``timeout``.
    ///
    /// - Throws: `SCXMLIOProcessorError` when the address is not usable or not allowed, the
    ///   connection fails, the answer does not come in time, or its status is not 2xx.
    func post(to address: String, body: String, headers: [(String, String)]) throws(SCXMLIOProcessorError) {
        let target = try Self.target(address)
        guard allowsRemoteTargets || Self.isLoopback(target.host) else {
            throw SCXMLIOProcessorError(
                "the target '\(Self.shown(address))' is not on this computer; this processor posts to loopback addresses only unless allowsRemoteTargets is set"
            )
        }
        var request = "POST \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\n"
        request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in headers where !value.contains(where: \.isNewline) { request += "\(name): \(value)\r\n" }
        request += "\r\n" + body
        let answer: [UInt8]
        do {
            answer = try exchange(host: target.host, port: target.port, request: Array(request.utf8))
        } catch is Timeout {
            throw SCXMLIOProcessorError("posting to '\(Self.shown(address))' got no answer within \(timeout)")
        } catch {
            throw SCXMLIOProcessorError("cannot post to '\(Self.shown(address))': \(error)")
        }
        let statusLine = String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let fields = statusLine.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), let status = Int(fields[1]) else {
            throw SCXMLIOProcessorError("'\(Self.shown(address))' did not answer with HTTP")
        }
        guard (200..<300).contains(status) else {
            let body = answer.firstRange(of: Array("\r\n\r\n".utf8)).map { answer[$0.upperBound...] }
            let reason = body.map { String(decoding: $0.prefix(200), as: UTF8.self) } ?? ""
            throw SCXMLIOProcessorError(
                "'\(Self.shown(address))' refused the event: \(statusLine)" + (reason.isEmpty ? "" : " (\(reason))")
            )
        }
    }

    /// Sends `request` as it is to `host:port` and returns what the server answered until it
    /// closed the connection, at most ``maxResponseSize`` bytes. Blocks the calling thread, at
    /// most ``timeout``.
    ///
    /// - Throws: ``Timeout``, or the connection's error.
    func exchange(host: String, port: Int, request: [UInt8]) throws -> [UInt8] {
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: [UInt8].self)
        let limit = maxResponseSize
        let deadline = TimeAmount.nanoseconds(Self.nanoseconds(timeout))
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(deadline)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise, limit: limit))
                }
            }
        let connecting = bootstrap.connect(host: host, port: port)
        connecting.whenFailure { promise.fail($0) }
        connecting.whenSuccess { channel in
            var buffer = channel.allocator.buffer(capacity: request.count)
            buffer.writeBytes(request)
            channel.writeAndFlush(buffer).whenFailure { promise.fail($0) }
            let timer = channel.eventLoop.scheduleTask(in: deadline) {
                promise.fail(Timeout())
                channel.close(promise: nil)
            }
            promise.futureResult.whenComplete { _ in timer.cancel() }
        }
        return try promise.futureResult.wait()
    }

    /// A duration in nanoseconds, at least 0 and at most a day.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < 86_400 else { return 86_400 * 1_000_000_000 }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// An address as a message quotes it, its `token=` value hidden: control characters
    /// escaped, at most 100 bytes.
    static func shown(_ address: String) -> String {
        var text = address
        if let range = text.range(of: "token=") {
            let end = text[range.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(range.upperBound..<end, with: "…")
        }
        return text.excerpt()
    }

    struct Timeout: Error {}
}

/// Collects the answer's bytes until the server closes the connection, at most `limit`.
private final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    // Used only on the channel's event loop.
    private var bytes: [UInt8] = []
    private let promise: EventLoopPromise<[UInt8]>
    private let limit: Int

    init(promise: EventLoopPromise<[UInt8]>, limit: Int) {
        self.promise = promise
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        bytes += buffer.readableBytesView.prefix(max(0, limit - bytes.count))
        if bytes.count >= limit {
            promise.succeed(bytes)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed(bytes)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}
#endif
