#if Durable
public import Foundation

/// Where durable machines are kept: machine rows, the event journal and the outbox, read and
/// written in transactions.
///
/// ``SQLiteDurableStore`` keeps them in one file. A store only reads and writes rows;
/// ``DurableMachines`` runs the machines, so a new database needs only this protocol and
/// ``DurableTransaction``.
public protocol DurableStore: Sendable {
    /// Runs `body` in one transaction: commits when it returns, rolls back when it throws.
    ///
    /// - Parameter body: The reads and writes, through the transaction it receives.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``DurableError`` `database` when the database fails.
    func transaction<Result: Sendable>(
        _ body: (any DurableTransaction) async throws -> Result
    ) async throws -> Result

    /// Closes the store; later calls fail with ``DurableError`` `closed`.
    func close() async throws

    /// The executor that the writer task of ``DurableMachines`` prefers; `nil` (the default)
    /// for the global one.
    ///
    /// A store whose driver runs statements on a thread of its own may name that thread, so that
    /// the writer's work and the statements take turns on it rather than waking each other's
    /// threads (``SQLiteDurableStore`` does).
    var writerExecutor: (any TaskExecutor)? { get }
}

extension DurableStore {
    /// `nil`: the writer runs on the global concurrent executor.
    public var writerExecutor: (any TaskExecutor)? { nil }
}

/// The reads and writes of one transaction of a ``DurableStore``.
public protocol DurableTransaction {
    /// The row of a machine, or `nil` when there is none.
    ///
    /// - Parameter id: The machine's id.
    func machine(_ id: String) async throws -> StoredMachine?

    /// Adds a machine; does nothing when a machine has the id already.
    ///
    /// - Parameter machine: The row; its revision is 1.
    /// - Returns: Whether the row was added.
    func insert(_ machine: StoredMachine) async throws -> Bool

    /// Replaces a machine's row if its revision is still `revision` (optimistic concurrency),
    /// storing `machine.revision`.
    ///
    /// - Throws: ``DurableError`` `conflict` when the stored revision differs.
    func update(_ machine: StoredMachine, expecting revision: Int64) async throws

    /// Adds an entry to the journal unless one with its event id is there.
    ///
    /// - Returns: `true` when added, `false` when the id was there already (a duplicate).
    func record(_ entry: JournalEntry) async throws -> Bool

    /// Whether the journal holds an event id.
    func isRecorded(_ eventID: String) async throws -> Bool

    /// The ids of machines whose next timer is due at or before `instant`, earliest first.
    ///
    /// A store that other processes write locks these rows, skipping those another transaction
    /// holds, so that two processes never fire one machine's timers.
    ///
    /// - Parameters:
    ///   - instant: Milliseconds on the durable clock.
    ///   - limit: The most ids returned.
    func dueMachines(at instant: Int64, limit: Int) async throws -> [String]

    /// ``dueMachines(at:limit:)`` leaving out the machines in `excluded` (machines whose rows do
    /// not restore, so that they cannot fill every batch). The default fetches more and filters.
    ///
    /// - Parameters:
    ///   - instant: Milliseconds on the durable clock.
    ///   - limit: The most ids returned.
    ///   - excluded: Ids to leave out.
    func dueMachines(at instant: Int64, limit: Int, excluding excluded: Set<String>) async throws -> [String]

    /// The earliest timer due of all machines, in milliseconds on the durable clock.
    func earliestDue() async throws -> Int64?

    /// Adds a message to the outbox; does nothing when its id is there.
    func enqueue(_ message: OutboxRecord) async throws

    /// Messages not yet delivered, oldest first.
    ///
    /// A store that other processes write locks these rows, skipping those another transaction
    /// holds.
    ///
    /// - Parameter limit: The most returned.
    func pendingMessages(limit: Int) async throws -> [OutboxRecord]

    /// Marks a message delivered.
    func markDelivered(_ id: String) async throws

    /// Moves an undeliverable message from the outbox to the dead letters, with why and when
    /// (replacing an earlier dead letter of the same id).
    ///
    /// The default throws `database`: a store without dead letters keeps such a message in the
    /// outbox, failing the delivery, rather than dropping it.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - code: The name of the refusing error's code.
    ///   - reason: The refusing error's description.
    ///   - instant: When, in milliseconds on the durable clock.
    func deadLetter(_ message: OutboxRecord, code: String, reason: String, at instant: Int64) async throws

    /// The dead letters, oldest first.
    ///
    /// - Parameter limit: The most returned.
    func deadLetters(limit: Int) async throws -> [DeadLetter]

    /// Moves a dead letter back to the outbox, undelivered, under its id.
    ///
    /// - Parameter id: The message's id.
    /// - Returns: `false` when no dead letter has the id.
    func retryDeadLetter(_ id: String) async throws -> Bool

