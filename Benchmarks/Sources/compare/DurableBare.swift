import Foundation
import Logging
import PostgresNIO
import SQLiteNIO

/// The hand-written baselines of `compare durable`: the bare work of a durable send, one row
/// inserted per transaction, on the same driver and with the same durability settings as the
/// durable store. The row is the journal's: an autoincremented sequence number, a unique event id
/// and the payload.
enum BareSQLite {
    /// Opens a file in WAL mode with `synchronous=FULL`, as ``SQLiteDurableStore`` does, and
    /// creates the table.
    static func open(_ path: String) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "bench.sqlite"))
        for statement in [
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=FULL",
            "PRAGMA busy_timeout=10000",
            """
            CREATE TABLE IF NOT EXISTS bench_events (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, payload TEXT NOT NULL
            )
            """,
            "CREATE TABLE IF NOT EXISTS bench_state (id TEXT PRIMARY KEY, snapshot TEXT NOT NULL, revision INTEGER NOT NULL)",
            "INSERT INTO bench_state (id, snapshot, revision) VALUES ('m', '', 1) ON CONFLICT (id) DO NOTHING",
        ] {
            _ = try await connection.query(statement)
        }
        return connection
    }

    /// `BEGIN IMMEDIATE; INSERT one row; COMMIT` per event, one after another; the seconds taken.
    static func sequential(
        _ events: Int, on connection: SQLiteConnection, payload: String, prefix: String
    ) async throws -> (seconds: Double, phases: Phases) {
        try await batched(events, batch: 1, on: connection, payload: payload, prefix: prefix)
    }

    /// `BEGIN IMMEDIATE; INSERT` `batch` rows`; COMMIT` until `events` rows are in: group commit
    /// written by hand, the floor for durable sends from many senders. With `state`, each
    /// `INSERT` is followed by an `UPDATE` of one row of state to `state`: the writes of a durable
    /// send, the event and the machine's new row, without the machine.
    static func batched(
        _ events: Int, batch: Int, on connection: SQLiteConnection, payload: String, prefix: String, state: String? = nil
    ) async throws -> (seconds: Double, phases: Phases) {
        let clock = ContinuousClock()
        let start = clock.now
        var phases = Phases()
        var index = 0
        while index < events {
            let began = clock.now
            _ = try await connection.query("BEGIN IMMEDIATE")
            let entered = clock.now
            for _ in 0 ..< min(batch, events - index) {
                _ = try await connection.query(
                    "INSERT INTO bench_events (event_id, payload) VALUES (?, ?)", [.text("\(prefix)-\(index)"), .text(payload)]
                )
                if let state {
                    _ = try await connection.query(
                        "UPDATE bench_state SET snapshot = ?, revision = revision + 1 WHERE id = 'm'", [.text(state)]
                    )
                }
                index += 1
            }
            let left = clock.now
            _ = try await connection.query("COMMIT")
            phases.begin += (entered - began).inSeconds
            phases.body += (left - entered).inSeconds
            phases.commit += (clock.now - left).inSeconds
        }
        return ((clock.now - start).inSeconds, phases)
    }
}

/// The PostgreSQL baselines: `BEGIN; INSERT one row; COMMIT` with `synchronous_commit` on, on
/// postgres-nio connections of their own (no pool).
enum BarePostgres {
    struct Target: Sendable {
        let host: String
        let port: Int
        let user: String
        let password: String?
        let database: String

        /// `postgres://user[:password]@host[:port]/database`; plain TCP only.
        init(_ url: String) throws {
            guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
                  let host = components.host, !host.isEmpty
            else {
                throw DurableSends.Failure(description: "'\(url)' is not a postgres:// URL")
            }
            if components.queryItems?.contains(where: { $0.name == "sslmode" && $0.value == "require" }) == true {
                throw DurableSends.Failure(description: "compare durable connects without TLS; give a URL without sslmode=require")
            }
            self.host = host
            port = components.port ?? 5432
            user = components.user ?? "postgres"
            password = components.password
            let path = String(components.path.drop { $0 == "/" })
            database = path.isEmpty ? user : path
        }

