#if HTTP
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Statecraft
import StatecraftInspector
import StatecraftSCXML
import Synchronization

extension SCXMLHTTPProcessor {
    /// Starts listening; returns once it does.
    ///
    /// - Returns: The port it listens on (the one picked, when the configuration asked for 0).
    /// - Throws: ``SCXMLHTTPError`` with code `cannotListen` when the address cannot be bound or
    ///   it is already running, `unusableToken` when the configured token is not 1 to 256
    ///   letters, digits, `-`, `.`, `_` or `~`.
    @discardableResult
    public func start() async throws(SCXMLHTTPError) -> Int {
        do {
            try Inspector.check(token: token)
        } catch {
            throw SCXMLHTTPError(code: .unusableToken, message: "the configured token cannot be carried in an address; use 1 to 256 letters, digits, '-', '.', '_' or '~' (or none, for a random one)")
        }
        if state.withLock({ $0.task != nil }) {
            throw SCXMLHTTPError(code: .cannotListen, message: "the processor is already listening; stop() it first")
        }
        let running: ServerLaunch.Running
        do {
            running = try await ServerLaunch.start(label: "statecraft.scxml.http") { logger, onServerRunning in
                Application(
                    responder: CallbackResponder<ConnectionContext> { request, context in
                        await self.answer(request, connection: context.connection)
                    },
                    server: .http1(configuration: .init(
                        additionalChannelHandlers: [ConnectionCounter(self.connections)],
                        idleTimeout: .nanoseconds(BasicHTTPClient.nanoseconds(configuration.idleTimeout))
                    )),
                    configuration: ApplicationConfiguration(
                        address: .hostname(configuration.host, port: configuration.port), serverName: "Statecraft SCXML"
                    ),
                    onServerRunning: onServerRunning,
                    logger: logger
                )
            }
        } catch {
            throw SCXMLHTTPError(
                code: .cannotListen,
                message: "cannot listen on \(configuration.host):\(configuration.port): \(error.reason); choose another port (0 picks a free one)"
            )
        }
        let (task, port) = (running.task, running.port)
        state.withLock { state in
            state.task = task
            state.port = port
        }
        return port
    }

    /// Stops listening and closes every endpoint.
    public func stop() async {
        let (task, endpoints) = state.withLock { state in
            defer {
                state.task = nil
                state.port = nil
            }
            return (state.task, Array(state.endpoints.values))
        }
        for endpoint in endpoints { endpoint.close() }
        task?.cancel()
        await task?.value
    }

    /// Answers one request: the connection cap, the access policy, then the endpoint, method,
    /// size and message.
    func answer(_ request: Request, connection: ObjectIdentifier) async -> Response {
        var request = request
        let admitted = connections.isAdmitted(connection)
        let (status, message) = admitted ? await receive(&request) : (
            .serviceUnavailable,
            "\(configuration.maxConnections) connections are open, the limit of this processor (maxConnections); try again later"
        )
        var headers = Inspector.securityHeaders(contentSecurityPolicy: Inspector.dataPolicy)
        headers[.contentType] = "text/plain; charset=utf-8"
        if !admitted { headers[.connection] = "close" }
        if status == .methodNotAllowed { headers[.allow] = "POST" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
    }

    private func receive(_ request: inout Request) async -> (HTTPResponse.Status, String) {
        var fields: [(name: String, value: String)] = request.head.authority.map { [("Host", $0)] } ?? []
        for field in request.headers { fields.append((field.name.rawName, field.value)) }
        let target = request.head.path ?? "/"
        guard target.utf8.count <= 8_192, fields.allSatisfy({ $0.value.utf8.count <= 8_192 }) else {
            return (.badRequest, "the request's target or a header is longer than 8192 bytes")
        }
        let policy = AccessPolicy(host: configuration.host, token: token, service: "SCXML Basic HTTP processor")
        do {
            let authority = try policy.checkHost(fields.filter { $0.name.lowercased() == "host" }.map(\.value))
            try policy.checkOrigin(fields.filter { $0.name.lowercased() == "origin" }.map(\.value), authority: authority)
        } catch {
            return (HTTPResponse.Status(code: error.status), error.message)
        }
        if let refusal = checkToken(target: target, fields: fields) { return refusal }
        let path = target.prefix { $0 != "?" }
        guard path.hasPrefix("/scxml/"), let endpoint = endpoint(forKey: path.dropFirst("/scxml/".count)) else {
            return (.notFound, "no session listens at \(path.excerpt()); post to the location in its _ioprocessors")
        }
        guard request.method == .post else {
            return (.methodNotAllowed, "the Basic HTTP Event I/O Processor takes events as POST only, not \(request.method)")
        }
        let limit = configuration.maxBodySize
        let tooLarge = (HTTPResponse.Status.contentTooLarge, "the body is larger than \(limit) bytes (maxBodySize); send smaller data")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return tooLarge }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            return tooLarge
        }
        let event: SCXMLEvent
        do {
            event = try BasicHTTPMessage.event(
                method: request.method.rawValue, path: String(path), headers: fields, body: Array(body.readableBytesView),
                originType: Self.type
            )
        } catch {
            return (.badRequest, error.message)
        }
        switch endpoint.receive(event) {
        case true?: return (.ok, "")
        case false?:
            return (.serviceUnavailable, "\(configuration.maxQueuedEvents) events already wait for this session (maxQueuedEvents); try again later")
        case nil: return (.notFound, "the session at \(path.excerpt()) no longer takes events")
        }
    }

    /// The token, from `?token=` in the target or `Authorization: Bearer`: a refusal when it
    /// is missing (`401`) or another (`403`).
    private func checkToken(target: String, fields: [(name: String, value: String)]) -> (HTTPResponse.Status, String)? {
        let query = target.firstIndex(of: "?").map { target[target.index(after: $0)...] }
        var given = AccessPolicy.parameters(query, named: "token").map(String.init)
        for (name, value) in fields where name.lowercased() == "authorization" {
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                return (.unauthorized, "the Authorization header must be 'Bearer <token>'")
            }
            given.append(parts[1].trimmingCharacters(in: " \t"))
        }
        guard let first = given.first, !first.isEmpty else {
            return (.unauthorized, "this processor needs its token: post to the session's location (it carries ?token=) or send 'Authorization: Bearer <token>'")
        }
        guard given.allSatisfy({ AccessToken.matches($0, token) }) else {
            return (.forbidden, "the token is not this processor's")
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in blanks: String) -> String {
        let blank: (Character) -> Bool = { blanks.contains($0) }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
#endif
