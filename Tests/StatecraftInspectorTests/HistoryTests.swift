#if Inspector
import Foundation
import Testing
import Statecraft
import StatecraftInspector
import StatecraftRuntime
import StatecraftTesting

@Suite("Recorded snapshots")
struct HistoryTests {
    @Test func everyEventIsRecordedWhoeverSentItWithItsTransitionsAndSnapshot() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        await runtime.send(.power)
        runtime.post(.load(track: 2))
        await runtime.send(.eject)
        try await waitForRecord(inspector, "deck", 4)
        let records = try #require(inspector.history(of: "deck"))
        #expect(records.map(\.sequence) == [1, 2, 3, 4])
        #expect(records.map(\.kind) == [.start, .event, .event, .event])
        #expect(records.map(\.eventName) == [nil, "power", "load", "power"])
        #expect(records.map(\.activeStates) == [["off"], ["on", "stopped"], ["on", "stopped"], ["off"]])
        let reply = try await HTTP.get("/history", port: port)
        let json = try #require(reply.json as? [[String: Any]])
        #expect(json.map { $0["sequence"] as? Int } == [1, 2, 3, 4])
        #expect(member(json[2], "event", "data", "load", "track") as? Int == 2)
        #expect(member(json[2], "snapshot", "context", "track") as? Int == 2)
        let moves = (json[3]["transitions"] as? [[String: Any]])?.map { "\($0["source"] ?? "")->\($0["target"] ?? "")" }
        #expect(moves == ["on->off"])
        #expect(json[3]["outcome"] as? String == "power: on -> off")
        await inspector.stop()
    }

    @Test func theHistoryKeepsOnlyTheNewestRecordsAndKeepsCounting() async throws {
        let (inspector, port) = try await startedInspector(historyLimit: 3)
        let runtime = try inspectedDeck(inspector)
        for _ in 0..<4 {
            await runtime.send(.power)
        }
        try await waitForRecord(inspector, "deck", 5)
        #expect(inspector.history(of: "deck")?.map(\.sequence) == [3, 4, 5])
        let json = try #require(try await HTTP.get("/machines/deck/history", port: port).json as? [[String: Any]])
        #expect(json.map { $0["sequence"] as? Int } == [3, 4, 5])
        #expect(json.map { member($0, "snapshot", "activeStates") as? [String] } == [["off"], ["on", "stopped"], ["off"]])
        #expect(member(try await HTTP.get("/machines", port: port).json.map { ($0 as? [Any])?.first }, "historyLimit") as? Int == 3)
        await inspector.stop()
    }

    @Test func transitionsTakenByTimersAreRecorded() async throws {
        let (inspector, _) = try await startedInspector()
        let chart = try deckChart()
        let clock = ManualClock()
        let runtime = DeckRuntime(chart: chart, context: Tape(), clock: clock)
        try inspector.inspect(runtime, chart: chart, id: "deck", events: deckEvents)
        for button in [Button.power, .play, .pause] { await runtime.send(button) }
        clock.advance(by: .seconds(30))
        await runtime.settle()
        try await waitForRecord(inspector, "deck", 5)
        let last = try #require(inspector.history(of: "deck")?.last)
        #expect(last.kind == .timers)
        #expect(last.activeStates == ["on", "stopped"])
        #expect(last.json.contains(#""transitions":[{"source":"paused","target":"stopped","event":null}]"#))
        await inspector.stop()
    }

    @Test func aRemovedMachineIsNoLongerShownOrRecorded() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        #expect(inspector.remove("deck"))
        #expect(!inspector.remove("deck"))
        await runtime.send(.power)
        #expect(inspector.history(of: "deck") == nil)
        #expect(try await HTTP.get("/machines/deck/snapshot", port: port).status == 404)
        #expect(throws: InspectorError.self) { try inspector.inspect(runtime, chart: try deckChart(), id: "bad id") }
        await inspector.stop()
    }

    @Test func aSecondMachineWithTheSameIDIsRefused() async throws {
        let inspector = Inspector(configuration: InspectorConfiguration(port: 0))
        _ = try inspectedDeck(inspector)
        #expect(throws: InspectorError.self) { _ = try inspectedDeck(inspector) }
    }
}

extension Button {
    /// `power` under another name, for reading the tests: it turns the deck off.
    static var eject: Button { .power }
}
#endif
