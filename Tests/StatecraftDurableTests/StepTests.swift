#if Postgres
import Foundation
import Statecraft
@testable import StatecraftDurable
import NIOPosix
import Testing

/// A step's write on SQLite (`DurableTransaction.commitStep`): the event journalled and the
/// machine's row updated in one statement, both or neither.
@Suite struct StepTests {
    /// A store with machine `m` at revision 1.
    func withOneMachine(_ body: (SQLiteDurableStore) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let store = try await SQLiteDurableStore(path: folder.appendingPathComponent("steps.sqlite").path)
            do {
                let row = StoredMachine(id: "m", chart: "lamp", version: 1, snapshot: Data("{}".utf8), origin: 0, nextDue: nil, revision: 1)
                #expect(try await store.transaction { try await $0.insert(row) })
                try await body(store)
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// One step in a transaction of its own.
    func step(_ store: SQLiteDurableStore, _ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        try await store.transaction { try await $0.commitStep(entry, machine: machine, expecting: revision) }
    }

    func entry(_ id: String) -> JournalEntry {
        JournalEntry(eventID: id, machineID: "m", kind: .event, payload: Data("{\"toggle\":{}}".utf8), appliedAt: 7)
    }

    func row(revision: Int64, snapshot: String) -> StoredMachine {
        StoredMachine(id: "m", chart: "lamp", version: 1, snapshot: Data(snapshot.utf8), origin: 0, nextDue: 42, revision: revision)
    }

    /// The journal's event ids and the machine's revision and snapshot, as stored.
    func stored(_ store: SQLiteDurableStore) async throws -> (events: [String], revision: Int64?, snapshot: String?) {
        let events = try await store.run("SELECT event_id FROM statecraft_journal ORDER BY seq").compactMap { $0.column("event_id")?.string }
        let machine = try await store.run("SELECT revision, snapshot FROM statecraft_machines WHERE id = 'm'").first
        return (events, machine?.column("revision")?.integer.map(Int64.init), machine?.column("snapshot")?.string)
    }

    @Test func stepWritesBothOrNeither() async throws {
        try await withOneMachine { store in
            #expect(try await step(store, entry("e1"), machine: row(revision: 2, snapshot: "two"), expecting: 1))
            var now = try await stored(store)
            #expect(now.events == ["e1"])
            #expect(now.revision == 2)
            #expect(now.snapshot == "two")
            #expect(try await store.run("SELECT next_due FROM statecraft_machines").first?.column("next_due")?.integer == 42)

            // The same event id again: a duplicate, nothing written (the row keeps "two").
            #expect(try await !step(store, entry("e1"), machine: row(revision: 3, snapshot: "three"), expecting: 2))
            // A stale revision: a conflict, nothing written (not even the journal entry).
            do {
                _ = try await step(store, entry("e2"), machine: row(revision: 2, snapshot: "stale"), expecting: 1)
                Issue.record("a step naming a stale revision was written")
            } catch let error as DurableError {
                #expect(error.code == .conflict)
                #expect(error.machineID == "m")
            }
            // A machine with no row is a conflict too.
            do {
                let ghost = JournalEntry(eventID: "e3", machineID: "ghost", kind: .event, payload: Data(), appliedAt: 0)
                var ghostRow = row(revision: 2, snapshot: "x")
                ghostRow.id = "ghost"
                _ = try await step(store, ghost, machine: ghostRow, expecting: 1)
                Issue.record("a step to a machine without a row was written")
            } catch let error as DurableError {
                #expect(error.code == .conflict)
            }
            now = try await stored(store)
            #expect(now.events == ["e1"])
            #expect(now.revision == 2)
            #expect(now.snapshot == "two")

            // The store is usable afterwards.
            #expect(try await step(store, entry("e2"), machine: row(revision: 3, snapshot: "three"), expecting: 2))
            #expect(try await stored(store).events == ["e1", "e2"])
        }
    }

    @Test func stepInATransactionLeavesTheTransactionsOtherWritesAlone() async throws {
        try await withOneMachine { store in
            // A duplicate inside a transaction writes nothing of its own; the rest commits.
            #expect(try await step(store, entry("e1"), machine: row(revision: 2, snapshot: "two"), expecting: 1))
            let duplicate = try await store.transaction { transaction in
                let other = JournalEntry(eventID: "other", machineID: "m", kind: .timer, payload: Data(), appliedAt: 0)
                #expect(try await transaction.record(other))
                return try await transaction.commitStep(entry("e1"), machine: row(revision: 3, snapshot: "three"), expecting: 2)
            }
            #expect(!duplicate)
            var now = try await stored(store)
            #expect(now.events == ["e1", "other"])
            #expect(now.snapshot == "two")

            // A conflict inside a transaction is thrown, and the transaction rolls back as a whole.
            do {
                try await store.transaction { transaction in
                    let other = JournalEntry(eventID: "rolled-back", machineID: "m", kind: .timer, payload: Data(), appliedAt: 0)
                    _ = try await transaction.record(other)
                    _ = try await transaction.commitStep(entry("e2"), machine: row(revision: 2, snapshot: "stale"), expecting: 1)
                }
                Issue.record("a conflicting step committed")
            } catch let error as DurableError {
                #expect(error.code == .conflict)
            }
            now = try await stored(store)
            #expect(now.events == ["e1", "other"])
            #expect(now.revision == 2)
        }
    }

    /// The statement itself, outside a transaction: still both rows or neither.
    @Test func stepStatementIsWholeOnItsOwn() async throws {
        try await withOneMachine { store in
            let stale = SQLiteDurableStore.stepBinds(entry("e1"), machine: row(revision: 2, snapshot: "stale"), expecting: 5)
            await #expect(throws: (any Error).self) { try await store.connection.query(SQLiteDurableStore.stepSQL, stale) }
            #expect(try await stored(store).events.isEmpty)
            let good = SQLiteDurableStore.stepBinds(entry("e1"), machine: row(revision: 2, snapshot: "two"), expecting: 1)
            _ = try await store.connection.query(SQLiteDurableStore.stepSQL, good)
            let duplicate = SQLiteDurableStore.stepBinds(entry("e1"), machine: row(revision: 3, snapshot: "three"), expecting: 2)
            await #expect(throws: (any Error).self) { try await store.connection.query(SQLiteDurableStore.stepSQL, duplicate) }
            let now = try await stored(store)
            #expect(now.events == ["e1"])
            #expect(now.revision == 2)
            #expect(now.snapshot == "two")
        }
    }

    @Test func aForeignObjectInTheStepViewsPlaceIsRefusedAtOpening() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("foreign.sqlite").path
            let store = try await SQLiteDurableStore(path: path)
            try await store.run("DROP TRIGGER statecraft_step_v1")
            try await store.run("DROP VIEW statecraft_steps_v1")
            try await store.run("CREATE TABLE statecraft_steps_v1 (event_id TEXT)")
            try await store.close()
            do {
                let reopened = try await SQLiteDurableStore(path: path)
                try? await reopened.close()
                Issue.record("a table in the step view's place was used")
            } catch let error as DurableError {
                #expect(error.code == .database)
                #expect(error.message.contains("cannot be used as a durable store"), "\(error)")
                #expect(error.message.contains("statecraft_steps_v1"), "\(error)")
            }
        }
    }
}

