#if Inspector
/// Where a started ``Inspector`` listens.
public struct InspectorAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address it listens on (`127.0.0.1` by default).
    public var host: String
    /// The port it listens on: the one asked for, or the free one picked for `0`.
    public var port: Int
    /// The token every request needs.
    public var token: String

    /// Describes an address.
    ///
    /// - Parameters:
    ///   - host: The address listened on.
    ///   - port: The port.
    ///   - token: The token every request needs.
    public init(host: String, port: Int, token: String) {
        self.host = host
        self.port = port
        self.token = token
    }

    /// `http://<host>:<port>`, with an IPv6 address in brackets.
    public var baseURL: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return "http://\(name):\(port)"
    }

    /// The page's address with the token in its query, the address to open:
    /// `http://127.0.0.1:8137/?token=...`. The page needs it to load at all, and sends it on
    /// with each request it makes.
    public var pageURL: String {
        "\(baseURL)/?token=\(token)"
    }

    /// The page's address with the token.
    public var description: String { pageURL }
}
#endif
