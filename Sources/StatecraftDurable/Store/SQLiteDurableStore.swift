import Foundation
public import Logging
import NIOCore
import NIOPosix
import SQLiteNIO

/// A ``DurableStore`` in one SQLite file, through sqlite-nio, which carries its own SQLite.
///
/// ```swift
/// let store = try await SQLiteDurableStore(path: "orders.sqlite")
/// let machines = try await DurableMachines(store: store, charts: [orders])
/// ```
///
/// The file is in WAL mode with `synchronous=FULL`: a transaction that has committed survives
/// the process being killed and the machine losing power. Give each file to one process at a
/// time; a second one is safe (every update checks the row's revision), but each would retry the
/// other's conflicts.
///
/// Why sqlite-nio and not GRDB: it carries its SQLite (the same version, with `RETURNING` and
/// upserts, on every platform, and nothing to install with apt on a new machine), and it shares
/// swift-nio and swift-log with postgres-nio, the PostgreSQL driver. Its cost, a hop to its
/// thread pool per statement, is measured in `Benchmarks/README.md`.
public final class SQLiteDurableStore: DurableStore {
    let connection: SQLiteConnection
    /// The one thread the connection's statements run on, in order.
    let threads: NIOThreadPool
    /// One transaction at a time on the connection, whoever calls.
    let gate = TransactionGate()
    /// The file's path.
    public let path: String

    /// Opens (creating when missing) a store in a file.
    ///
    /// - Parameters:
    ///   - path: The file; `:memory:` for a database that lives as long as the store.
    ///   - logger: Where the driver logs.
    /// - Throws: ``DurableError`` `database` when the file cannot be opened or is not a store.
    public init(path: String, logger: Logger = Logger(label: "statecraft.durable.sqlite")) async throws {
        self.path = path
        // A thread of its own: statements run in the order they are submitted, so a step's two
        // statements go out together (see `commitStep`), and other users of sqlite-nio's shared
        // pool do not wait behind a commit's flush.
        threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        do {
            connection = try await SQLiteConnection.open(
                storage: path == ":memory:" ? .memory : .file(path: path), threadPool: threads, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any()
            ).get()
        } catch {
            try? await threads.shutdownGracefully()
            throw DurableError(code: .database, message: "cannot open the SQLite store '\(path)': \(error)", cause: DurableCause(error))
        }
        do {
            for statement in Self.schema {
                _ = try await connection.query(statement)
            }
        } catch {
            _ = try? await connection.close()
            try? await threads.shutdownGracefully()
            throw DurableError(
                code: .database, message: "'\(path)' cannot be used as a durable store: \(error)", cause: DurableCause(error)
            )
        }
    }

    /// The settings and tables, created when missing.
    static let schema = [
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=FULL",
        "PRAGMA busy_timeout=10000",
        """
        CREATE TABLE IF NOT EXISTS statecraft_machines (
            id TEXT PRIMARY KEY, chart TEXT NOT NULL, version INTEGER NOT NULL, snapshot TEXT NOT NULL,
            origin INTEGER NOT NULL, next_due INTEGER, revision INTEGER NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_machines_due ON statecraft_machines (next_due) WHERE next_due IS NOT NULL",
        """
        CREATE TABLE IF NOT EXISTS statecraft_journal (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, machine_id TEXT NOT NULL,
            kind TEXT NOT NULL, payload TEXT NOT NULL, applied_at INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_outbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL, target TEXT NOT NULL,
            payload TEXT NOT NULL, delivered INTEGER NOT NULL DEFAULT 0
        )
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_outbox_pending ON statecraft_outbox (seq) WHERE delivered = 0",
    ]

    /// Runs `body` between `BEGIN IMMEDIATE` and `COMMIT`, rolling back when it throws.
    public func transaction<Result: Sendable>(
        _ body: (any DurableTransaction) async throws -> Result
    ) async throws -> Result {
        try await gate.run { try await transactionAlone(body) }
    }