/// The SQLite store's writer executor (`DurableStore.writerExecutor`): the machines' writer runs
/// on the thread of the store's statements, and a store closed under it leaves no task waiting.
@Suite struct WriterExecutorTests {
    @Test func jobsRunOnThePoolsThreadAndGoElsewhereOnceItIsShutDown() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let executor = ThreadPoolExecutor(pool)
        let poolThread = try await pool.runIfActive { pthread_self() }
        let thread = await Task(executorPreference: executor) { pthread_self() }.value
        #expect(pthread_equal(thread, poolThread) != 0)
        try await pool.shutdownGracefully()
        // The pool is gone: a job still runs (on the global executor), and nothing hangs.
        let after = await Task(executorPreference: executor) { pthread_self() }.value
        #expect(pthread_equal(after, poolThread) == 0)
    }

    @Test func sendsToAStoreClosedUnderTheWriterFailAndDoNotHang() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let store = try await SQLiteDurableStore(path: folder.appendingPathComponent("closed.sqlite").path)
            #expect(store.writerExecutor != nil)
            let machines = DurableMachines(store: store, charts: [lamp])
            try await machines.create("lamp", chart: "lamp")
            #expect(try await machines.send(lamp.encode(.toggle), to: "lamp", id: "e1") != .duplicate)
            try await store.close()
            do {
                _ = try await machines.send(lamp.encode(.toggle), to: "lamp", id: "e2")
                Issue.record("a send to a closed store succeeded")
            } catch let error as DurableError {
                #expect(error.code == .closed, "\(error)")
            }
            await machines.close()
        }
    }
}
#endif
