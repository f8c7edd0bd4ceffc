import Foundation
import Statecraft
import StatecraftDurable
import Synchronization

/// The machine `compare durable` sends events to: two states, one event that flips them, a
/// count of flips in the context, no timers and no messages.
enum DurableToggleState: String, Hashable, Sendable, Codable { case off, on }

enum DurableToggleEvent: String, MachineEvent, Codable { case toggle }

struct DurableToggleCount: Sendable, Codable { var toggles = 0 }

func makeDurableToggle() throws -> TypedDurableChart<DurableToggleState, DurableToggleEvent, DurableToggleCount> {
    let chart = try Statechart<DurableToggleState, DurableToggleEvent, DurableToggleCount> {
        Atomic(.off) { On(.toggle, to: .on) { count, _ in count.toggles += 1 } }
        Atomic(.on) { On(.toggle, to: .off) { count, _ in count.toggles += 1 } }
    }
    return TypedDurableChart(name: "toggle", version: 1, chart: chart, context: DurableToggleCount())
}

/// What a store was asked to do: transactions, and the statements run inside them by kind.
struct StoreCounts: Sendable {
    var transactions = 0
    var statements: [String: Int] = [:]
    /// Seconds inside the store's `transaction` (from the call to its return: `BEGIN`, the
    /// writer's work, `COMMIT`), and inside the statements the writer ran in it.
    var transactionSeconds = 0.0
    var statementSeconds: [String: Double] = [:]
    /// The transaction's three parts: from the call to the body's start (waiting for the store,
    /// `BEGIN`), the body (the writer's work), and from its end to the return (`COMMIT`).
    var phases = Phases()

    /// Statements inside transactions, plus a `BEGIN` and a `COMMIT` each: the round trips to
    /// the database (or hops to SQLite's thread pool).
    var roundTrips: Int { statements.values.reduce(0, +) + 2 * transactions }

    /// `record 1.00, update 1.00` per event, in name order.
    func perEvent(_ events: Int) -> String {
        statements.sorted { $0.key < $1.key }.map { "\($0.key) \(fixed(Double($0.value) / Double(events)))" }
            .joined(separator: ", ")
    }

    /// `record 60.00, update 70.00`: microseconds per event in each kind of statement.
    func microsecondsPerEvent(_ events: Int) -> String {
        statementSeconds.sorted { $0.key < $1.key }.map { "\($0.key) \(fixed($0.value / Double(events) * 1e6))" }
            .joined(separator: ", ")
    }
}

/// A store that counts and times what ``DurableMachines`` asks of the store it wraps: a clock
/// reading and a lock per statement, nothing against the tens of microseconds a statement takes.
final class CountingStore: DurableStore {
    let base: any DurableStore
    let counts = Mutex(StoreCounts())

    init(_ base: any DurableStore) {
        self.base = base
    }

    var writerExecutor: (any TaskExecutor)? { base.writerExecutor }

    func transaction<Result: Sendable>(_ body: (any DurableTransaction) async throws -> Result) async throws -> Result {
        let start = ContinuousClock.now
        var entered = start
        var left = start
        defer {
            let end = ContinuousClock.now
            counts.withLock {
                $0.transactions += 1
                $0.transactionSeconds += (end - start).inSeconds
                $0.phases.begin += (entered - start).inSeconds
                $0.phases.body += (left - entered).inSeconds
                $0.phases.commit += (end - left).inSeconds
            }
        }
        return try await base.transaction { inner in
            entered = ContinuousClock.now
            defer { left = ContinuousClock.now }
            return try await body(CountingTransaction(base: inner, store: self))
        }
    }

    func close() async throws {
        try await base.close()
    }

    func count(_ statement: String, since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).inSeconds
        counts.withLock {
            $0.statements[statement, default: 0] += 1
            $0.statementSeconds[statement, default: 0] += elapsed
        }
    }

    /// Runs a statement, counting and timing it under `name`.
    func timed<Value>(_ name: String, _ statement: () async throws -> Value) async throws -> Value {
        let start = ContinuousClock.now
        defer { count(name, since: start) }
        return try await statement()
    }

    /// The counts since the last reset, and a reset.
    func take() -> StoreCounts {
        counts.withLock { counts in
            defer { counts = StoreCounts() }
            return counts
        }
    }
}

/// The statements of one transaction, counted and passed on.
struct CountingTransaction: DurableTransaction {
    let base: any DurableTransaction
    let store: CountingStore

    func machine(_ id: String) async throws -> StoredMachine? {
        try await store.timed("read") { try await base.machine(id) }
    }

    func insert(_ machine: StoredMachine) async throws -> Bool {
        try await store.timed("insert") { try await base.insert(machine) }
    }

    func update(_ machine: StoredMachine, expecting revision: Int64) async throws {
        try await store.timed("update") { try await base.update(machine, expecting: revision) }
    }

    func record(_ entry: JournalEntry) async throws -> Bool {
        try await store.timed("record") { try await base.record(entry) }
    }

