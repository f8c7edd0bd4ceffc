#if Inspector
import Foundation
import Testing
import Statecraft
import StatecraftInspector
import StatecraftRuntime

/// Every route, as the door sees it: where it takes the token.
enum Place: Sendable {
    case query, header, subprotocol
}

/// A route of the inspector and a request to it.
struct Route: Sendable, CustomStringConvertible {
    var method: String
    var path: String
    var place: Place
    var body: String?

    var description: String { "\(method) \(path)" }

    static let all: [Route] = [
        Route(method: "GET", path: "/", place: .query),
        Route(method: "GET", path: "/page.js", place: .query),
        Route(method: "GET", path: "/page.css", place: .query),
        Route(method: "GET", path: "/machines", place: .header),
        Route(method: "GET", path: "/snapshot", place: .header),
        Route(method: "GET", path: "/structure", place: .header),
        Route(method: "GET", path: "/history", place: .header),
        Route(method: "GET", path: "/machines/deck/snapshot", place: .header),
        Route(method: "GET", path: "/machines/deck/structure", place: .header),
        Route(method: "GET", path: "/machines/deck/history", place: .header),
        Route(method: "POST", path: "/events", place: .header, body: #"{"name": "power"}"#),
        Route(method: "POST", path: "/machines/deck/events", place: .header, body: #"{"name": "power"}"#),
        Route(method: "GET", path: "/no-such-route", place: .header),
        Route(method: "DELETE", path: "/history", place: .header),
        Route(method: "GET", path: "/updates", place: .subprotocol),
    ]

    /// The request with `token` in `place` (none when `nil`) and `headers`.
    func send(port: Int, token: String?, in place: Place? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var path = path
        var headers = headers
        if let token {
            switch place ?? self.place {
            case .query: path += "?token=\(token)"
            case .header: headers["Authorization"] = "Bearer \(token)"
            case .subprotocol: headers["Sec-WebSocket-Protocol"] = "statecraft-inspector, statecraft-token.\(token)"
            }
        }
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await HTTP.request(method, path, port: port, headers: headers, body: body)
    }
}

/// What no refusal may hold: the machine's id, its states, its context, the token.
func holdsMachineData(_ text: String) -> Bool {
    ["deck", "activeStates", "stopped", "track", "snapshot", "secret-token"].contains { text.contains($0) }
}

/// The headers every answer carries, whatever it is.
func expectSecurityHeaders(_ reply: Reply, _ what: any CustomStringConvertible, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(reply.headers["x-frame-options"] == "DENY", "\(what)", sourceLocation: sourceLocation)
    #expect(reply.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true, "\(what)", sourceLocation: sourceLocation)
    #expect(reply.headers["x-content-type-options"] == "nosniff", "\(what)", sourceLocation: sourceLocation)
    #expect(reply.headers["referrer-policy"] == "no-referrer", "\(what)", sourceLocation: sourceLocation)
    #expect(reply.headers["cache-control"] == "no-store", "\(what)", sourceLocation: sourceLocation)
}

@Suite("The inspector's door: the token, the origin and the headers on every route")
struct DoorTests {
    @Test(arguments: Route.all)
    func everyRouteRefusesARequestWithoutTheToken(route: Route) async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        let reply = try await route.send(port: port, token: nil)
        #expect(reply.status == 401, "\(reply.body)")
        #expect(member(reply.json, "code") as? String == "missingToken")
        #expect(reply.error?.contains("token") == true)
        #expect(!holdsMachineData(reply.body), "\(reply.body)")
        expectSecurityHeaders(reply, route)
        #expect(await runtime.snapshot().activeStates == [.off])
        await inspector.stop()
    }

    @Test(arguments: Route.all)
    func everyRouteRefusesAWrongToken(route: Route) async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        for wrong in ["secret-tokem", "secret-token-and-more", "secret", "SECRET-TOKEN"] {
            let reply = try await route.send(port: port, token: wrong)
            #expect(reply.status == 403, "\(route) with \(wrong): \(reply.body)")
            #expect(member(reply.json, "code") as? String == "wrongToken")
            #expect(!holdsMachineData(reply.body), "\(reply.body)")
            expectSecurityHeaders(reply, route)
        }
        #expect(await runtime.snapshot().activeStates == [.off])
        await inspector.stop()
    }

