#if Inspector
package import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// The door every request goes through: the access policy before any route, and the headers
/// that keep other sites out on every answer, refusals and unknown routes included.
extension Inspector {
    /// The content security policy of the page and its files: its own script, style and
    /// connections only, and never inside another site's frame.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    /// The content security policy of every other answer (JSON, refusals): nothing may run,
    /// load or frame it.
    package static let dataPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The access policy for this inspector's address and token.
    var access: AccessPolicy {
        AccessPolicy(host: configuration.host, token: token)
    }

    /// Answers a request: the access policy first, then the routes; every answer gets the
    /// security headers.
    func answer(_ request: Request, context: Context, routes: some HTTPResponder<Context>) async -> Response {
        var response: Response
        do {
            _ = try access.decide(request.head)
            response = try await routes.respond(to: request, context: context)
        } catch let error as InspectorError {
            response = failure(error)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            response = failure(InspectorError(
                code: .unknownRoute,
                message: status == .internalServerError
                    ? "the request could not be answered" : "no route answers \(request.method) there (\(status.code)); see GET /machines"
            ))
        }
        for field in Self.securityHeaders(contentSecurityPolicy: Self.dataPolicy) where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }

    /// The headers every answer carries: no caching, no sniffing, no referrer, no framing,
    /// and `contentSecurityPolicy` unless the answer has its own.
    package static func securityHeaders(contentSecurityPolicy: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        // The page's address holds the token: never hand it to another site.
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        return headers
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
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Refuses a token that an address or a WebSocket subprotocol cannot carry as it is.
    package static func check(token: String) throws(InspectorError) {
        let allowed = token.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
        }
        guard !token.isEmpty, token.unicodeScalars.count <= 256, allowed else {
            throw InspectorError(
                code: .unusableToken,
                message: "the configured token cannot be carried in the page's address and the WebSocket's subprotocol; "
                    + "use 1 to 256 letters, digits, '-', '.', '_' or '~' (or no token, for a random one)"
            )
        }
    }
}

extension AccessPolicy {
    /// Decides on a request's head as the server received it: HTTP/1's first `Host` header is
    /// its authority, and any further one is among its fields.
    func decide(_ head: HTTPRequest) throws(InspectorError) -> Grant {
        var headers: [(name: String, value: String)] = head.authority.map { [("Host", $0)] } ?? []
        for field in head.headerFields { headers.append((field.name.rawName, field.value)) }
        return try decide(target: head.path ?? "/", headers: headers)
    }
}
#endif