    func isRecorded(_ eventID: String) async throws -> Bool {
        try await store.timed("isRecorded") { try await base.isRecorded(eventID) }
    }

    func dueMachines(at instant: Int64, limit: Int) async throws -> [String] {
        try await store.timed("dueMachines") { try await base.dueMachines(at: instant, limit: limit) }
    }

    func earliestDue() async throws -> Int64? {
        try await store.timed("earliestDue") { try await base.earliestDue() }
    }

    func enqueue(_ message: OutboxRecord) async throws {
        try await store.timed("enqueue") { try await base.enqueue(message) }
    }

    func pendingMessages(limit: Int) async throws -> [OutboxRecord] {
        try await store.timed("pendingMessages") { try await base.pendingMessages(limit: limit) }
    }

    func markDelivered(_ id: String) async throws {
        try await store.timed("markDelivered") { try await base.markDelivered(id) }
    }

    func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        try await store.timed("commitStep") { try await base.commitStep(entry, machine: machine, expecting: revision) }
    }

    func lock(_ ids: [String], skippingLocked: Bool) async throws -> [String: Int64]? {
        let start = ContinuousClock.now
        let revisions = try await base.lock(ids, skippingLocked: skippingLocked)
        // A store with one writer locks nothing and runs no statement.
        if revisions != nil { store.count("lock", since: start) }
        return revisions
    }
}

/// Seconds spent in the parts of transactions: `BEGIN` (and, for durable machines, waiting for
/// the store), what runs between it and `COMMIT`, and `COMMIT`.
struct Phases: Sendable {
    var begin = 0.0
    var body = 0.0
    var commit = 0.0

    /// `begin_us=… body_us=… commit_us=…`, per event.
    func perEvent(_ events: Int) -> String {
        func us(_ seconds: Double) -> String { fixed(seconds / Double(events) * 1e6) }
        return "begin_us=\(us(begin)) body_us=\(us(body)) commit_us=\(us(commit))"
    }
}

/// Sends to durable machines, as the cases of `compare durable` do.
enum DurableSends {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Creates the machines `ids`, `concurrency` at a time (so that their rows are written in a
    /// few transactions, not one each).
    static func create(_ ids: [String], on machines: DurableMachines, concurrency: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0 ..< concurrency {
                group.addTask {
                    for index in stride(from: lane, to: ids.count, by: concurrency) {
                        try await machines.create(ids[index], chart: "toggle")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Sends `events` toggles to one machine, awaiting each; returns the seconds they took.
    static func sequential(
        _ events: Int, to id: String, on machines: DurableMachines, payload: Data, prefix: String
    ) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0 ..< events {
            guard case .applied = try await machines.send(payload, to: id, id: "\(prefix)-\(index)") else {
                throw Failure(description: "event \(prefix)-\(index) was not applied")
            }
        }
        return (clock.now - start).inSeconds
    }

    /// Sends `events` toggles from `senders` tasks at once, each awaiting its sends one after
    /// another; sender `s` sends to machines `s`, `s + senders`, ... in turn. Returns the seconds.
    static func concurrent(
        _ events: Int, senders: Int, to ids: [String], on machines: DurableMachines, payload: Data, prefix: String
    ) async throws -> Double {
        let perSender = events / senders
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0 ..< senders {
                group.addTask {
                    for index in 0 ..< perSender {
                        let id = ids[(sender + index * senders) % ids.count]
                        guard case .applied = try await machines.send(payload, to: id, id: "\(prefix)-\(sender)-\(index)") else {
                            throw Failure(description: "event \(prefix)-\(sender)-\(index) was not applied")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        return (clock.now - start).inSeconds
    }
}

/// The part of a durable send that is the machine's own work, with no database: decoding the
/// event and stepping the machine (`decodeEvent`, `send` and `takeMessages` of the chart's `StorableMachine`), and
/// encoding the new snapshot (`encodedState`).
enum DurableStepCost {
    /// Microseconds per call of each, the fastest of five runs of `events`.
    static func measure(events: Int = 20_000) throws -> (apply: Double, encode: Double) {
        let chart = try makeDurableToggle()
        let payload = try chart.encode(.toggle)
        var machine = try chart.makeMachine()
        let clock = ContinuousClock()
        var apply = Double.infinity
        var encode = Double.infinity
        var bytes = 0
        for _ in 0 ..< 5 {
            var start = clock.now
            for _ in 0 ..< events {
                bytes &+= "\(machine.send(try machine.decodeEvent(Array(payload))))".utf8.count
                bytes &+= try machine.takeMessages().count
            }
            apply = min(apply, (clock.now - start).inSeconds / Double(events) * 1e6)
            start = clock.now
            for _ in 0 ..< events { bytes &+= try machine.encodedState().count }
            encode = min(encode, (clock.now - start).inSeconds / Double(events) * 1e6)
        }
        consume(bytes)
        return (apply, encode)
    }
}

extension Duration {
    var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
