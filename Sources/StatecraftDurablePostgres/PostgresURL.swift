#if Postgres
import Foundation
import NIOSSL
import PostgresNIO
import StatecraftDurable

/// A `postgres://user[:password]@host[:port]/database[?sslmode=…]` URL, read into what the driver
/// needs.
struct PostgresURL {
    let host: String
    let port: Int
    let user: String
    let password: String?
    let database: String
    let requiresTLS: Bool

    /// Reads a URL.
    ///
    /// - Throws: `DurableError` `invalidArgument`, saying what is missing or wrong.
    init(_ text: String) throws(DurableError) {
        func refuse(_ why: String) -> DurableError {
            DurableError(code: .invalidArgument, message: "'\(PostgresURL.redacted(text))' is not a PostgreSQL URL: \(why)")
        }
        guard let components = URLComponents(string: text) else { throw refuse("it does not parse as a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw refuse("it must start with postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        guard let user = components.user, !user.isEmpty else { throw refuse("it names no user (postgres://USER@host/database)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw refuse("it names no database (postgres://user@host/DATABASE)") }
        if let port = components.port, !(1 ... 65_535).contains(port) { throw refuse("the port must be from 1 to 65535") }
        var requiresTLS = false
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", "require"), ("sslmode", "verify-ca"), ("sslmode", "verify-full"): requiresTLS = true
            case ("sslmode", "disable"), ("sslmode", "allow"), ("sslmode", "prefer"): requiresTLS = false
            case ("sslmode", let mode): throw refuse("unknown sslmode '\(mode)'")
            case (let name, _): throw refuse("unknown parameter '\(name)' (only sslmode is read)")
            }
        }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.requiresTLS = requiresTLS
    }

    /// Where the server is, for messages: no password.
    var location: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    /// The settings of a single connection.
    ///
    /// - Throws: `DurableError` `database` when TLS cannot be set up.
    func connection() throws(DurableError) -> PostgresConnection.Configuration {
        var tls = PostgresConnection.Configuration.TLS.disable
        if requiresTLS {
            do {
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            } catch {
                throw DurableError(code: .database, message: "cannot set up TLS for \(location): \(error)")
            }
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// The URL with its password replaced, for messages.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
#endif
