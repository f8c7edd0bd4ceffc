#if Inspector
import Foundation
import Testing
import Statecraft
import StatecraftInspector
import StatecraftRuntime

@Suite("Starting, the token and updates")
struct ServerTests {
    @Test func itListensOnTheLoopbackInterfaceByDefault() {
        let configuration = InspectorConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == InspectorConfiguration.defaultPort)
    }

    @Test func theTokenIsRandomUnlessGiven() {
        let first = Inspector(configuration: InspectorConfiguration(port: 0)).token
        let second = Inspector(configuration: InspectorConfiguration(port: 0)).token
        #expect(first.count == 64 && first.allSatisfy(\.isHexDigit))
        #expect(first != second)
        #expect(Inspector(configuration: InspectorConfiguration(token: "given")).token == "given")
    }

    @Test func theAddressNamesThePortPickedAndThePageURLCarriesTheToken() async throws {
        let (inspector, port) = try await startedInspector()
        let address = try #require(inspector.address)
        #expect(address.port == port && port > 0)
        #expect(address.pageURL == "http://127.0.0.1:\(port)/?token=secret-token")
        await inspector.stop()
        #expect(inspector.address == nil)
        #expect(throws: WireError.self) { try Connection(port: port) }
    }

    @Test func aTakenPortIsReportedNotACrash() async throws {
        let (inspector, port) = try await startedInspector()
        let second = Inspector(configuration: InspectorConfiguration(port: port))
        await #expect(throws: InspectorError.self) { try await second.start() }
        await inspector.stop()
    }

    @Test func thePageHearsOfEachRecordOverTheWebSocket() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        try await waitForRecord(inspector, "deck", 1)
        let socket = try await SocketClient.open("/updates", port: port)
        let hello = try JSONSerialization.jsonObject(with: Data(try await socket.next().utf8))
        #expect(member(hello, "type") as? String == "machines")
        #expect((member(hello, "machines") as? [[String: Any]])?.map { $0["id"] as? String } == ["deck"])
        await runtime.send(.power)
        let update = try JSONSerialization.jsonObject(with: Data(try await socket.next().utf8))
        #expect(member(update, "type") as? String == "record")
        #expect(member(update, "machine") as? String == "deck")
        #expect(member(update, "record", "sequence") as? Int == 2)
        #expect(member(update, "record", "event", "name") as? String == "power")
        #expect(member(update, "record", "snapshot", "activeStates") as? [String] == ["on", "stopped"])
        _ = try inspectedDeck(inspector, id: "second")
        let listed = try JSONSerialization.jsonObject(with: Data(try await socket.next().utf8))
        #expect((member(listed, "machines") as? [[String: Any]])?.map { $0["id"] as? String } == ["deck", "second"])
        await inspector.stop()
    }
}
#endif
