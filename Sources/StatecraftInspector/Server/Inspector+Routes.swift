#if Inspector
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Statecraft
import StatecraftSCXML

/// The routes: the page, the machines' JSON, sending events, and the WebSocket of updates.
extension Inspector {
    typealias Context = BasicWebSocketRequestContext

    func httpRouter() -> Router<Context> {
        let router = Router(context: Context.self)
        router.get("/") { _, _ in
            let page = PageText.html.replacingOccurrences(of: PageText.tokenPlaceholder, with: self.token)
            return self.page(page, type: "text/html; charset=utf-8")
        }
        router.get("/page.js") { _, _ in self.page(PageText.script, type: "text/javascript; charset=utf-8") }
        router.get("/page.css") { _, _ in self.page(PageText.style, type: "text/css; charset=utf-8") }
        router.get("/machines") { request, _ in await self.json(request) { _ in self.machinesJSON } }
        router.get("/updates") { request, _ in
            await self.json(request) { _ throws(InspectorError) -> String in
                throw InspectorError(
                    code: .badRequest, message: "/updates is a WebSocket: open it with 'Upgrade: websocket' and the token's subprotocol"
                )
            }
        }
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
            // Refused here, the request goes on to the HTTP routes, whose door answers it with
            // the rule it broke; nothing of a machine is sent before the upgrade.
            guard let grant = try? self.access.decide(request.head), grant.route == .feed else { return .dontUpgrade }
            var headers = Self.securityHeaders(contentSecurityPolicy: Self.dataPolicy)
            if let subprotocol = grant.subprotocol { headers[.secWebSocketProtocol] = subprotocol }
            return .upgrade(headers)
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

    /// Answers with JSON, or with the error's status and `{"error": "...", "code": "..."}`.
    func json(
        _ request: Request, _ body: (inout Request) async throws(InspectorError) -> String
    ) async -> Response {
        var request = request
        do {
            return respond(.ok, try await body(&request), type: "application/json")
        } catch {
            return failure(error)
        }
    }

    /// One of the page's files, with the page's content security policy.
    func page(_ text: String, type: String) -> Response {
        var response = respond(.ok, text, type: type)
        response.headers[.contentSecurityPolicy] = Self.pagePolicy
        return response
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
            throw InspectorError(code: .badRequest, message: "the body has '\(unknown.name.excerpt())'; only \"name\" and \"data\" are read")
        }
        return (name, members.first { $0.name == "data" }?.value)
    }
}
#endif
