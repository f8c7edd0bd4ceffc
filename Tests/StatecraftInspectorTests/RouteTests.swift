#if Inspector
import Foundation
import Testing
import Statecraft
import StatecraftInspector
import StatecraftRuntime
import StatecraftSCXML
import StatecraftTesting

@Suite("The inspector's routes")
struct RouteTests {
    @Test func thePageAndItsFilesAreServedWithTheirTypes() async throws {
        let (inspector, port) = try await startedInspector()
        defer { Task { await inspector.stop() } }
        let page = try await HTTP.get("/?token=secret-token", port: port, token: nil)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        // The files' addresses carry the token: a browser sends no header for them.
        #expect(page.body.contains(#"<script src="/page.js?token=secret-token"></script>"#))
        #expect(page.body.contains(#"href="/page.css?token=secret-token""#))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(page.headers["referrer-policy"] == "no-referrer")
        let script = try await HTTP.get("/page.js?token=secret-token", port: port, token: nil)
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.body.contains("data-state-id"))
        #expect(script.body.contains(#""statecraft-token." + token"#))
        let style = try await HTTP.get("/page.css?token=secret-token", port: port, token: nil)
        #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
        await inspector.stop()
    }

    @Test func machinesAreListedByIDInTheOrderAdded() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector, id: "deck-1")
        _ = try inspector.inspect(document: try SCXMLDocument(xml: lightXML), id: "light")
        let reply = try await HTTP.get("/machines", port: port)
        let machines = try #require(reply.json as? [[String: Any]])
        #expect(machines.map { $0["id"] as? String } == ["deck-1", "light"])
        #expect(machines.map { $0["kind"] as? String } == ["typed", "scxml"])
        #expect(machines[0]["events"] as? [String] == ["power", "play", "pause", "stop", "load"])
        #expect(machines[1]["acceptsAnyEvent"] as? Bool == true)
        #expect(inspector.machineIDs == ["deck-1", "light"])
        await inspector.stop()
    }

    @Test func theSnapshotHasStatesTimersAndTheEncodableContext() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        await runtime.send(.power)
        await runtime.send(.load(track: 7))
        await runtime.send(.play)
        await runtime.send(.pause)
        for path in ["/snapshot", "/machines/deck/snapshot"] {
            let reply = try await HTTP.get(path, port: port)
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            let snapshot = reply.json
            #expect(member(snapshot, "activeStates") as? [String] == ["on", "paused"])
            #expect(member(snapshot, "status") as? String == "running")
            #expect(member(snapshot, "context", "track") as? Int == 7)
            #expect(member(snapshot, "context", "plays") as? Int == 1)
            #expect(member(snapshot, "contextEncodable") as? Bool == true)
            let timers = try #require(member(snapshot, "timers") as? [[String: Any]])
            #expect(timers.count == 1)
            #expect(timers.first?["in"] as? Double == 30)
            #expect((timers.first?["what"] as? String)?.contains("paused") == true)
        }
        await inspector.stop()
    }

    @Test func theStructureIsTheChartsJSON() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector)
        for path in ["/structure", "/machines/deck/structure"] {
            let reply = try await HTTP.get(path, port: port)
            let states = try #require(member(reply.json, "states") as? [[String: Any]])
            #expect(states.map { $0["id"] as? String } == ["off", "on", "stopped", "playing", "paused"])
            #expect(states[1]["kind"] as? String == "compound")
        }
        await inspector.stop()
    }

    @Test func anEventWithTheTokenMovesTheMachineAndAnswersWithItsStep() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "power"}"#)
        #expect(reply.status == 200)
        #expect(member(reply.json, "machine") as? String == "deck")
        #expect(member(reply.json, "event", "name") as? String == "power")
        let transitions = try #require(member(reply.json, "transitions") as? [[String: Any]])
        #expect(transitions.map { "\($0["source"] ?? "")->\($0["target"] ?? "")" } == ["off->on"])
        #expect(member(reply.json, "snapshot", "activeStates") as? [String] == ["on", "stopped"])
        #expect(await runtime.snapshot().activeStates == [.on, .stopped])
        // Only the header: the query is the page's place for the token, not this route's.
        let query = try await HTTP.request(
            "POST", "/machines/deck/events?token=secret-token", port: port, body: #"{"name": "load", "data": {"track": 4}}"#
        )
        #expect(query.status == 401)
        #expect(query.error?.contains("a ?token= query is read only by the page") == true, "\(query.body)")
        let named = try await HTTP.post("/machines/deck/events", port: port, token: "secret-token", body: #"{"name": "load", "data": {"track": 4}}"#)
        #expect(named.status == 200)
        #expect(member(named.json, "event", "data", "load", "track") as? Int == 4)
        #expect(await runtime.snapshot().context.track == 4)
        await inspector.stop()
    }

    /// Each refusal: its status, a message, and nothing sent.
    @Test(arguments: [
        ("/events", nil, #"{"name": "power"}"#, 401, "needs the token"),
        ("/events", "wrong", #"{"name": "power"}"#, 403, "not this inspector's"),
        ("/events", "secret-token", #"{"name": "power""#, 400, "not JSON"),
        ("/events", "secret-token", #"["power"]"#, 400, "JSON object"),
        ("/events", "secret-token", #"{"data": 1}"#, 400, "needs \"name\""),
        ("/events", "secret-token", #"{"name": "power", "extra": 1}"#, 400, "only \"name\" and \"data\""),
        ("/events", "secret-token", #"{"name": "eject"}"#, 422, "has no event 'eject'"),
        ("/events", "secret-token", #"{"name": "load", "data": {"track": "x"}}"#, 422, "for example"),
        ("/machines/tape/events", "secret-token", #"{"name": "power"}"#, 404, "no machine has id 'tape'"),
        ("/events", "secret-token", String(repeating: " ", count: 5_000) + #"{"name": "power"}"#, 413, "larger than 4096 bytes"),
    ] as [(String, String?, String, Int, String)])
    func aBadRequestGetsAClearRefusalAndChangesNothing(
        path: String, token: String?, body: String, status: Int, message: String
    ) async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        try await waitForRecord(inspector, "deck", 1)
        let reply = try await HTTP.post(path, port: port, token: token, body: body)
        #expect(reply.status == status)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(reply.error?.contains(message) == true, "\(reply.body)")
        #expect(await runtime.snapshot().activeStates == [.off])
        #expect(inspector.latestSequence(of: "deck") == 1)
        await inspector.stop()
    }

    @Test func routesForTheSingleMachineRefuseWhenSeveralAreInspected() async throws {
        let (inspector, port) = try await startedInspector()
        let first = try inspectedDeck(inspector, id: "a")
        let second = try inspectedDeck(inspector, id: "b")
        let refused = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "power"}"#)
        #expect(refused.status == 409)
        #expect(refused.error?.contains("/machines/<id>") == true)
        #expect(try await HTTP.get("/snapshot", port: port).status == 409)
        let named = try await HTTP.post("/machines/b/events", port: port, token: "secret-token", body: #"{"name": "power"}"#)
        #expect(named.status == 200)
        #expect(await first.snapshot().activeStates == [.off])
        #expect(await second.snapshot().activeStates == [.on, .stopped])
        #expect(member(try await HTTP.get("/machines/b/snapshot", port: port).json, "activeStates") as? [String] == ["on", "stopped"])
        #expect(try await HTTP.get("/machines/c/snapshot", port: port).status == 404)
        await inspector.stop()
    }

    @Test func aStoppedRuntimeRefusesEventsAndKeepsItsHistory() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        await runtime.send(.power)
        try await waitForRecord(inspector, "deck", 2)
        await runtime.stop()
        let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "play"}"#)
        #expect(reply.status == 409)
        #expect(reply.error?.contains("did not take the event") == true)
        #expect(member(reply.json, "code") as? String == "stopped")
        #expect(inspector.history(of: "deck")?.map(\.sequence) == [1, 2])
        #expect(member(try await HTTP.get("/snapshot", port: port).json, "activeStates") as? [String] == ["on", "stopped"])
        await inspector.stop()
    }

    @Test func aRequestForAnotherHostNameIsRefused() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector)
        let foreign = try await HTTP.get("/snapshot", port: port, host: "attacker.example:\(port)")
        #expect(foreign.status == 421)
        #expect(try await HTTP.get("/?token=secret-token", port: port, host: "attacker.example", token: nil).status == 421)
        #expect(try await HTTP.get("/snapshot", port: port, host: "localhost:\(port)").status == 200)
        await inspector.stop()
    }

    @Test func anSCXMLSessionTakesAnyEventNameWithData() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspector.inspect(document: try SCXMLDocument(xml: lightXML), id: "light", clock: ManualClock())
        let before = try await HTTP.get("/snapshot", port: port)
        #expect(member(before.json, "context", "speed") as? Int == 0)
        let timers = try #require(member(before.json, "timers") as? [[String: Any]])
        #expect(timers.map { $0["id"] as? String } == ["t"])
        #expect(timers.first?["in"] as? Double == 5)
        let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "go", "data": {"speed": 3}}"#)
        #expect(reply.status == 200)
        #expect(member(reply.json, "snapshot", "activeStates") as? [String] == ["green"])
        #expect(member(reply.json, "snapshot", "context", "speed") as? Int == 3)
        #expect(member(reply.json, "event", "data", "speed") as? Int == 3)
        #expect(await runtime.snapshot().activeStates == ["green"])
        let badName = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "go now"}"#)
        #expect(badName.status == 400)
        #expect(await runtime.snapshot().activeStates == ["green"])
        await inspector.stop()
    }
}
#endif
