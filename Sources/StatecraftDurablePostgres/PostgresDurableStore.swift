#if Postgres
import Foundation
public import Logging
import PostgresNIO
import Synchronization
public import StatecraftDurable

/// A `DurableStore` in a PostgreSQL database, shared by any number of
/// processes on any number of hosts.
///
/// ```swift
/// let store = try await PostgresDurableStore(url: "postgres://app@db.internal:5432/orders")
/// let machines = DurableMachines(store: store, charts: [orders])
/// ```
///
/// Any process may send any machine an event. One process at a time commits a machine's steps:
/// a step's write names the revision it read, journals the event and updates the row in one
/// statement, and holds the row until the commit, so a process whose copy was stale finds the
/// revision moved and retries, this time locking its batch's rows first (`SELECT … FOR UPDATE`,
/// in id order, so two processes' batches never wait for each other in a circle). Timers and
/// outbox messages are taken with `FOR UPDATE SKIP LOCKED`, so that workers share them without
/// waiting on one another. A machine belongs to a process for one transaction, not for longer:
/// there is no lease to renew or to expire, and a process that dies holds nothing once
/// PostgreSQL has closed its connection (at once when the process is killed; for a host that
/// vanished, after the server's TCP keepalive or `idle_in_transaction_session_timeout`).
///
/// Commits wait for the write-ahead log to be flushed (`synchronous_commit` stays `on`).
public final class PostgresDurableStore: DurableStore {
    let configuration: PostgresConnection.Configuration
    /// The loop of swift-nio's shared group that every connection of the store is made on.
    let loop: any EventLoop
    /// Runs the machines' writer on ``loop`` (see ``writerExecutor``).
    let executor: EventLoopExecutor
    let logger: Logger
    /// One transaction at a time on the store's connection, whichever host calls.
    let gate = TransactionGate()
    /// The connection transactions run on: made when first needed, made again after it broke;
    /// `closed` once the store is closed.
    let link = Mutex<Link>(.none)
    /// The server and database, without the password, for messages.
    public let location: String

    enum Link {
        case none
        case open(PostgresConnection)
        case closed
    }

