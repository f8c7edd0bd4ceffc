#if Postgres
import Foundation
import PostgresNIO
import StatecraftDurable

/// The statements of one PostgreSQL transaction.
struct PostgresTransaction: DurableTransaction {
    let connection: PostgresConnection

    func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await PostgresDurableStore.run(connection, query)
    }

    /// Reads every row of a result, turning a decoding failure into `corruptRow`.
    func rows<Row>(_ query: PostgresQuery, what: String, _ decode: (PostgresRow) throws -> Row) async throws -> [Row] {
        let sequence = try await run(query)
        var rows: [PostgresRow] = []
        do {
            for try await row in sequence { rows.append(row) }
        } catch {
            throw PostgresDurableStore.durableError(error, doing: String(query.sql.prefix(60)))
        }
        return try rows.map { row in
            do {
                return try decode(row)
            } catch {
                throw DurableError(code: .corruptRow, message: "\(what) has a column of the wrong type: \(error)")
            }
        }
    }

    func machine(_ id: String) async throws -> StoredMachine? {
        let rows = try await rows(
            "SELECT chart, version, snapshot, origin, next_due, revision FROM statecraft_machines WHERE id = \(id)",
            what: "the row of machine '\(id)'"
        ) { try MachineColumns($0.decode((String, Int32, Data, Int64, Int64?, Int64).self)) }
        guard let row = rows.first else { return nil }
        return StoredMachine(
            id: id, chart: row.chart, version: Int(row.version), snapshot: row.snapshot, origin: row.origin,
            nextDue: row.nextDue, revision: row.revision
        )
    }

    func insert(_ machine: StoredMachine) async throws -> Bool {
        try await !rows(
            """
            INSERT INTO statecraft_machines (id, chart, version, snapshot, origin, next_due, revision)
            VALUES (\(machine.id), \(machine.chart), \(Int32(clamping: machine.version)), \(machine.snapshot), \(machine.origin),
                    \(machine.nextDue), \(machine.revision))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """,
            what: "an inserted machine"
        ) { try $0.decode(String.self) }.isEmpty
    }

    func update(_ machine: StoredMachine, expecting revision: Int64) async throws {
        let updated = try await rows(
            """
            UPDATE statecraft_machines SET version = \(Int32(clamping: machine.version)), snapshot = \(machine.snapshot),
                next_due = \(machine.nextDue), revision = \(machine.revision)
            WHERE id = \(machine.id) AND revision = \(revision) RETURNING id
            """,
            what: "an updated machine"
        ) { try $0.decode(String.self) }
        if updated.isEmpty {
            throw DurableError(code: .conflict, message: "the machine changed since revision \(revision) was read", machineID: machine.id)
        }
    }

    /// The journal entry and the row in one statement: the update runs only when the entry was
    /// inserted, and the counts say which of duplicate, conflict or applied it was.
    func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        let counts = try await rows(
            """
            WITH entry AS (
                INSERT INTO statecraft_journal (event_id, machine_id, kind, payload, applied_at)
                VALUES (\(entry.eventID), \(entry.machineID), \(entry.kind.rawValue), \(entry.payload), \(entry.appliedAt))
                ON CONFLICT (event_id) DO NOTHING RETURNING seq
            ), row AS (
                UPDATE statecraft_machines SET version = \(Int32(clamping: machine.version)), snapshot = \(machine.snapshot),
                    next_due = \(machine.nextDue), revision = \(machine.revision)
                WHERE id = \(machine.id) AND revision = \(revision) AND EXISTS (SELECT 1 FROM entry) RETURNING id
            )
            SELECT (SELECT COUNT(*) FROM entry), (SELECT COUNT(*) FROM row)
            """,
            what: "a step's write"
        ) { try $0.decode((Int64, Int64).self) }
        guard let (journalled, updated) = counts.first else {
            throw DurableError(code: .database, message: "a step's write returned no counts", machineID: machine.id)
        }
        if journalled == 0 { return false }
        if updated == 0 {
            throw DurableError(code: .conflict, message: "the machine changed since revision \(revision) was read", machineID: machine.id)
        }
        return true
    }

    func record(_ entry: JournalEntry) async throws -> Bool {
        try await !rows(
            """
            INSERT INTO statecraft_journal (event_id, machine_id, kind, payload, applied_at)
            VALUES (\(entry.eventID), \(entry.machineID), \(entry.kind.rawValue), \(entry.payload), \(entry.appliedAt))
            ON CONFLICT (event_id) DO NOTHING RETURNING seq
            """,
            what: "a journal entry"
        ) { try $0.decode(Int64.self) }.isEmpty
    }

    func isRecorded(_ eventID: String) async throws -> Bool {
        try await !rows("SELECT event_id FROM statecraft_journal WHERE event_id = \(eventID)", what: "the journal") { try $0.decode(String.self) }.isEmpty
    }

    func dueMachines(at instant: Int64, limit: Int) async throws -> [String] {
        try await rows(
            """
            SELECT id FROM statecraft_machines WHERE next_due IS NOT NULL AND next_due <= \(instant)
            ORDER BY next_due, id LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
            """,
            what: "a due machine"
        ) { try $0.decode(String.self) }
    }

    func earliestDue() async throws -> Int64? {
        try await rows(
            "SELECT next_due FROM statecraft_machines WHERE next_due IS NOT NULL ORDER BY next_due LIMIT 1",
            what: "a deadline"
        ) { try $0.decode(Int64.self) }.first
    }

    func enqueue(_ message: OutboxRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO statecraft_outbox (id, source, target, payload) VALUES (\(message.id), \(message.source), \(message.target), \(message.payload))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """,
            what: "an outbox message"
        ) { try $0.decode(String.self) }
    }

    func pendingMessages(limit: Int) async throws -> [OutboxRecord] {
        try await rows(
            """
            SELECT id, source, target, payload FROM statecraft_outbox WHERE NOT delivered
            ORDER BY seq LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
            """,
            what: "an outbox row"
        ) { try OutboxColumns($0.decode((String, String, String, Data).self)) }.map { OutboxRecord(id: $0.id, source: $0.source, target: $0.target, payload: $0.payload) }
    }

    func markDelivered(_ id: String) async throws {
        _ = try await rows("UPDATE statecraft_outbox SET delivered = TRUE WHERE id = \(id) RETURNING id", what: "an outbox row") { try $0.decode(String.self) }
    }

    func deadLetter(_ message: OutboxRecord, code: String, reason: String, at instant: Int64) async throws {
        _ = try await rows(
            """
            WITH letter AS (
                INSERT INTO statecraft_dead_letters (id, source, target, payload, code, reason, failed_at)
                VALUES (\(message.id), \(message.source), \(message.target), \(message.payload), \(code), \(reason), \(instant))
                ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, reason = EXCLUDED.reason, failed_at = EXCLUDED.failed_at
                RETURNING id
            ), gone AS (
                DELETE FROM statecraft_outbox WHERE id = \(message.id) RETURNING id
            )
            SELECT (SELECT COUNT(*) FROM letter), (SELECT COUNT(*) FROM gone)
            """,
            what: "a dead letter"
        ) { try $0.decode((Int64, Int64).self) }
    }

    func deadLetters(limit: Int) async throws -> [DeadLetter] {
        try await rows(
            """
            SELECT id, source, target, payload, code, reason, failed_at FROM statecraft_dead_letters
            ORDER BY seq LIMIT \(Int64(limit))
            """,
            what: "a dead letter"
        ) { try DeadLetterColumns($0.decode((String, String, String, Data, String, String, Int64).self)) }.map {
            DeadLetter(
                message: OutboxRecord(id: $0.id, source: $0.source, target: $0.target, payload: $0.payload), code: $0.code,
                reason: $0.reason, failedAt: $0.failedAt
            )
        }
    }

    func retryDeadLetter(_ id: String) async throws -> Bool {
        let moved = try await rows(
            """
            WITH letter AS (
                DELETE FROM statecraft_dead_letters WHERE id = \(id) RETURNING id, source, target, payload
            )
            INSERT INTO statecraft_outbox (id, source, target, payload) SELECT id, source, target, payload FROM letter
            ON CONFLICT (id) DO UPDATE SET delivered = FALSE RETURNING id
            """,
            what: "a retried dead letter"
        ) { try $0.decode(String.self) }
        return !moved.isEmpty
    }

    func lock(_ ids: [String], skippingLocked: Bool) async throws -> [String: Int64]? {
        guard !ids.isEmpty else { return [:] }
        let query: PostgresQuery = skippingLocked
            ? "SELECT id, revision FROM statecraft_machines WHERE id = ANY(\(ids)) ORDER BY id FOR UPDATE SKIP LOCKED"
            : "SELECT id, revision FROM statecraft_machines WHERE id = ANY(\(ids)) ORDER BY id FOR UPDATE"
        var revisions: [String: Int64] = [:]
        let locked = try await rows(query, what: "a machine's revision") { try RevisionColumns($0.decode((String, Int64).self)) }
        for row in locked { revisions[row.id] = row.revision }
        return revisions
    }
}

struct MachineColumns: Sendable {
    let chart: String
    let version: Int32
    let snapshot: Data
    let origin: Int64
    let nextDue: Int64?
    let revision: Int64

    init(_ columns: (String, Int32, Data, Int64, Int64?, Int64)) {
        (chart, version, snapshot, origin, nextDue, revision) = columns
    }
}

struct RevisionColumns: Sendable {
    let id: String
    let revision: Int64

    init(_ columns: (String, Int64)) {
        (id, revision) = columns
    }
}

struct OutboxColumns: Sendable {
    let id: String
    let source: String
    let target: String
    let payload: Data

    init(_ columns: (String, String, String, Data)) {
        (id, source, target, payload) = columns
    }
}

struct DeadLetterColumns: Sendable {
    let id: String
    let source: String
    let target: String
    let payload: Data
    let code: String
    let reason: String
    let failedAt: Int64

    init(_ columns: (String, String, String, Data, String, String, Int64)) {
        (id, source, target, payload, code, reason, failedAt) = columns
    }
}
#endif