    /// The right token, anywhere but the route's one place: a cookie nobody set, headers of
    /// other names, another scheme, the other routes' places.
    @Test(arguments: Route.all)
    func everyRouteRefusesTheTokenInTheWrongPlace(route: Route) async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        var attempts: [(String, Place?, [String: String])] = [
            ("a cookie", nil, ["Cookie": "token=secret-token"]),
            ("X-Token", nil, ["X-Token": "secret-token"]),
            ("X-Authorization", nil, ["X-Authorization": "Bearer secret-token"]),
            ("Basic", nil, ["Authorization": "Basic secret-token"]),
            ("a bare Authorization", nil, ["Authorization": "secret-token"]),
        ]
        for place in [Place.query, .header, .subprotocol] where place != route.place {
            attempts.append(("the \(place)", place, [:]))
        }
        for (what, place, headers) in attempts {
            let reply = try await route.send(port: port, token: place == nil ? nil : "secret-token", in: place, headers: headers)
            #expect(reply.status == 401, "\(route) with the token in \(what): \(reply.status) \(reply.body)")
            #expect(member(reply.json, "code") as? String == "missingToken")
            #expect(!holdsMachineData(reply.body), "\(reply.body)")
            expectSecurityHeaders(reply, route)
        }
        #expect(await runtime.snapshot().activeStates == [.off])
        await inspector.stop()
    }

    @Test func theTokenInItsPlaceOpensEveryRouteAndEveryAnswerCarriesTheHeaders() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector)
        try await waitForRecord(inspector, "deck", 1)
        for route in Route.all where route.place != .subprotocol {
            let reply = try await route.send(port: port, token: "secret-token")
            let expected = route.path == "/no-such-route" || route.method == "DELETE" ? 404 : 200
            #expect(reply.status == expected, "\(route): \(reply.status) \(reply.body)")
            expectSecurityHeaders(reply, route)
        }
        // Refusals past the door carry them too: a bad body, one too large.
        for body in [#"{"name": "#, String(repeating: " ", count: 5_000)] {
            let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: body)
            #expect(reply.status == 400 || reply.status == 413)
            expectSecurityHeaders(reply, "POST /events with a bad body")
        }
        // A plain GET of the WebSocket's route, with the token: not a WebSocket, said so.
        let plain = try await HTTP.request("GET", "/updates", port: port, headers: [
            "Sec-WebSocket-Protocol": "statecraft-token.secret-token",
        ])
        #expect(plain.status == 400)
        #expect(plain.error?.contains("WebSocket") == true)
        expectSecurityHeaders(plain, "GET /updates without an upgrade")
        await inspector.stop()
    }

    @Test func aWriteFromAForeignOriginIsRefusedAndChangesNothing() async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        for origin in [
            "http://attacker.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:\(port)", "http://localhost:\(port)",
            "http://127.0.0.1:\(port).attacker.example",
        ] {
            let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "power"}"#, headers: ["Origin": origin])
            #expect(reply.status == 403, "\(origin): \(reply.body)")
            #expect(member(reply.json, "code") as? String == "foreignOrigin")
            #expect(!holdsMachineData(reply.body), "\(reply.body)")
            expectSecurityHeaders(reply, origin)
            // Reads from another origin are refused as well.
            let read = try await HTTP.request("GET", "/snapshot", port: port, headers: ["Origin": origin, "Authorization": "Bearer secret-token"])
            #expect(read.status == 403 && !holdsMachineData(read.body), "\(origin): \(read.body)")
        }
        #expect(await runtime.snapshot().activeStates == [.off])
        // The page's own origin, and a tool that sends none, may write.
        let own = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "power"}"#, headers: ["Origin": "http://127.0.0.1:\(port)"])
        #expect(own.status == 200, "\(own.body)")
        let tool = try await HTTP.post("/events", port: port, token: "secret-token", body: #"{"name": "power"}"#)
        #expect(tool.status == 200)
        #expect(await runtime.snapshot().activeStates == [.off])
        await inspector.stop()
    }

    @Test func theFeedWithTheTokenInItsSubprotocolSendsTheMachines() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector)
        let attempt = try await SocketClient.attempt("/updates", port: port, headers: [
            "Sec-WebSocket-Protocol": "statecraft-inspector, statecraft-token.secret-token", "Origin": "http://127.0.0.1:\(port)",
        ])
        #expect(attempt.status == 101)
        // The browser needs one of its subprotocols back: the one that carries nothing.
        #expect(attempt.head.lowercased().contains("sec-websocket-protocol: statecraft-inspector\r\n"))
        #expect(!attempt.head.contains("secret-token"))
        #expect(attempt.head.contains("X-Frame-Options: DENY"))
        let client = try #require(attempt.client)
        let hello = try await client.next()
        #expect(hello.contains(#""type":"machines""#) && hello.contains("deck"))
        await inspector.stop()
    }

    /// No upgrade and no data: without the token, with it elsewhere, with another one, or
    /// from another site's page. A refused upgrade is answered by hummingbird-websocket itself:
    /// `400`, no body, the connection closed. The same request without `Upgrade` goes through
    /// the door's answer, which names the rule.
    @Test(arguments: [
        ("no token", [:], 401),
        ("the token in the query", ["X-Path-Query": "token=secret-token"], 401),
        ("the token in Authorization", ["Authorization": "Bearer secret-token"], 401),
        ("the token as a cookie", ["Cookie": "token=secret-token"], 401),
        ("only the page's subprotocol", ["Sec-WebSocket-Protocol": "statecraft-inspector"], 401),
        ("the bare token as a subprotocol", ["Sec-WebSocket-Protocol": "secret-token"], 401),
        ("a wrong token", ["Sec-WebSocket-Protocol": "statecraft-inspector, statecraft-token.secret-tokem"], 403),
        ("two tokens", ["Sec-WebSocket-Protocol": "statecraft-token.secret-token, statecraft-token.other"], 401),
        ("a foreign origin", ["Sec-WebSocket-Protocol": "statecraft-token.secret-token", "Origin": "http://attacker.example"], 403),
        ("origin null", ["Sec-WebSocket-Protocol": "statecraft-token.secret-token", "Origin": "null"], 403),
    ] as [(String, [String: String], Int)])
    func theFeedIsRefusedWithoutTheTokenInItsSubprotocolOrFromAnotherSite(
        what: String, headers: [String: String], status: Int
    ) async throws {
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        var headers = headers
        let path = headers.removeValue(forKey: "X-Path-Query").map { "/updates?" + $0 } ?? "/updates"
        let attempt = try await SocketClient.attempt(path, port: port, headers: headers)
        #expect(attempt.status == 400, "\(what): \(attempt.head)\(attempt.body)")
        #expect(attempt.client == nil)
        #expect(attempt.body.isEmpty && !holdsMachineData(attempt.head), "\(what): \(attempt.head)\(attempt.body)")
        let plain = try await HTTP.request("GET", path, port: port, headers: headers)
        #expect(plain.status == status, "\(what): \(plain.body)")
        #expect(!holdsMachineData(plain.body), "\(what): \(plain.body)")
        expectSecurityHeaders(plain, what)
        // Nothing a machine does reaches the refused connection: the answer ended it.
        await runtime.send(.power)
        try await waitForRecord(inspector, "deck", 2)
        await inspector.stop()
    }

    @Test func aRequestForAnotherHostIsRefusedBeforeTheToken() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspectedDeck(inspector)
        for route in Route.all {
            var headers: [String: String] = [:]
            var path = route.path
            switch route.place {
            case .query: path += "?token=secret-token"
            case .header: headers["Authorization"] = "Bearer secret-token"
            case .subprotocol: headers["Sec-WebSocket-Protocol"] = "statecraft-token.secret-token"
            }
            let reply = try await HTTP.request(route.method, path, port: port, headers: headers, host: "attacker.example:\(port)")
            #expect(reply.status == 421, "\(route)")
            #expect(member(reply.json, "code") as? String == "foreignHost")
            #expect(!holdsMachineData(reply.body))
            expectSecurityHeaders(reply, route)
        }
        let feed = try await SocketClient.attempt(
            "/updates", port: port, headers: ["Sec-WebSocket-Protocol": "statecraft-token.secret-token"], host: "attacker.example:\(port)"
        )
        #expect(feed.status == 400 && feed.client == nil && feed.body.isEmpty)
        await inspector.stop()
    }

    @Test(arguments: ["", "has space", "semi;colon", "caf\u{e9}", String(repeating: "a", count: 257)])
    func aTokenThatAnAddressCannotCarryIsRefusedAtStart(token: String) async throws {
        let inspector = Inspector(configuration: InspectorConfiguration(port: 0, token: token))
        await #expect(throws: InspectorError.self) { try await inspector.start() }
        do {
            try await inspector.start()
        } catch {
            #expect(error.code == .unusableToken)
            #expect(error.message.contains("letters, digits"))
        }
        #expect(inspector.address == nil)
    }

    @Test func aPortInUseIsRefusedAtStartWithTheAddressAndWhatToDo() async throws {
        let first = Inspector(configuration: InspectorConfiguration(port: 0, token: "secret-token"))
        let port = try await first.start().port
        let second = Inspector(configuration: InspectorConfiguration(port: port, token: "secret-token"))
        let error = await #expect(throws: InspectorError.self) { try await second.start() }
        #expect(error?.code == .cannotListen)
        #expect(error?.message.hasPrefix("cannot listen on 127.0.0.1:\(port): ") == true)
        #expect(error?.message.hasSuffix("choose another port (0 picks a free one)") == true)
        #expect(second.address == nil)
        #expect(first.address?.port == port)
        await first.stop()
    }
}
#endif
