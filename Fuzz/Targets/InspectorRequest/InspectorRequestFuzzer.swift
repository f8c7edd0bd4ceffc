import Foundation
import FuzzSupport
@testable import StatecraftInspector

/// Fuzzes the inspector's door: bytes read as an HTTP/1.1 request head (a request line, then
/// `Name: value` lines up to a blank line; the body after it is never read by the decision)
/// and handed to the one decision every request goes through, `AccessPolicy.decide`. A first
/// byte `!` makes the inspector listen on every interface (`0.0.0.0`) instead of `127.0.0.1`.
///
/// Properties checked on every input:
/// - a request is let through only with the right token in its route's one place (`?token=`
///   for the page, the `statecraft-token.<token>` subprotocol for the WebSocket, `Authorization:
///   Bearer` for everything else), a `Host` that names the inspector, and no `Origin` or the
///   page's own;
/// - a refusal is a 4xx with a short message and names one of the door's rules;
/// - a request let through is refused once its token is changed, once its token's place is
///   removed, and once it carries another site's `Origin`;
/// - nothing crashes, and the decision's work is bounded by the head's size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInspectorRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var text = FuzzInput.text(data, size)
    var listening = "127.0.0.1"
    if text.hasPrefix("!") {
        listening = "0.0.0.0"
        text.removeFirst()
    }
    guard let head = Head(text) else { return 0 }
    let policy = AccessPolicy(host: listening, token: DoorFixture.token)
    let outcome = decide(policy, head)
    guard case .success(let grant) = outcome else { return 0 }

    // Let through: the token is in the route's place, the host is this one, the origin its own.
    let path = head.target.prefix { $0 != "?" }
    let route = AccessPolicy.route(ofPath: path)
    require(grant.route == route, "route \(route) granted as \(grant.route) for \(head.target)")
    require(head.carriesToken(DoorFixture.token, for: route), "let through without the token in its place: \(head)")
    let hosts = head.values("host")
    require(hosts.count == 1, "let through with \(hosts.count) Host headers")
    if listening == "127.0.0.1" {
        let name = hosts[0].trimmed.lowercased()
        let own = ["127.0.0.1", "localhost", "[::1]"].contains { own in
            name == own || (name.hasPrefix(own + ":") && name.dropFirst(own.count + 1).allSatisfy { ("0"..."9").contains($0) })
        }
        require(own, "let through for the host '\(hosts[0])'")
    }
    let origins = head.values("origin")
    require(
        origins.isEmpty || (origins.count == 1 && origins[0].trimmed.lowercased() == "http://" + hosts[0].trimmed.lowercased()),
        "let through from the origin \(origins)"
    )

    // The same request, changed in one way each, is refused.
    // (Only where the change left no copy of the token: cutting it out of
    // "fuzz-tok" + token + "en-..." leaves the token.)
    var wrong = head
    wrong.replaceToken(DoorFixture.token, with: DoorFixture.otherToken)
    if !wrong.description.contains(DoorFixture.token) {
        require(refused(decide(policy, wrong)), "let through with another token: \(wrong)")
    }
    var without = head
    without.removeToken(DoorFixture.token)
    if !without.description.contains(DoorFixture.token) {
        if case .failure(let error) = decide(policy, without) {
            require(error.code == .missingToken, "without its token, refused as \(error.code) instead of missingToken")
        } else {
            require(false, "let through without its token: \(without)")
        }
    }
    var foreign = head
    foreign.headers.removeAll { $0.name.lowercased() == "origin" }
    let attacker = hosts[0].trimmed.lowercased() == "attacker.example" ? "http://other.example" : "http://attacker.example"
    foreign.headers.append((name: "Origin", value: attacker))
    if case .failure(let error) = decide(policy, foreign) {
        require(error.code == .foreignOrigin, "another site's Origin refused as \(error.code) instead of foreignOrigin")
    } else {
        require(false, "let through from another site: \(foreign)")
    }
    return 0
}

/// The decision, with the checks every refusal must pass.
private func decide(_ policy: AccessPolicy, _ head: Head) -> Result<AccessPolicy.Grant, InspectorError> {
    do {
        return .success(try policy.decide(target: head.target, headers: head.headers))
    } catch {
        let rules: [InspectorError.Code] = [.foreignHost, .foreignOrigin, .missingToken, .wrongToken, .badRequest]
        require(rules.contains(error.code), "refused with the code \(error.code), which names no rule of the door")
        require((400..<500).contains(error.status), "refused with the status \(error.status)")
        require(!error.message.isEmpty && error.message.utf8.count < 600, "a refusal's message of \(error.message.utf8.count) bytes")
        if error.code == .wrongToken {
            require(!error.message.contains(DoorFixture.token), "a wrong-token refusal holds the token")
        }
        return .failure(error)
    }
}

private func refused(_ outcome: Result<AccessPolicy.Grant, InspectorError>) -> Bool {
    if case .failure = outcome { return true }
    return false
}

enum DoorFixture {
    static let token = "fuzz-token-0123456789abcdef"
    static let otherToken = "fuzz-token-0123456789abcdeX"
}

/// A request head read leniently from text.
struct Head: CustomStringConvertible {
    var method: String
    var target: String
    var headers: [(name: String, value: String)]

    init?(_ text: String) {
        let headText = text.components(separatedBy: "\r\n\r\n").first ?? text
        var lines = headText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        guard !lines.isEmpty else { return nil }
        let request = lines.removeFirst().split(separator: " ")
        guard request.count >= 2 else { return nil }
        method = String(request[0])
        target = String(request[1])
        headers = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmed)
        }
    }

    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name }.map(\.value)
    }

    /// Whether the token is where `route` takes it, exactly.
    func carriesToken(_ token: String, for route: AccessPolicy.Route) -> Bool {
        switch route {
        case .page:
            let query = target.firstIndex(of: "?").map { target[target.index(after: $0)...] } ?? ""
            return query.split(separator: "&").contains { $0 == "token=" + token }
        case .feed:
            return values("sec-websocket-protocol").flatMap { $0.split(separator: ",") }
                .contains { $0.trimmed == AccessPolicy.tokenSubprotocolPrefix + token }
        case .api:
            let authorization = values("authorization")
            guard authorization.count == 1 else { return false }
            let parts = authorization[0].trimmed.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "bearer" && parts[1].trimmed == token
        }
    }

    mutating func replaceToken(_ token: String, with other: String) {
        target = target.replacingEvery(token, with: other)
        headers = headers.map { ($0.name, $0.value.replacingEvery(token, with: other)) }
    }

    mutating func removeToken(_ token: String) {
        target = target.replacingEvery(token, with: "")
        headers = headers.map { ($0.name, $0.value.replacingEvery(token, with: "")) }
    }

    var description: String {
        "\(method) \(target) " + headers.map { "\($0.name): \($0.value)" }.joined(separator: " | ")
    }
}

extension StringProtocol {
    var trimmed: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }

    func replacingEvery(_ part: String, with other: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: part), !part.isEmpty {
            result += rest[..<range.lowerBound] + other
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