    /// Connects to a database and creates the tables when missing.
    ///
    /// The store runs its transactions on one connection of its own, one at a time (each host of
    /// `DurableMachines` runs one at a time anyway): no pool to lease from per
    /// transaction. A connection that breaks is replaced at the next transaction.
    ///
    /// - Parameters:
    ///   - url: `postgres://user[:password]@host[:port]/database` (also `postgresql://`); TLS is
    ///     used when the query says `sslmode=require`.
    ///   - logger: Where the driver logs.
    /// - Throws: `DurableError` `invalidArgument` for a URL that is not one, `database` when the
    ///   server cannot be reached within 10 seconds or the tables cannot be made.
    public init(url: String, logger: Logger = Logger(label: "statecraft.durable.postgres")) async throws {
        let target = try PostgresURL(url)
        configuration = try target.connection()
        location = target.location
        self.logger = logger
        loop = PostgresConnection.defaultEventLoopGroup.any()
        executor = EventLoopExecutor(loop)
        // The first connection, at once: a server that cannot be reached is an error here. The
        // tables are made on it.
        let connection = try await Self.connect(configuration, on: loop, location: location, logger: logger)
        do {
            try await Self.prepare(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        link.withLock { $0 = .open(connection) }
    }

    /// Connects within 10 seconds.
    static func connect(
        _ configuration: PostgresConnection.Configuration, on loop: any EventLoop, location: String, logger: Logger
    ) async throws -> PostgresConnection {
        do {
            return try await withDeadline(.seconds(10), location: location) {
                try await PostgresConnection.connect(on: loop, configuration: configuration, id: 0, logger: logger)
            }
        } catch let error as DurableError {
            throw error
        } catch {
            throw DurableError(
                code: .database, message: "cannot connect to PostgreSQL at \(location): \(describe(error))", cause: PostgresCause(error)
            )
        }
    }

    /// Creates the tables when missing.
    static func prepare(_ connection: PostgresConnection) async throws {
        try await run(connection, "BEGIN")
        // One process at a time creates the tables: two `CREATE TABLE IF NOT EXISTS` at once can
        // both decide to create.
        try await run(connection, "SELECT pg_advisory_xact_lock(\(schemaLockKey))")
        for statement in schema { try await run(connection, PostgresQuery(unsafeSQL: statement)) }
        try await run(connection, "COMMIT")
    }

    /// The advisory lock key under which the tables are created.
    static let schemaLockKey: Int64 = 0x5374_6174_6563_7261  // "Statecra"

    /// The tables, created when missing. They match ``SQLiteDurableStore``'s, with PostgreSQL's types.
    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS statecraft_machines (
            id TEXT PRIMARY KEY, chart TEXT NOT NULL, version INTEGER NOT NULL, snapshot BYTEA NOT NULL,
            origin BIGINT NOT NULL, next_due BIGINT, revision BIGINT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_machines_due ON statecraft_machines (next_due) WHERE next_due IS NOT NULL",
        """
        CREATE TABLE IF NOT EXISTS statecraft_journal (
            seq BIGSERIAL PRIMARY KEY, event_id TEXT NOT NULL UNIQUE, machine_id TEXT NOT NULL,
            kind TEXT NOT NULL, payload BYTEA NOT NULL, applied_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_outbox (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL, target TEXT NOT NULL,
            payload BYTEA NOT NULL, delivered BOOLEAN NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_outbox_pending ON statecraft_outbox (seq) WHERE NOT delivered",
        // Schema 2: messages that could not be delivered, with why and when (`DeadLetter`). A database of
        // schema 1 gains the table when a store first connects; processes of schema 1 ignore it.
        """
        CREATE TABLE IF NOT EXISTS statecraft_dead_letters (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL, target TEXT NOT NULL,
            payload BYTEA NOT NULL, code TEXT NOT NULL, reason TEXT NOT NULL, failed_at BIGINT NOT NULL
        )
        """,
        "CREATE TABLE IF NOT EXISTS statecraft_schema (version INTEGER PRIMARY KEY)",
        "INSERT INTO statecraft_schema (version) VALUES (1), (2) ON CONFLICT (version) DO NOTHING",
    ]

    /// The event loop of the store's connection: the machines' writer runs there too, so that a
    /// reply from the server and the work around it need no other thread woken.
    public var writerExecutor: (any TaskExecutor)? { executor }

    /// Runs `body` between `BEGIN` and `COMMIT` on one connection, rolling back when it throws.
    ///
    /// - Throws: What `body` throws; `DurableError` `conflict` when the
    ///   database broke a deadlock or a serialization failure (`DurableMachines`
    ///   retries those), `database` for other failures.
    public func transaction<Result: Sendable>(
        _ body: (any DurableTransaction) async throws -> Result
    ) async throws -> Result {
        try await transactionOnConnection { connection in
            try await body(PostgresTransaction(connection: connection))
        }
    }

    func transactionOnConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await gate.run {
            let connection = try await currentConnection()
            do {
                try await Self.run(connection, "BEGIN")
                let result: Result
                do {
                    result = try await body(connection)
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
                try await Self.run(connection, "COMMIT")
                return result
            } catch {
                if connection.isClosed { forget(connection) }
                if let error = error as? DurableError { throw error }
                throw Self.durableError(error, doing: "a transaction")
            }
        }
    }

    /// The open connection, made again when the last one broke.
    func currentConnection() async throws -> PostgresConnection {
        switch link.withLock({ $0 }) {
        case .open(let connection) where !connection.isClosed: return connection
        case .closed: throw DurableError(code: .closed, message: "the PostgreSQL store at \(location) is closed")
        case .open, .none: break
        }
        logger.info("connecting to PostgreSQL again", metadata: ["location": "\(location)"])
        let connection = try await Self.connect(configuration, on: loop, location: location, logger: logger)
        let kept = link.withLock { link -> Bool in
            if case .closed = link { return false }
            link = .open(connection)
            return true
        }
        guard kept else {
            try? await connection.close()
            throw DurableError(code: .closed, message: "the PostgreSQL store at \(location) is closed")
        }
        return connection
    }

    func forget(_ broken: PostgresConnection) {
        link.withLock { link in
            if case .open(let connection) = link, connection === broken { link = .none }
        }
    }

    /// Closes the connection; later transactions fail with `DurableError` `closed`.
    public func close() async throws {
        try await gate.run {
            let previous = link.withLock { link -> Link in
                defer { link = .closed }
                return link
            }
            if case .open(let connection) = previous { try? await connection.close() }
        }
    }

    /// Claims a name for as long as the claim is held, across every process of the database: a
    /// PostgreSQL session advisory lock on a connection of its own. A process that dies gives its
    /// claims up as soon as the server sees its connection close.
    ///
    /// Use it to give one process a share of work that another takes over when the first dies
    /// (the `orders` example gives each worker its share of the machines this way).
    ///
    /// - Parameter name: What is claimed.
    /// - Returns: The claim, or `nil` when another session holds it.
    /// - Throws: `DurableError` `database` when the server cannot be reached.
    public func claim(_ name: String) async throws -> DurableClaim? {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw Self.durableError(error, doing: "connecting to claim '\(name)'")
        }
        do {
            let rows = try await connection.query("SELECT pg_try_advisory_lock(\(Self.schemaLockKey & 0x7FFF_FFFF)::integer, hashtext(\(name)))", logger: logger)
            var held = false
            for try await flag in rows.decode(Bool.self) { held = flag }
            if held { return DurableClaim(name: name, connection: connection) }
            try? await connection.close()
            return nil
        } catch {
            try? await connection.close()
            throw Self.durableError(error, doing: "claiming '\(name)'")
        }
    }

    /// Runs a statement, turning the driver's errors into `DurableError`.
    @discardableResult
    static func run(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> PostgresRowSequence {
        do {
            return try await connection.query(query, logger: connection.logger)
        } catch {
            throw durableError(error, doing: String(query.sql.prefix(60)))
        }
    }

    /// What a driver error means to durable machines: a conflict to retry, or a database failure.
    static func durableError(_ error: any Error, doing what: String) -> DurableError {
        if let error = error as? DurableError { return error }
        if let error = error as? PSQLError {
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            // 40001 serialization failure, 40P01 deadlock detected, 55P03 lock not available.
            if ["40001", "40P01", "55P03"].contains(state) {
                return DurableError(code: .conflict, message: "PostgreSQL broke a conflict (\(state)) in \(what): \(message)", cause: PostgresCause(error))
            }
            if error.code == .poolClosed || error.code == .clientClosedConnection {
                return DurableError(code: .closed, message: "the PostgreSQL store is closed (\(what))")
            }
            let detail = state.isEmpty ? message : "\(state) \(message)"
            return DurableError(code: .database, message: "PostgreSQL failed in \(what): \(detail)", cause: PostgresCause(error))
        }
        return DurableError(code: .database, message: "PostgreSQL failed in \(what): \(error)", cause: PostgresCause(error))
    }
}

/// A name claimed with ``PostgresDurableStore/claim(_:)``: held until ``release()`` or until the
/// process ends.
public final class DurableClaim: Sendable {
    /// What is claimed.
    public let name: String
    let connection: PostgresConnection

    init(name: String, connection: PostgresConnection) {
        self.name = name
        self.connection = connection
    }

    /// Gives the claim up (closing its connection ends the advisory lock).
    public func release() async {
        try? await connection.close()
    }
}

/// Runs `body`, failing with a clear error when it takes longer than `limit`.
func withDeadline<Value: Sendable>(
    _ limit: Duration, location: String, _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() ?? nil else {
            throw DurableError(code: .database, message: "PostgreSQL at \(location) did not answer within \(limit)")
        }
        return value
    }
}

/// A driver error in a sentence: the server's message when there is one, else the error.
func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }
    return "\(error)"
}

/// A driver error kept as the cause of a `DurableError`.
struct PostgresCause: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = String(reflecting: error)
    }
}
#endif
