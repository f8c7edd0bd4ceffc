#if Inspector
import Foundation
import Testing
import StatecraftInspector
import StatecraftRuntime
import StatecraftSCXML
import StatecraftTesting

@Suite("The media player's SCXML twin, inspected")
struct ExampleTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scxml/media-player.scxml")

    @Test func theTwinRunsUnderTheInspectorWithItsTimerAndData() async throws {
        let document = try SCXMLDocument(xml: String(contentsOf: Self.file, encoding: .utf8))
        #expect(document.structure.states.map(\.id) == [
            "off", "on", "playback", "stopped", "buffering", "playing", "paused", "audio", "loud", "muted", "resume",
        ])
        let (inspector, port) = try await startedInspector()
        let clock = ManualClock()
        let runtime = try inspector.inspect(document: document, id: "media-player", clock: clock)
        for name in ["power", "play", "mute"] {
            #expect(try await HTTP.post("/events", port: port, token: "secret-token", body: "{\"name\": \"\(name)\"}").status == 200)
        }
        let buffering = try await HTTP.get("/snapshot", port: port)
        #expect(member(buffering.json, "activeStates") as? [String] == ["on", "playback", "buffering", "audio", "muted"])
        #expect((member(buffering.json, "timers") as? [[String: Any]])?.map { $0["id"] as? String } == ["bufferTimer"])
        clock.advance(by: .seconds(2))
        await runtime.settle()
        let playing = try await HTTP.get("/snapshot", port: port)
        #expect(member(playing.json, "activeStates") as? [String] == ["on", "playback", "playing", "audio", "muted"])
        #expect(member(playing.json, "context", "tracksStarted") as? Int == 1)
        #expect((member(playing.json, "timers") as? [[String: Any]])?.isEmpty == true)
        await inspector.stop()
    }
}
#endif
