#if Inspector
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import StatecraftSCXML

/// The routes: the page, the machines' JSON, sending events, and the WebSocket of updates.
extension Inspector {
    typealias Context = BasicWebSocketRequestContext

    func httpRouter() -> Router<Context> {
        let router = Router(context: Context.self)
        router.get("/") { request, _ in self.guarded(request) { self.page(PageText.html, type: "text/html; charset=utf-8") } }
        router.get("/page.js") { request, _ in
            self.guarded(request) { self.page(PageText.script, type: "text/javascript; charset=utf-8") }
        }
        router.get("/page.css") { request, _ in
            self.guarded(request) { self.page(PageText.style, type: "text/css; charset=utf-8") }
        }
        router.get("/machines") { request, _ in await self.json(request) { _ in self.machinesJSON } }
        for (path, id) in [("", false), ("/machines/:id", true)] {
            router.get("\(path)/snapshot") { request, context in
                await self.json(request) { _ throws(InspectorError) in
                    try await self.machine(id ? context.parameters.get("id") : nil).snapshot()
                }
            }
            router.get("\(path)/structure") { request, context in
                await self.json(request) { _ throws(InspectorError) in try self.machine(id ? context.parameters.get("id") : nil).structure }
            }
            router.get("\(path)/history") { request, context in
                await self.json(request) { _ throws(InspectorError) in
                    JSONText.array(try self.machine(id ? context.parameters.get("id") : nil).recorder.records.map(\.json))
                }
            }
            router.post("\(path)/events") { request, context in
                let machineID = id ? context.parameters.get("id") : nil
                return await self.json(request) { request throws(InspectorError) in
                    try self.authorize(request)
                    let machine = try self.machine(machineID)
                    let (name, data) = try await self.readEvent(&request)
                    return try await machine.send(name, data)
                }
            }
        }
        return router
    }

    func webSocketRouter() -> Router<Context> {
        let router = Router(context: Context.self)
        router.ws("/updates") { request, _ in
            (try? self.checkHost(request)) == nil ? .dontUpgrade : .upgrade([:])
        } onUpgrade: { inbound, outbound, _ in
            let messages = self.hub.subscribe()
            try await outbound.write(.text(self.machinesMessage()))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The page sends nothing; reading notices when it goes away.
                    for try await _ in inbound.messages(maxSize: 1024) {}
                }
                group.addTask {
                    for await message in messages { try await outbound.write(.text(message)) }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
        return router
    }

    // MARK: Answers

    /// Answers with JSON, or with the error's status and `{"error": "..."}`.
    func json(
        _ request: Request, _ body: (inout Request) async throws(InspectorError) -> String
    ) async -> Response {
        var request = request
        do {
            try checkHost(request)
            return respond(.ok, try await body(&request), type: "application/json")
        } catch {
            return failure(error)
        }
    }

    /// Answers with one of the page's files, when the host is right.
    func guarded(_ request: Request, _ body: () -> Response) -> Response {
        do {
            try checkHost(request)
            return body()
        } catch {
            return failure(error)
        }
    }

    func page(_ text: String, type: String) -> Response {
        var response = respond(.ok, text, type: type)
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
        return response
    }

    func failure(_ error: InspectorError) -> Response {
        respond(
            HTTPResponse.Status(code: error.status),
            JSONText.object([("error", JSONText.string(error.message)), ("code", JSONText.string(error.code.name))]),
            type: "application/json"
        )
    }

    func respond(_ status: HTTPResponse.Status, _ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        // The page's address holds the token: never hand it to another site.
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: Checks

    /// Refuses a request addressed to another host name than this inspector's own, so that a
    /// page elsewhere whose name was pointed at this computer cannot read it. An inspector
    /// told to listen on every interface (`0.0.0.0`, `::`) takes any host name.
    func checkHost(_ request: Request) throws(InspectorError) {
        let listening = configuration.host
        if listening == "0.0.0.0" || listening == "::" { return }
        guard let authority = request.head.authority else {
            throw InspectorError(code: .foreignHost, message: "the request names no host; send a Host header")
        }
        let name: Substring
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            name = authority[authority.index(after: authority.startIndex)..<end]
        } else {
            name = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        let own: Set<Substring> = ["127.0.0.1", "localhost", "::1", Substring(listening)]
        guard own.contains(name.lowercased()[...]) else {
            throw InspectorError(
                code: .foreignHost,
                message: "this inspector answers requests to \(listening) or localhost, not to '\(authority)'"
            )
        }
    }

    /// Requires the token, from `Authorization: Bearer <token>` or `?token=<token>`.
    func authorize(_ request: Request) throws(InspectorError) {
        var given: String?
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw InspectorError(code: .missingToken, message: "the Authorization header must be 'Bearer <token>'")
            }
            given = String(parts[1]).trimmingCharacters(in: .whitespaces)
        } else if let query = request.uri.queryParameters["token"] {
            given = String(query)
        }
        guard let given, !given.isEmpty else {
            throw InspectorError(
                code: .missingToken,
                message: "sending an event needs the token printed when the inspector started: 'Authorization: Bearer <token>' or '?token=<token>'"
            )
        }
        guard AccessToken.matches(given, token) else {
            throw InspectorError(code: .wrongToken, message: "the token is not this inspector's; use the one it printed as 'token: ...'")
        }
    }

    /// Reads `{"name": "...", "data": ...}` from the body, at most `maxBodySize` bytes.
    func readEvent(_ request: inout Request) async throws(InspectorError) -> (String, SCXMLValue?) {
        let limit = configuration.maxBodySize
        let tooLarge = InspectorError(
            code: .bodyTooLarge, message: "the body is larger than \(limit) bytes; send the event with smaller data"
        )
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw tooLarge
        }
        let value: SCXMLValue
        do {
            value = try JSONDecoder().decode(SCXMLValue.self, from: Data(buffer.readableBytesView))
        } catch {
            throw InspectorError(
                code: .badRequest, message: #"the body is not JSON; send {"name": "EVENT", "data": ...} (data is optional)"#
            )
        }
        guard case .object(let members) = value else {
            throw InspectorError(code: .badRequest, message: #"the body must be a JSON object: {"name": "EVENT", "data": ...}"#)
        }
        guard case .string(let name)? = members.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
            throw InspectorError(code: .badRequest, message: #"the body needs "name", the event's name as a non-empty string"#)
        }
        if let unknown = members.first(where: { $0.name != "name" && $0.name != "data" }) {
            throw InspectorError(code: .badRequest, message: "the body has '\(unknown.name)'; only \"name\" and \"data\" are read")
        }
        return (name, members.first { $0.name == "data" }?.value)
    }
}
#endif