    func transactionAlone<Result: Sendable>(_ body: (any DurableTransaction) async throws -> Result) async throws -> Result {
        try await run("BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try await body(SQLiteTransaction(store: self))
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
        do {
            try await run("COMMIT")
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
        return result
    }

    /// Closes the file.
    public func close() async throws {
        defer { threads.shutdownGracefully { _ in } }
        try await connection.close()
    }

    /// Runs a statement, turning the driver's errors into ``DurableError``.
    @discardableResult
    func run(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        do {
            return try await connection.query(sql, binds)
        } catch {
            if connection.isClosed {
                throw DurableError(code: .closed, message: "the SQLite store '\(path)' is closed")
            }
            throw DurableError(code: .database, message: "SQLite failed '\(sql.prefix(60))': \(error)", cause: DurableCause(error))
        }
    }
}

/// The statements of one SQLite transaction.
struct SQLiteTransaction: DurableTransaction {
    let store: SQLiteDurableStore

    func machine(_ id: String) async throws -> StoredMachine? {
        let rows = try await store.run(
            "SELECT id, chart, version, snapshot, origin, next_due, revision FROM statecraft_machines WHERE id = ?", [.text(id)]
        )
        guard let row = rows.first else { return nil }
        guard let chart = row.column("chart")?.string, let version = row.column("version")?.integer,
              case .text(let snapshot)? = row.column("snapshot"), let origin = row.column("origin")?.integer,
              let revision = row.column("revision")?.integer
        else {
            throw DurableError(code: .corruptRow, message: "the row of machine '\(id)' lacks a column or has one of the wrong type", machineID: id)
        }
        let due = row.column("next_due")
        return StoredMachine(
            id: id, chart: chart, version: Int(version), snapshot: Data(snapshot.utf8), origin: Int64(origin),
            nextDue: due?.integer.map(Int64.init), revision: Int64(revision)
        )
    }

    func insert(_ machine: StoredMachine) async throws -> Bool {
        let rows = try await store.run(
            """
            INSERT INTO statecraft_machines (id, chart, version, snapshot, origin, next_due, revision)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id
            """,
            [.text(machine.id), .text(machine.chart), .integer(SQLiteInt64(machine.version)), .text(String(decoding: machine.snapshot, as: UTF8.self)),
             .integer(SQLiteInt64(machine.origin)), machine.nextDue.map { .integer(SQLiteInt64($0)) } ?? .null,
             .integer(SQLiteInt64(machine.revision))]
        )
        return !rows.isEmpty
    }

    func update(_ machine: StoredMachine, expecting revision: Int64) async throws {
        let rows = try await store.run(
            """
            UPDATE statecraft_machines SET version = ?, snapshot = ?, next_due = ?, revision = ?
            WHERE id = ? AND revision = ? RETURNING id
            """,
            [.integer(SQLiteInt64(machine.version)), .text(String(decoding: machine.snapshot, as: UTF8.self)),
             machine.nextDue.map { .integer(SQLiteInt64($0)) } ?? .null, .integer(SQLiteInt64(machine.revision)),
             .text(machine.id), .integer(SQLiteInt64(revision))]
        )
        if rows.isEmpty {
            throw DurableError(
                code: .conflict, message: "the machine changed since revision \(revision) was read", machineID: machine.id
            )
        }
    }

    func record(_ entry: JournalEntry) async throws -> Bool {
        let rows = try await store.run(
            """
            INSERT INTO statecraft_journal (event_id, machine_id, kind, payload, applied_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (event_id) DO NOTHING RETURNING seq
            """,
            [.text(entry.eventID), .text(entry.machineID), .text(entry.kind.rawValue),
             .text(String(decoding: entry.payload, as: UTF8.self)), .integer(SQLiteInt64(entry.appliedAt))]
        )
        return !rows.isEmpty
    }

    /// The journal entry and the row in two statements sent together, without waiting for the
    /// first: the store's one thread runs them in order, and the update runs only when the insert
    /// changed a row (SQLite's `changes()`), so a duplicate writes nothing. One hop to the thread
    /// instead of two.
    func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        let connection = store.connection
        let recorded: EventLoopFuture<[SQLiteRow]> = connection.query(
            """
            INSERT INTO statecraft_journal (event_id, machine_id, kind, payload, applied_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (event_id) DO NOTHING RETURNING seq
            """,
            [.text(entry.eventID), .text(entry.machineID), .text(entry.kind.rawValue),
             .text(String(decoding: entry.payload, as: UTF8.self)), .integer(SQLiteInt64(entry.appliedAt))]
        )
        let updated: EventLoopFuture<[SQLiteRow]> = connection.query(
            """
            UPDATE statecraft_machines SET version = ?, snapshot = ?, next_due = ?, revision = ?
            WHERE id = ? AND revision = ? AND changes() = 1 RETURNING id
            """,
            [.integer(SQLiteInt64(machine.version)), .text(String(decoding: machine.snapshot, as: UTF8.self)),
             machine.nextDue.map { .integer(SQLiteInt64($0)) } ?? .null, .integer(SQLiteInt64(machine.revision)),
             .text(machine.id), .integer(SQLiteInt64(revision))]
        )
        let inserted: Bool, wrote: Bool
        do {
            inserted = try await !recorded.get().isEmpty
            wrote = try await !updated.get().isEmpty
        } catch {
            // Both were sent: wait for the second before the transaction goes on or rolls back.
            _ = try? await updated.get()
            if connection.isClosed { throw DurableError(code: .closed, message: "the SQLite store '\(store.path)' is closed") }
            throw DurableError(code: .database, message: "SQLite failed a step's write: \(error)", cause: DurableCause(error))
        }
        guard inserted else { return false }
        guard wrote else {
            throw DurableError(code: .conflict, message: "the machine changed since revision \(revision) was read", machineID: machine.id)
        }
        return true
    }

    func isRecorded(_ eventID: String) async throws -> Bool {
        try await !store.run("SELECT 1 FROM statecraft_journal WHERE event_id = ?", [.text(eventID)]).isEmpty
    }

    func dueMachines(at instant: Int64, limit: Int) async throws -> [String] {
        try await store.run(
            "SELECT id FROM statecraft_machines WHERE next_due IS NOT NULL AND next_due <= ? ORDER BY next_due, id LIMIT ?",
            [.integer(SQLiteInt64(instant)), .integer(SQLiteInt64(limit))]
        ).compactMap { $0.column("id")?.string }
    }

    func earliestDue() async throws -> Int64? {
        try await store.run("SELECT MIN(next_due) AS due FROM statecraft_machines").first?.column("due")?.integer.map(Int64.init)
    }

    func enqueue(_ message: OutboxRecord) async throws {
        try await store.run(
            "INSERT INTO statecraft_outbox (id, source, target, payload) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            [.text(message.id), .text(message.source), .text(message.target), .text(String(decoding: message.payload, as: UTF8.self))]
        )
    }

    func pendingMessages(limit: Int) async throws -> [OutboxRecord] {
        try await store.run(
            "SELECT id, source, target, payload FROM statecraft_outbox WHERE delivered = 0 ORDER BY seq LIMIT ?",
            [.integer(SQLiteInt64(limit))]
        ).map { row in
            guard let id = row.column("id")?.string, let source = row.column("source")?.string,
                  let target = row.column("target")?.string, let payload = row.column("payload")?.string
            else {
                throw DurableError(code: .corruptRow, message: "an outbox row lacks a column or has one of the wrong type")
            }
            return OutboxRecord(id: id, source: source, target: target, payload: Data(payload.utf8))
        }
    }

    func markDelivered(_ id: String) async throws {
        try await store.run("UPDATE statecraft_outbox SET delivered = 1 WHERE id = ?", [.text(id)])
    }
}
