#if HTTP
import Foundation
import StatecraftSCXML
import Testing
@testable import StatecraftSCXMLHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's cap on connections open at once (SCXMLHTTPConfiguration.maxConnections).
@Suite("Basic HTTP processor: connection cap")
struct ConnectionCapTests {
    /// A TCP connection to 127.0.0.1:`port` that sends nothing, open until closed.
    private func openConnection(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        return descriptor
    }

    /// Waits until the server counts `expected` connections, at most two seconds.
    private func waitForOpen(_ processor: SCXMLHTTPProcessor, _ expected: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while processor.connections.open != expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(processor.connections.open == expected)
    }

    @Test func aConnectionPastTheCapIsAnswered503NamingTheLimitAndTheOthersKeepWorking() async throws {
        let processor = try await startedProcessor(SCXMLHTTPConfiguration(token: "test-token", maxConnections: 2))
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let endpoint = try processor.endpoint()
        let path = String(endpoint.location.dropFirst("http://127.0.0.1:\(port)".count))
        let post = ["POST \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Type: application/x-www-form-urlencoded"]

        let held = [try openConnection(port: port), try openConnection(port: port)]
        try await waitForOpen(processor, 2)
        let refused = try await exchange(port: port, post, body: "_scxmleventname=refused")
        #expect(refused.status == 503)
        #expect(refused.body.contains("2 connections are open") && refused.body.contains("maxConnections"))
        #expect(endpoint.takeArrivals().isEmpty)

        for descriptor in held { close(descriptor) }
        try await waitForOpen(processor, 0)
        let admitted = try await exchange(port: port, post, body: "_scxmleventname=admitted")
        #expect(admitted.status == 200)
        #expect(endpoint.takeArrivals().map(\.name) == ["admitted"])
    }

    @Test func manyConnectionsAtOnceAreEachAnsweredAndNothingIsLeftCounted() async throws {
        let processor = try await startedProcessor(SCXMLHTTPConfiguration(token: "test-token", maxConnections: 3))
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let endpoint = try processor.endpoint()
        let path = String(endpoint.location.dropFirst("http://127.0.0.1:\(port)".count))
        let post = ["POST \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Type: application/x-www-form-urlencoded"]
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { try await exchange(port: port, post, body: "_scxmleventname=e\(index)").status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 20)
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 })
        #expect(endpoint.takeArrivals().count == statuses.filter { $0 == 200 }.count)
        try await waitForOpen(processor, 0)
    }
}
#endif