        init(host: String, port: Int, user: String, password: String?, database: String) {
            (self.host, self.port, self.user, self.password, self.database) = (host, port, user, password, database)
        }

        /// The same server, another database.
        func database(_ name: String) -> Target {
            Target(host: host, port: port, user: user, password: password, database: name)
        }

        var url: String {
            var components = URLComponents()
            components.scheme = "postgres"
            components.host = host
            components.port = port
            components.user = user
            components.password = password
            components.path = "/" + database
            return components.string ?? ""
        }

        func connect(id: Int = 1) async throws -> PostgresConnection {
            let configuration = PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: .disable
            )
            return try await PostgresConnection.connect(configuration: configuration, id: id, logger: Logger(label: "bench.postgres"))
        }
    }

    static let logger = Logger(label: "bench.postgres")

    /// Runs a statement and reads its rows to the end.
    static func run(_ connection: PostgresConnection, _ query: PostgresQuery) async throws {
        for try await _ in try await connection.query(query, logger: logger) {}
    }

    static let schema: [PostgresQuery] = [
        """
        CREATE TABLE IF NOT EXISTS bench_events (
            seq BIGSERIAL PRIMARY KEY, event_id TEXT NOT NULL UNIQUE, payload BYTEA NOT NULL
        )
        """,
        "CREATE TABLE IF NOT EXISTS bench_state (id TEXT PRIMARY KEY, snapshot BYTEA NOT NULL, revision BIGINT NOT NULL)",
        "INSERT INTO bench_state (id, snapshot, revision) VALUES ('m', '', 1) ON CONFLICT (id) DO NOTHING",
    ]

    /// `BEGIN; INSERT` `batch` rows`; COMMIT` until `events` rows are in, on one connection;
    /// with `state`, an `UPDATE` of one row of state after each `INSERT` (see ``BareSQLite``).
    static func batched(
        _ events: Int, batch: Int, on connection: PostgresConnection, payload: Data, prefix: String, state: Data? = nil
    ) async throws -> (seconds: Double, phases: Phases) {
        let clock = ContinuousClock()
        let start = clock.now
        let phases = try await insert(events, batch: batch, on: connection, payload: payload, prefix: prefix, state: state)
        return ((clock.now - start).inSeconds, phases)
    }

    @discardableResult
    static func insert(
        _ events: Int, batch: Int, on connection: PostgresConnection, payload: Data, prefix: String, state: Data? = nil
    ) async throws -> Phases {
        let clock = ContinuousClock()
        var phases = Phases()
        var index = 0
        while index < events {
            let began = clock.now
            try await run(connection, "BEGIN")
            let entered = clock.now
            for _ in 0 ..< min(batch, events - index) {
                let eventID = "\(prefix)-\(index)"
                try await run(connection, "INSERT INTO bench_events (event_id, payload) VALUES (\(eventID), \(payload))")
                if let state {
                    try await run(connection, "UPDATE bench_state SET snapshot = \(state), revision = revision + 1 WHERE id = 'm'")
                }
                index += 1
            }
            let left = clock.now
            try await run(connection, "COMMIT")
            phases.begin += (entered - began).inSeconds
            phases.body += (left - entered).inSeconds
            phases.commit += (clock.now - left).inSeconds
        }
        return phases
    }

    /// One transaction of one row per event, from every connection at once, each sending
    /// `events / connections.count` one after another: the server's own group commit.
    static func concurrent(
        _ events: Int, on connections: [PostgresConnection], payload: Data, prefix: String
    ) async throws -> Double {
        let perConnection = events / connections.count
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (lane, connection) in connections.enumerated() {
                group.addTask {
                    try await insert(perConnection, batch: 1, on: connection, payload: payload, prefix: "\(prefix)-\(lane)")
                }
            }
            try await group.waitForAll()
        }
        return (clock.now - start).inSeconds
    }
}
