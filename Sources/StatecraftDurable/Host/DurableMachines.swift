#if Durable
public import Foundation
public import Logging
public import Statecraft
import Synchronization

/// Durable machines, each addressed by an id, kept in a ``DurableStore``.
///
/// ```swift
/// let store = try await SQLiteDurableStore(path: "orders.sqlite")
/// let machines = DurableMachines(store: store, charts: [orders])
/// try await machines.create("order-1", chart: "order")
/// let result = try await machines.send(orders.encode(.pay(amount: 30)), to: "order-1", id: "evt-1")
/// // result is .applied(...) the first time, .duplicate for every later send of "evt-1"
/// ```
///
/// ``send(_:to:id:)`` returns once the event, the machine's new snapshot, its next deadline
/// and any messages it sends other machines are committed in one transaction: the return is
/// the acknowledgement. An event id the journal holds is acknowledged as ``DurableSendResult/duplicate``
/// and not applied again.
///
/// One task writes: requests from every caller queue up and are committed together, many
/// sends in one transaction (group commit), in the order they arrived. The machines of
/// committed steps stay in memory, so a send to a known machine reads nothing but the journal.
///
/// Timers are absolute deadlines on the ``DurableClock``. A send first moves its machine's
/// clock to now, firing what is due; ``fireDueTimers()`` (which ``DurableWorker`` calls) fires
/// the timers of every machine. After a restart, a timer that fell due meanwhile fires once,
/// late: never twice, never not at all. Each firing is journalled as
/// `timer:<machine id>:<deadline in ms>`, and each message as `message:<n>:<cause event id>`:
/// ids a client cannot send (see ``send(_:to:id:)``).
///
/// Stored rows are hostile input: a row that does not restore (corrupt, of a chart this
/// process has not registered, of another version without a migration) is an error for its
/// machine only, logged once, counted, and listed by ``unloadableMachines()``; sends to it fail
/// with that error and the other machines go on. A message that cannot be delivered is kept
/// as a ``DeadLetter`` (``deadLetters(limit:)``, ``retryDeadLetter(_:)``), never dropped.
public final class DurableMachines: Sendable {
    let store: any DurableStore
    let charts: [String: any DurableChart]
    let clock: DurableClock
    let logger: Logger
    let maxBatch: Int
    let metrics = DurableMetrics()
    let queue = Mutex(RequestQueue())
    /// The machines whose rows were found not to restore, with why; see ``unloadableMachines()``.
    let problems = Mutex<[String: DurableError]>([:])
    private let writer = Mutex<Task<Void, Never>?>(nil)

    /// Starts durable machines on a store.
    ///
    /// - Parameters:
    ///   - store: Where the machines are kept.
    ///   - charts: The charts of the machines, each under its own name.
    ///   - clock: The clock of timers; the wall clock by default.
    ///   - logger: Where what happens is logged.
    ///   - maxBatch: The most requests committed in one transaction.
    public init(
        store: any DurableStore, charts: [any DurableChart], clock: DurableClock = .wall,
        logger: Logger = Logger(label: "statecraft.durable"), maxBatch: Int = 256
    ) {
        self.store = store
        var named: [String: any DurableChart] = [:]
        for chart in charts { named[chart.name] = chart }
        self.charts = named
        self.clock = clock
        self.logger = logger
        self.maxBatch = max(1, maxBatch)
        let task = Task(executorPreference: store.writerExecutor) { [self] in await self.writeLoop() }
        writer.withLock { $0 = task }
    }

    /// Creates a machine of a registered chart in its initial configuration, unless one with
    /// the id exists.
    ///
    /// - Parameters:
    ///   - id: The machine's id.
    ///   - chart: The name of its chart.
    /// - Returns: `true` when it was made, `false` when a machine of that chart had the id.
    /// - Throws: ``DurableError`` `machineExists` when a machine of another chart has the id,
    ///   `unknownChart` for a chart not registered.
    @discardableResult
    public func create(_ id: String, chart: String) async throws -> Bool {
        guard case .created(let made) = try await submit(.create(id: id, chart: chart)) else { return false }
        return made
    }

