#if HTTP
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP
import Testing

@Suite("The Basic HTTP server: who may post, and how much")
struct ServerTests {
    @Test func itListensOnLoopbackWithARandomTokenByDefault() {
        let configuration = SCXMLHTTPConfiguration()
        #expect(configuration.host == "127.0.0.1" && configuration.port == 0 && !configuration.allowsRemoteTargets)
        let first = SCXMLHTTPProcessor().token
        #expect(first.count == 64 && first != SCXMLHTTPProcessor().token)
    }

    @Test func aPortInUseIsRefusedAtStartWithTheAddressAndWhatToDo() async throws {
        let first = try await startedProcessor()
        let port = try #require(first.port)
        let second = SCXMLHTTPProcessor(configuration: SCXMLHTTPConfiguration(port: port, token: "test-token"))
        let error = await #expect(throws: SCXMLHTTPError.self) { try await second.start() }
        #expect(error?.code == .cannotListen)
        #expect(error?.message.hasPrefix("cannot listen on 127.0.0.1:\(port): ") == true)
        #expect(error?.message.hasSuffix("choose another port (0 picks a free one)") == true)
        #expect(second.port == nil)
        // The first server still answers; the failed one can be started elsewhere.
        #expect(first.port == port)
        await first.stop()
        let again = try await startedProcessor()
        #expect(again.port != nil)
        await again.stop()
    }

    @Test func anEndpointsLocationCarriesThePortAndTheToken() async throws {
        let processor = try await startedProcessor()
        let port = try #require(processor.port)
        let endpoint = try processor.endpoint()
        #expect(endpoint.location.hasPrefix("http://127.0.0.1:\(port)/scxml/"))
        #expect(endpoint.location.hasSuffix("?token=test-token"))
        #expect(try processor.endpoint().location != endpoint.location)
        await processor.stop()
        #expect(processor.port == nil)
        #expect(throws: SCXMLHTTPError.self) { try processor.endpoint() }
    }

    @Test func aPostWithTheTokenIsQueuedAndAnswered200() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let endpoint = try processor.endpoint()
        let path = String(endpoint.location.dropFirst("http://127.0.0.1:\(port)".count))
        let answer = try await exchange(
            port: port, ["POST \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Type: application/x-www-form-urlencoded"],
            body: "_scxmleventname=hello&who=world"
        )
        #expect(answer.status == 200)
        let bearer = try await exchange(
            port: port, ["POST \(path.prefix { $0 != "?" }) HTTP/1.1", "Host: localhost:\(port)", "Authorization: Bearer test-token"],
            body: "plain"
        )
        #expect(bearer.status == 200)
        let events = endpoint.takeArrivals()
        #expect(events.map(\.name) == ["hello", "HTTP.POST"])
        #expect(events.first?.data == .object([SCXMLMember("who", .string("world"))]))
        #expect(events.first?.originType == "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor")
        #expect(events.last?.data == .string("plain"))
        #expect(endpoint.takeArrivals().isEmpty)
    }

    @Test func refusalsNameWhatWasWrong() async throws {
        let processor = try await startedProcessor(SCXMLHTTPConfiguration(token: "test-token", maxBodySize: 20, maxQueuedEvents: 1))
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let endpoint = try processor.endpoint()
        let path = String(endpoint.location.dropFirst("http://127.0.0.1:\(port)".count))
        let bare = String(path.prefix { $0 != "?" })
        let host = "Host: 127.0.0.1:\(port)"
        func post(_ lines: [String], body: String = "") async throws -> Answer { try await exchange(port: port, lines, body: body) }

        let noToken = try await post(["POST \(bare) HTTP/1.1", host])
        #expect(noToken.status == 401 && noToken.body.contains("needs its token"))
        let wrongToken = try await post(["POST \(bare)?token=nope HTTP/1.1", host])
        #expect(wrongToken.status == 403 && wrongToken.body == "the token is not this processor's")
        let foreignHost = try await post(["POST \(path) HTTP/1.1", "Host: attacker.example:\(port)"])
        #expect(foreignHost.status == 421 && foreignHost.body.contains("attacker.example"))
        let foreignOrigin = try await post(["POST \(path) HTTP/1.1", host, "Origin: http://attacker.example"])
        #expect(foreignOrigin.status == 403 && foreignOrigin.body.contains("requests from 'http://attacker.example' are refused"))
        let sameOrigin = try await post(["POST \(path) HTTP/1.1", host, "Origin: http://127.0.0.1:\(port)"], body: "_scxmleventname=a")
        #expect(sameOrigin.status == 200)
        let full = try await post(["POST \(path) HTTP/1.1", host], body: "_scxmleventname=b")
        #expect(full.status == 503 && full.body.contains("maxQueuedEvents"))
        #expect(endpoint.takeArrivals().map(\.name) == ["a"])
        let get = try await post(["GET \(path) HTTP/1.1", host])
        #expect(get.status == 405 && get.body.contains("POST only"))
        let unknown = try await post(["POST /scxml/nobody?token=test-token HTTP/1.1", host])
        #expect(unknown.status == 404)
        let tooLarge = try await post(["POST \(path) HTTP/1.1", host], body: String(repeating: "x", count: 21))
        #expect(tooLarge.status == 413 && tooLarge.body.contains("larger than 20 bytes"))
        let claimedLarge = try await post(["POST \(path) HTTP/1.1", host, "Content-Length: 1000000"])
        #expect(claimedLarge.status == 413)
        let malformed = try await post(["POST \(path) HTTP/1.1", host], body: "a=%zz")
        #expect(malformed.status == 400 && malformed.body.contains("not form-encoded"))
        #expect(endpoint.takeArrivals().isEmpty)
        endpoint.close()
        let closed = try await post(["POST \(path) HTTP/1.1", host], body: "_scxmleventname=c")
        #expect(closed.status == 404)
    }

    @Test func aConnectionThatStopsSendingIsClosed() async throws {
        let processor = try await startedProcessor(SCXMLHTTPConfiguration(token: "test-token", idleTimeout: .milliseconds(200)))
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let client = BasicHTTPClient(timeout: .seconds(5), maxResponseSize: 1_024, allowsRemoteTargets: false)
        let started = ContinuousClock.now
        // A head that never ends: the server closes the connection rather than wait for the rest.
        let outcome = await onThread { () -> Bool in
            (try? client.exchange(host: "127.0.0.1", port: port, request: Array("POST /scxml/x HTTP/1.1\r\nHost: 127".utf8))) != nil
        }
        #expect(outcome)
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aTokenThatAnAddressCannotCarryIsRefused() async {
        let processor = SCXMLHTTPProcessor(configuration: SCXMLHTTPConfiguration(token: "has space"))
        await #expect(throws: SCXMLHTTPError.self) { try await processor.start() }
    }
}
#endif