    /// Locks machine rows until the transaction ends, so that no other process applies their
    /// events meanwhile, and returns the revision of each row locked.
    ///
    /// A store that other processes write (PostgreSQL) locks the rows in id order and waits for
    /// them, or with `skippingLocked` skips the rows another transaction holds. A store with one
    /// writer (SQLite, whose transactions lock the whole file) returns `nil`: nothing else changes
    /// its rows, so the machines ``DurableMachines`` keeps in memory are current.
    ///
    /// - Parameters:
    ///   - ids: The machines' ids, sorted and without repeats.
    ///   - skippingLocked: Whether to leave out rows locked by another transaction instead of
    ///     waiting for them.
    /// - Returns: The revisions of the rows now locked (missing ids are left out), or `nil`.
    func lock(_ ids: [String], skippingLocked: Bool) async throws -> [String: Int64]?

    /// Journals an event and writes its machine's new row, both or neither: nothing is written
    /// when the journal holds the entry's id.
    ///
    /// The default runs ``record(_:)`` and then ``update(_:expecting:)``; a store may do both in
    /// one statement (both stores here do: PostgreSQL saves a round trip per event, SQLite a hop
    /// to its thread).
    ///
    /// - Parameters:
    ///   - entry: The journal entry of the event.
    ///   - machine: The machine's new row.
    ///   - revision: The revision the step read.
    /// - Returns: `false` when the event id was journalled already (a duplicate): nothing written.
    /// - Throws: ``DurableError`` `conflict` when the stored revision differs (the transaction
    ///   must then roll back: the entry may have been written).
    func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool
}

extension DurableTransaction {
    /// One writer: nothing to lock (see ``DurableTransaction/lock(_:skippingLocked:)``).
    public func lock(_ ids: [String], skippingLocked: Bool) async throws -> [String: Int64]? { nil }

    /// Journals the entry, then updates the row (see
    /// ``DurableTransaction/commitStep(_:machine:expecting:)``).
    public func commitStep(_ entry: JournalEntry, machine: StoredMachine, expecting revision: Int64) async throws -> Bool {
        guard try await record(entry) else { return false }
        try await update(machine, expecting: revision)
        return true
    }
}

/// A machine's row.
public struct StoredMachine: Sendable, Hashable {
    /// The machine's id.
    public var id: String
    /// The name of its chart.
    public var chart: String
    /// The version of the chart that wrote the snapshot.
    public var version: Int
    /// The snapshot, as the chart encodes it.
    public var snapshot: Data
    /// The durable clock's reading, in milliseconds, when the machine's own clock was zero.
    public var origin: Int64
    /// When its earliest timer is due, in milliseconds on the durable clock (`origin` plus the
    /// machine's deadline); `nil` when none is pending.
    public var nextDue: Int64?
    /// Counts the row's writes; an update names the revision it read.
    public var revision: Int64

    /// Creates a row.
    public init(id: String, chart: String, version: Int, snapshot: Data, origin: Int64, nextDue: Int64?, revision: Int64) {
        self.id = id
        self.chart = chart
        self.version = version
        self.snapshot = snapshot
        self.origin = origin
        self.nextDue = nextDue
        self.revision = revision
    }
}

/// An entry of the event journal: an event applied, a timer fired or a message delivered.
public struct JournalEntry: Sendable, Hashable {
    /// What was applied.
    public enum Kind: String, Sendable {
        /// An event sent from outside.
        case event
        /// A timer that fired.
        case timer
        /// A message from another machine's outbox.
        case message
    }

    /// The event's id: unique in the store.
    public var eventID: String
    /// The machine it was applied to.
    public var machineID: String
    /// What was applied.
    public var kind: Kind
    /// The event as stored (empty for a timer).
    public var payload: Data
    /// When, in milliseconds on the durable clock.
    public var appliedAt: Int64

    /// Creates an entry.
    public init(eventID: String, machineID: String, kind: Kind, payload: Data, appliedAt: Int64) {
        self.eventID = eventID
        self.machineID = machineID
        self.kind = kind
        self.payload = payload
        self.appliedAt = appliedAt
    }
}

/// A message in the outbox.
public struct OutboxRecord: Sendable, Hashable {
    /// The message's id, which is the event id the recipient journals it under.
    public var id: String
    /// The machine that sent it.
    public var source: String
    /// The machine it goes to.
    public var target: String
    /// The event, as the target's chart decodes it.
    public var payload: Data

    /// Creates a record.
    public init(id: String, source: String, target: String, payload: Data) {
        self.id = id
        self.source = source
        self.target = target
        self.payload = payload
    }
}
#endif