    /// Applies an event to a machine and stores it, with the new snapshot, in one transaction.
    ///
    /// - Parameters:
    ///   - event: The event, encoded as the machine's chart decodes events (for example with
    ///     ``TypedDurableChart/encode(_:)``).
    ///   - id: The machine's id.
    ///   - eventID: The event's id, unique in the store: the same id is applied once. It may not
    ///     be empty nor start with `timer:` or `message:`, the prefixes of the ids the store
    ///     makes for timers and messages.
    /// - Returns: `.applied` with what the step did, or `.duplicate`.
    /// - Throws: ``DurableError``: `invalidArgument` for an id in the store's namespace,
    ///   `unknownMachine`, `invalidEvent`, `versionMismatch`, `corruptRow` (the row's fault, named
    ///   in the message), `unknownChart`, `database`, `closed`.
    public func send(_ event: Data, to id: String, id eventID: String) async throws -> DurableSendResult {
        if let refusal = DurableIDs.refusal(ofClientID: eventID) {
            throw DurableError(code: .invalidArgument, message: refusal, machineID: id)
        }
        guard case .sent(let result) = try await submit(.send(machine: id, eventID: eventID, payload: event)) else {
            preconditionFailure("a send request was answered with another kind of reply")
        }
        return result
    }

    /// Fires every timer due on the ``DurableClock`` now, across all machines.
    ///
    /// - Returns: How many timers fired.
    /// - Throws: ``DurableError`` when the database fails; a machine whose row cannot be
    ///   restored is logged and skipped.
    @discardableResult
    public func fireDueTimers() async throws -> Int {
        var total = 0
        var skipping: Set<String> = []
        // Each round fires at most one batch of machines; a bounded number of rounds. A machine
        // that fails is tried once per call: the next batches leave it out.
        for _ in 0 ..< 10_000 {
            guard case .fired(let fired, let more, let failed) = try await submit(.fireTimers(skipping: skipping)) else { return total }
            total += fired
            skipping.formUnion(failed)
            if !more { break }
        }
        return total
    }

    /// Delivers the messages in the outbox to their machines (each applied once, by its id).
    ///
    /// - Returns: How many messages were delivered.
    @discardableResult
    public func deliverMessages() async throws -> Int {
        var total = 0
        for _ in 0 ..< 10_000 {
            guard case .delivered(let count, let more) = try await submit(.deliver) else { return total }
            total += count
            if !more { break }
        }
        return total
    }

    /// Whether the journal holds an event id: an event sent with it, a timer fired or a message
    /// delivered under it, by this process or any other sharing the store.
    ///
    /// - Parameter eventID: The id.
    /// - Throws: ``DurableError`` `database` or `closed`.
    public func isJournalled(_ eventID: String) async throws -> Bool {
        guard case .journalled(let found) = try await submit(.journalled(eventID: eventID)) else {
            preconditionFailure("a journal request was answered with another kind of reply")
        }
        return found
    }

    /// The stored row of a machine, as last committed.
    ///
    /// - Parameter id: The machine's id.
    /// - Throws: ``DurableError`` `unknownMachine`.
    public func row(_ id: String) async throws -> StoredMachine {
        guard case .row(let row) = try await submit(.read(id: id)) else {
            preconditionFailure("a read request was answered with another kind of reply")
        }
        return row
    }

    /// A typed machine as last committed, restored from its row (migrated when older).
    ///
    /// - Parameters:
    ///   - id: The machine's id.
    ///   - chart: Its chart.
    /// - Throws: ``DurableError`` `unknownMachine`, `corruptRow`, `versionMismatch`, or
    ///   `unknownChart` when the row is of another chart.
    public func machine<State, Event, Context>(
        _ id: String, of chart: TypedDurableChart<State, Event, Context>
    ) async throws -> Machine<State, Event, Context> {
        let row = try await row(id)
        guard row.chart == chart.name else {
            throw DurableError(code: .unknownChart, message: "the machine is of chart '\(row.chart)', not '\(chart.name)'", machineID: id)
        }
        let snapshot = row.version == chart.version ? row.snapshot : try chart.migrate(row.snapshot, from: row.version)
        return try chart.machine(from: snapshot)
    }

    /// Stops taking requests, waits for those queued, and stops the writer. The store stays open.
    public func close() async {
        let waiting = withQueue { queue in
            queue.closed = true
            defer { queue.waiter = nil }
            return queue.waiter
        }
        waiting?.resume()
        await writer.withLock { $0 }?.value
    }
}
#endif
