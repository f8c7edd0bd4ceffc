#if Inspector
import Statecraft

/// Who may use the inspector: the one decision every request goes through, the page, its
/// files, the JSON routes, sending events and the WebSocket of updates alike. It reads only
/// the request's head (method, target, headers), so it is a pure function of what arrived:
/// the server applies it before any route runs, and the fuzz target `inspector-request`
/// feeds it arbitrary heads.
///
/// The rules, in order:
/// 1. **Host.** The `Host` header names this inspector (its listening address, `127.0.0.1`,
///    `localhost` or `::1`), unless it listens on every interface: a guard against DNS
///    rebinding (`421`, `InspectorError.Code.foreignHost`).
/// 2. **Origin.** A request that carries an `Origin` header (every browser's WebSocket, write
///    and cross-site request does) comes from the page itself: `http://` and the request's
///    own `Host`. Tools that send no `Origin` are let through to the next rule (`403`,
///    `InspectorError.Code.foreignOrigin`).
/// 3. **Token**, in the one place each route takes it; a token anywhere else is not read:
///    - the page and its files (`/`, `/page.js`, `/page.css`): the query, `?token=<token>`,
///      since a browser opening an address or loading a file sends no header;
///    - the WebSocket (`/updates`): the subprotocol `statecraft-token.<token>` among the
///      `Sec-WebSocket-Protocol` values, which a browser's `WebSocket` sends at the upgrade,
///      before any message;
///    - every other route: `Authorization: Bearer <token>`.
///
///    No token there is `401` (`InspectorError.Code.missingToken`), another token `403`
///    (`InspectorError.Code.wrongToken`), compared in constant time.
///
/// The Basic HTTP Event I/O Processor (module `StatecraftSCXMLHTTP`) applies the same host and
/// origin rules (``checkHost(_:)``, ``checkOrigin(_:authority:)``) and the same token
/// (``AccessToken``), under its own name (``service``).
package struct AccessPolicy: Sendable {
    /// Where a route takes the token.
    enum Route: Sendable, Hashable {
        /// The page and its files: `?token=` in the query.
        case page
        /// The WebSocket of updates: the `statecraft-token.<token>` subprotocol.
        case feed
        /// The JSON routes and sending events: `Authorization: Bearer`.
        case api
    }

    /// What the policy allows: the route's kind, and for the WebSocket the subprotocol to
    /// answer with (the page's `statecraft-inspector`, when it offered it).
    struct Grant: Sendable, Hashable {
        var route: Route
        var subprotocol: String?
    }

    /// The subprotocol the page asks for and the server answers with; it carries nothing.
    static let subprotocol = "statecraft-inspector"
    /// The prefix of the subprotocol that carries the token: `statecraft-token.<token>`.
    static let tokenSubprotocolPrefix = "statecraft-token."
    /// The longest header value or target read; longer ones are refused unread.
    static let maxFieldLength = 8_192

    /// The address the inspector listens on.
    let host: String
    /// The inspector's token.
    let token: String
    /// What the messages call the server: `inspector`.
    var service = "inspector"

    /// A policy for a server listening on `host` with `token`, named `service` in its refusals.
    package init(host: String, token: String, service: String = "inspector") {
        self.host = host
        self.token = token
        self.service = service
    }

    /// The route kind of a path (the target without its query).
    static func route(ofPath path: Substring) -> Route {
        switch path {
        case "/", "/page.js", "/page.css": .page
        case "/updates": .feed
        default: .api
        }
    }

    /// Decides whether a request may go on to its route.
    ///
    /// - Parameters:
    ///   - target: The request target, the path with its query (`/history`, `/?token=...`).
    ///   - headers: The header fields, names in any case, in the order received.
    /// - Returns: The route's kind, and the subprotocol to answer a WebSocket with.
    /// - Throws: ``InspectorError`` naming the rule the request broke: `foreignHost`,
    ///   `foreignOrigin`, `missingToken` or `wrongToken`. Its message never holds the token
    ///   or anything of a machine.
    func decide(target: String, headers: [(name: String, value: String)]) throws(InspectorError) -> Grant {
        var hosts: [String] = []
        var origins: [String] = []
        var authorizations: [String] = []
        var protocols: [Substring] = []
        for (name, value) in headers {
            switch name.lowercased() {
            case "host": hosts.append(value)
            case "origin": origins.append(value)
            case "authorization": authorizations.append(value)
            case "sec-websocket-protocol": protocols += value.split(separator: ",")
            default: break
            }
        }
        guard target.utf8.count <= Self.maxFieldLength,
              (hosts + origins + authorizations).allSatisfy({ $0.utf8.count <= Self.maxFieldLength }) else {
            throw InspectorError(code: .badRequest, message: "the request's target or a header is longer than \(Self.maxFieldLength) bytes")
        }
        let authority = try checkHost(hosts)
        try checkOrigin(origins, authority: authority)
        let path = target.prefix { $0 != "?" }
        let query = target.firstIndex(of: "?").map { target[target.index(after: $0)...] }
        let route = Self.route(ofPath: path)
        switch route {
        case .page:
            let given = Self.parameters(query, named: "token")
            if given.count > 1 { throw Self.refusal(.missingToken, "give ?token= once") }
            try check(given.first.map(String.init), missing: "the page needs the token printed when the inspector started: open it as /?token=<token>"
                + (authorizations.isEmpty ? "" : " (the page's files do not read the Authorization header)"))
            return Grant(route: .page, subprotocol: nil)
        case .feed:
            let trimmed = protocols.map { $0.trimmingBlanks() }
            let tokens = trimmed.filter { $0.hasPrefix(Self.tokenSubprotocolPrefix) }
            if tokens.count > 1 { throw Self.refusal(.missingToken, "offer one statecraft-token.<token> subprotocol, not several") }
            try check(
                tokens.first.map { String($0.dropFirst(Self.tokenSubprotocolPrefix.count)) },
                missing: "the updates WebSocket needs the token as the subprotocol 'statecraft-token.<token>' (Sec-WebSocket-Protocol)"
                    + " at the upgrade; it reads no query, header or message for it"
            )
            return Grant(route: .feed, subprotocol: trimmed.contains(Self.subprotocol) ? Self.subprotocol : nil)
        case .api:
            if authorizations.count > 1 { throw Self.refusal(.missingToken, "send one Authorization header, not several") }
            var given: String?
            if let header = authorizations.first {
                let parts = header.trimmingBlanks().split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                    throw Self.refusal(.missingToken, "the Authorization header must be 'Bearer <token>'")
                }
                given = parts[1].trimmingBlanks()
            }
            try check(given, missing: "this route needs the token printed when the inspector started, in the header"
                + " 'Authorization: Bearer <token>'"
                + (Self.parameters(query, named: "token").isEmpty ? "" : "; a ?token= query is read only by the page"))
            return Grant(route: .api, subprotocol: nil)
        }
    }

    /// Compares a given token with the inspector's.
    private func check(_ given: String?, missing: String) throws(InspectorError) {
        guard let given, !given.isEmpty else { throw Self.refusal(.missingToken, missing) }
        guard AccessToken.matches(given, token) else {
            throw Self.refusal(.wrongToken, "the token is not this inspector's; use the one it printed as 'token: ...'")
        }
    }

    /// The request's `Host`, when it names this inspector.
    package func checkHost(_ hosts: [String]) throws(InspectorError) -> String {
        guard hosts.count == 1, let authority = hosts.first?.trimmingBlanks(), !authority.isEmpty else {
            throw Self.refusal(.foreignHost, hosts.isEmpty ? "the request names no host; send a Host header" : "send one Host header, not several")
        }
        if host == "0.0.0.0" || host == "::" { return authority }
        // `name` or `name:port`, an IPv6 address in brackets; the port digits or nothing.
        let name: Substring
        let port: Substring
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            name = authority[authority.index(after: authority.startIndex)..<end]
            port = authority[authority.index(after: end)...]
        } else {
            name = authority.prefix { $0 != ":" }
            port = authority[name.endIndex...]
        }
        let own: Set<String> = ["127.0.0.1", "localhost", "::1", host.lowercased()]
        let portIsDigits = port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy { ("0"..."9").contains($0) })
        guard own.contains(name.lowercased()), portIsDigits else {
            throw Self.refusal(
                .foreignHost, "this \(service) answers requests to \(host) or localhost, not to '\(authority.excerpt())'"
            )
        }
        return authority
    }

    /// Refuses an `Origin` other than the page's own: `http://` and the request's `Host`.
    package func checkOrigin(_ origins: [String], authority: String) throws(InspectorError) {
        guard !origins.isEmpty else { return }
        guard origins.count == 1, let origin = origins.first?.trimmingBlanks() else {
            throw Self.refusal(.foreignOrigin, "send one Origin header, not several")
        }
        guard origin.lowercased() == "http://" + authority.lowercased() else {
            throw Self.refusal(
                .foreignOrigin,
                "requests from '\(origin.excerpt())' are refused: only the \(service)'s own page (http://\(authority.excerpt())) or a tool that sends no Origin may use it"
            )
        }
    }

    /// The values of a query's parameter `name`, as written (the token needs no decoding).
    package static func parameters(_ query: Substring?, named name: String) -> [Substring] {
        guard let query else { return [] }
        return query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return parts[0] == name ? (parts.count == 2 ? parts[1] : "") : nil
        }
    }

    private static func refusal(_ code: InspectorError.Code, _ message: String) -> InspectorError {
        InspectorError(code: code, message: message)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
#endif
