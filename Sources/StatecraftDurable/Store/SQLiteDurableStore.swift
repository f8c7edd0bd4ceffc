#if Durable
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
    /// Runs the machines' writer on the statements' thread (see ``writerExecutor``).
    let executor: ThreadPoolExecutor
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
        // A thread of its own: statements run in the order they are submitted, and other users
        // of sqlite-nio's shared pool do not wait behind a commit's flush.
        threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        executor = ThreadPoolExecutor(threads)
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
        // Schema 2: messages that could not be delivered, with why and when (see `DeadLetter`). A store
        // of schema 1 gains the table when it is opened; processes of schema 1 ignore it.
        """
        CREATE TABLE IF NOT EXISTS statecraft_dead_letters (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL, target TEXT NOT NULL,
            payload TEXT NOT NULL, code TEXT NOT NULL, reason TEXT NOT NULL, failed_at INTEGER NOT NULL
        )
        """,
        "CREATE TABLE IF NOT EXISTS statecraft_schema (version INTEGER PRIMARY KEY)",
        "INSERT INTO statecraft_schema (version) VALUES (1), (2) ON CONFLICT (version) DO NOTHING",
        // A step's two writes as one statement (see `stepSQL`): a row inserted into this view
        // journals the event and updates the machine, or does neither and fails with one of
        // `StepRefusal`'s messages. One hop to the store's thread instead of two, and no row
        // read back (`RETURNING`), which sqlite-nio hands over through its event loop.
        """
        CREATE VIEW IF NOT EXISTS statecraft_steps_v1 AS SELECT
            NULL AS event_id, NULL AS machine_id, NULL AS kind, NULL AS payload, NULL AS applied_at,
            NULL AS version, NULL AS snapshot, NULL AS next_due, NULL AS revision, NULL AS expected WHERE 0
        """,
        """
        CREATE TRIGGER IF NOT EXISTS statecraft_step_v1 INSTEAD OF INSERT ON statecraft_steps_v1 BEGIN
            SELECT RAISE(ABORT, '\(StepRefusal.duplicate.rawValue)')
                WHERE EXISTS (SELECT 1 FROM statecraft_journal WHERE event_id = NEW.event_id);
            SELECT RAISE(ABORT, '\(StepRefusal.conflict.rawValue)')
                WHERE NOT EXISTS (SELECT 1 FROM statecraft_machines WHERE id = NEW.machine_id AND revision = NEW.expected);
            UPDATE statecraft_machines SET version = NEW.version, snapshot = NEW.snapshot, next_due = NEW.next_due,
                revision = NEW.revision WHERE id = NEW.machine_id;
            INSERT INTO statecraft_journal (event_id, machine_id, kind, payload, applied_at)
                VALUES (NEW.event_id, NEW.machine_id, NEW.kind, NEW.payload, NEW.applied_at);
        END
        """,
    ]

    /// Why the step statement wrote nothing: the messages its trigger raises (quoted in SQL, so
    /// without apostrophes).
    enum StepRefusal: String {
        case duplicate = "statecraft: the event id is journalled already"
        case conflict = "statecraft: the machine revision is not the one read"
    }

    /// Journals an event and updates its machine in one statement, through the view's trigger.
    static let stepSQL = """
        INSERT INTO statecraft_steps_v1 (event_id, machine_id, kind, payload, applied_at, version, snapshot, next_due, revision, expected)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values of ``stepSQL`` for a step.
    static func stepBinds(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) -> [SQLiteData] {
        [.text(entry.eventID), .text(entry.machineID), .text(entry.kind.rawValue), .text(String(decoding: entry.payload, as: UTF8.self)),
         .integer(SQLiteInt64(entry.appliedAt)), .integer(SQLiteInt64(machine.version)),
         .text(String(decoding: machine.snapshot, as: UTF8.self)), machine.nextDue.map { .integer(SQLiteInt64($0)) } ?? .null,
         .integer(SQLiteInt64(machine.revision)), .integer(SQLiteInt64(revision))]
    }

    /// The thread the statements run on: the machines' writer runs there too, so that a statement
    /// and the work around it need no other thread woken.
    public var writerExecutor: (any TaskExecutor)? { executor }

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

    /// The journal entry and the row in one statement (the view's trigger: see
    /// `SQLiteDurableStore.stepSQL`), which writes both or neither.
    func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        do {
            let _: [SQLiteRow] = try await store.connection.query(
                SQLiteDurableStore.stepSQL, SQLiteDurableStore.stepBinds(entry, machine: machine, expecting: revision)
            )
            return true
        } catch let error as SQLiteError where error.message == SQLiteDurableStore.StepRefusal.duplicate.rawValue {
            return false
        } catch let error as SQLiteError where error.message == SQLiteDurableStore.StepRefusal.conflict.rawValue {
            throw DurableError(code: .conflict, message: "the machine changed since revision \(revision) was read", machineID: machine.id)
        } catch {
            if store.connection.isClosed { throw DurableError(code: .closed, message: "the SQLite store '\(store.path)' is closed") }
            throw DurableError(code: .database, message: "SQLite failed a step's write: \(error)", cause: DurableCause(error))
        }
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

    func deadLetter(_ message: OutboxRecord, code: String, reason: String, at instant: Int64) async throws {
        try await store.run(
            """
            INSERT INTO statecraft_dead_letters (id, source, target, payload, code, reason, failed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET code = excluded.code, reason = excluded.reason, failed_at = excluded.failed_at
            """,
            [.text(message.id), .text(message.source), .text(message.target), .text(String(decoding: message.payload, as: UTF8.self)),
             .text(code), .text(reason), .integer(SQLiteInt64(instant))]
        )
        try await store.run("DELETE FROM statecraft_outbox WHERE id = ?", [.text(message.id)])
    }

    func deadLetters(limit: Int) async throws -> [DeadLetter] {
        try await store.run(
            "SELECT id, source, target, payload, code, reason, failed_at FROM statecraft_dead_letters ORDER BY seq LIMIT ?",
            [.integer(SQLiteInt64(limit))]
        ).map { row in
            guard let id = row.column("id")?.string, let source = row.column("source")?.string,
                  let target = row.column("target")?.string, let payload = row.column("payload")?.string,
                  let code = row.column("code")?.string, let reason = row.column("reason")?.string,
                  let failedAt = row.column("failed_at")?.integer
            else {
                throw DurableError(code: .corruptRow, message: "a dead-letter row lacks a column or has one of the wrong type")
            }
            return DeadLetter(
                message: OutboxRecord(id: id, source: source, target: target, payload: Data(payload.utf8)), code: code, reason: reason,
                failedAt: Int64(failedAt)
            )
        }
    }

    func retryDeadLetter(_ id: String) async throws -> Bool {
        let moved = try await store.run(
            """
            INSERT INTO statecraft_outbox (id, source, target, payload)
            SELECT id, source, target, payload FROM statecraft_dead_letters WHERE id = ?
            ON CONFLICT (id) DO UPDATE SET delivered = 0 RETURNING id
            """,
            [.text(id)]
        )
        guard !moved.isEmpty else { return false }
        try await store.run("DELETE FROM statecraft_dead_letters WHERE id = ?", [.text(id)])
        return true
    }
}
#endif
