#if Inspector
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reply read off the wire.
struct Reply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: String

    /// The body as a JSON object or array.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) }
    /// The body's `error` message, for a refusal.
    var error: String? { (json as? [String: Any])?["error"] as? String }
}

/// A TCP connection to the inspector on the loopback interface, with blocking reads and writes
/// bounded by a ten-second timeout. Calls run on a thread of their own, never on the
/// concurrency pool that the server needs.
final class Connection: @unchecked Sendable {
    // Safe to send: one test task uses a connection at a time, awaiting each call.
    /// The socket, or -1 once closed. A class whose initializer throws after every stored
    /// property is set is deinitialized, so `deinit` is the one place that closes it: closing it
    /// on the way out of `init` as well closed it twice, and the second `close` could close a
    /// descriptor another thread had just been given the same number for (the server's accepted
    /// socket, which NIO then failed to register with EBADF and stopped the process).
    private var descriptor: Int32
    private var pending: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw WireError("socket() failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw WireError("cannot connect to port \(port)") }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw WireError("write failed") }
            offset += written
        }
    }

    /// Reads at least one more byte into `pending`; false at the end of the stream.
    private func fill() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw WireError("read timed out or failed") }
        if count == 0 { return false }
        pending += buffer[..<count]
        guard pending.count < 8_000_000 else { throw WireError("reply too large") }
        return true
    }

    /// Reads up to and including `delimiter`.
    func read(through delimiter: [UInt8]) throws -> [UInt8] {
        while true {
            if let range = find(delimiter) {
                let head = Array(pending[..<range])
                pending.removeFirst(range)
                return head
            }
            guard try fill() else { throw WireError("connection closed early") }
        }
    }

    private func find(_ delimiter: [UInt8]) -> Int? {
        guard pending.count >= delimiter.count else { return nil }
        for start in 0...(pending.count - delimiter.count) where Array(pending[start..<start + delimiter.count]) == delimiter {
            return start + delimiter.count
        }
        return nil
    }

    func read(count: Int) throws -> [UInt8] {
        while pending.count < count {
            guard try fill() else { throw WireError("connection closed early") }
        }
        let bytes = Array(pending[..<count])
        pending.removeFirst(count)
        return bytes
    }

    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { pending = [] }
        return pending
    }

    /// Runs blocking work on a thread of its own.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }
}

struct WireError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Plain HTTP/1.1 requests, one connection each.
enum HTTP {
    static func request(
        _ method: String, _ path: String, port: Int, headers: [String: String] = [:], body: String? = nil,
        host: String? = nil
    ) async throws -> Reply {
        try await Connection.offPool {
            let connection = try Connection(port: port)
            var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
            head += "\r\n"
            try connection.write(Array(head.utf8) + Array((body ?? "").utf8))
            let headBytes = try connection.read(through: Array("\r\n\r\n".utf8))
            let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ")[1]) ?? 0
            var fields: [String: String] = [:]
            for line in lines.dropFirst() where line.contains(":") {
                let parts = line.split(separator: ":", maxSplits: 1)
                fields[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
            let rest: [UInt8]
            if let length = fields["content-length"].flatMap({ Int($0) }) {
                rest = try connection.read(count: length)
            } else {
                rest = try connection.readToEnd()
            }
            return Reply(status: status, headers: fields, body: String(decoding: rest, as: UTF8.self))
        }
    }

    /// `GET`, with the token in the `Authorization` header (as every route but the page's
    /// takes it) unless `token` is `nil`.
    static func get(_ path: String, port: Int, host: String? = nil, token: String? = fixtureToken) async throws -> Reply {
        try await request("GET", path, port: port, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:], host: host)
    }

    /// `POST` with a JSON body, and the token in the `Authorization` header when given.
    static func post(
        _ path: String, port: Int, token: String?, body: String, headers extra: [String: String] = [:]
    ) async throws -> Reply {
        var headers = extra.merging(["Content-Type": "application/json"]) { first, _ in first }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await request("POST", path, port: port, headers: headers, body: body)
    }
}

/// A WebSocket client that reads the server's text messages.
final class SocketClient: @unchecked Sendable {
    // Safe to send: one test task uses it at a time, awaiting each call.
    private let connection: Connection

    private init(_ connection: Connection) { self.connection = connection }

    /// Opens the WebSocket the page opens: with the token's subprotocol, as the page sends it.
    static func open(_ path: String, port: Int, token: String = fixtureToken) async throws -> SocketClient {
        let attempt = try await attempt(path, port: port, headers: ["Sec-WebSocket-Protocol": "statecraft-inspector, statecraft-token.\(token)"])
        guard let client = attempt.client else { throw WireError("no upgrade: \(attempt.head)\(attempt.body)") }
        return client
    }

    /// What asking for an upgrade got: the answer's head, and the client when it upgraded or
    /// the body (all of it, up to the server's closing) when it did not.
    struct Attempt: Sendable {
        var head: String
        var body: String
        var client: SocketClient?

        var status: Int { Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    }

    /// Asks for an upgrade with `headers` (and the usual WebSocket ones).
    static func attempt(_ path: String, port: Int, headers: [String: String], host: String? = nil) async throws -> Attempt {
        try await Connection.offPool {
            let connection = try Connection(port: port)
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            var head = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            try connection.write(Array((head + "\r\n").utf8))
            let reply = String(decoding: try connection.read(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
            if reply.hasPrefix("HTTP/1.1 101") { return Attempt(head: reply, body: "", client: SocketClient(connection)) }
            let length = reply.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            let body = try length.map { try connection.read(count: $0) } ?? []
            return Attempt(head: reply, body: String(decoding: body, as: UTF8.self), client: nil)
        }
    }

    /// The next text message (control frames skipped).
    func next() async throws -> String {
        try await Connection.offPool { [connection] in
            for _ in 0..<1_000 {
                let head = try connection.read(count: 2)
                let opcode = head[0] & 0x0f
                var length = Int(head[1] & 0x7f)
                if length == 126 {
                    let bytes = try connection.read(count: 2)
                    length = Int(bytes[0]) << 8 | Int(bytes[1])
                } else if length == 127 {
                    length = try connection.read(count: 8).reduce(0) { $0 << 8 | Int($1) }
                }
                let payload = try connection.read(count: length)
                if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
                if opcode == 8 { throw WireError("closed by the server") }
            }
            throw WireError("no text message")
        }
    }
}
#endif
