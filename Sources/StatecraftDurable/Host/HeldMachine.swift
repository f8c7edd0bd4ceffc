#if Durable
import Foundation
import Statecraft

/// A machine the writer holds between steps: the instance and its row as last written.
///
/// Restoring one (``restore(_:charts:)``) is where a stored row, hostile input like any other,
/// is checked: every number against its rule, so that no arithmetic on it traps afterwards.
final class HeldMachine {
    let instance: any HeldInstance
    var row: StoredMachine

    init(instance: any HeldInstance, row: StoredMachine) {
        self.instance = instance
        self.row = row
    }

    /// The machine a stored row describes, after checking the row's numbers and restoring its
    /// snapshot with the chart it names (migrated when of another version).
    ///
    /// The rules: `revision` lies in `1 ..< Int64.max` (each write adds one); the machine's clock,
    /// in whole milliseconds, added to `origin` is a reading of the durable clock (fits in 64
    /// bits). `nextDue` is an index the store keeps for finding due machines, not a fact: every
    /// write sets it again from the snapshot, so a wrong one makes the worker look early or
    /// late, once.
    ///
    /// - Parameters:
    ///   - row: The stored row.
    ///   - charts: The registered charts, by name.
    /// - Returns: The machine.
    /// - Throws: ``DurableError`` naming the machine: `unknownChart`, `versionMismatch`, or
    ///   `corruptRow` with the field and the rule it breaks.
    static func restore(_ row: StoredMachine, charts: [String: any DurableChart]) throws(DurableError) -> HeldMachine {
        guard row.revision >= 1, row.revision < Int64.max else {
            throw DurableError(
                code: .corruptRow,
                message: "the row's revision \(row.revision) is outside 1 ..< \(Int64.max): a new row has revision 1 and each write adds one",
                machineID: row.id
            )
        }
        guard let chart = charts[row.chart] else {
            throw DurableError(
                code: .unknownChart, message: "the row names chart '\(row.chart)', which this process has not registered", machineID: row.id
            )
        }
        let instance: any HeldInstance
        do {
            instance = try chart.restore(row.snapshot, version: row.version)
        } catch {
            throw DurableError(code: error.code, message: error.message, machineID: row.id, cause: error.cause)
        }
        let now = instance.now.wholeMillisecondsRoundedUp
        guard instance.now >= .zero, row.origin.addingReportingOverflow(now).overflow == false else {
            throw DurableError(
                code: .corruptRow,
                message: "the row's origin \(row.origin) ms plus the machine's clock \(instance.now) is past the durable clock's range "
                    + "(64-bit milliseconds)",
                machineID: row.id
            )
        }
        return HeldMachine(instance: instance, row: row)
    }

    /// A deadline on the machine's clock as a reading of the durable clock: `origin` plus the
    /// deadline in whole milliseconds (rounded up), stopping at `Int64.max` (never, in practice).
    func durableTime(of deadline: Duration) -> Int64 {
        row.origin.saturatingAdd(deadline.wholeMillisecondsRoundedUp)
    }

    /// Fires the timers due by `now` (on the durable clock) in memory, gathering their journal
    /// entries and messages.
    ///
    /// - Throws: ``DurableError`` when a step's messages do not encode.
    func fireTimers(now: Int64, into writes: inout PendingWrites) throws(DurableError) {
        // Saturating: a clock reading far from the origin moves the machine's clock to its limit.
        let target = Duration.milliseconds(max(0, now.saturatingSubtract(row.origin)))
        // At most one pass per timer; a machine whose timers keep falling due at once stops here.
        for _ in 0 ..< 10_000 {
            guard let deadline = instance.nextDeadline, deadline <= target else { break }
            let step = try instance.advance(to: deadline)
            guard step.timersFired > 0 else { break }
            let eventID = DurableIDs.timer(machine: row.id, deadline: durableTime(of: deadline))
            writes.entries.append(JournalEntry(eventID: eventID, machineID: row.id, kind: .timer, payload: Data(), appliedAt: now))
            writes.add(step, cause: eventID, from: row.id)
            writes.timersFired += step.timersFired
        }
        if target > instance.now { _ = try instance.advance(to: target) }
    }

    /// The machine's new row after a step: its snapshot, `version`, next deadline and revision.
    /// Encodes before anything is written, so that a snapshot that cannot be saved writes nothing.
    ///
    /// - Parameter version: The version of the chart that runs the machine.
    /// - Throws: ``DurableError`` `unsavable`, or `corruptRow` when the revision cannot grow.
    func nextRow(version: Int) throws(DurableError) -> StoredMachine {
        var next = row
        do {
            next.snapshot = try instance.encodedSnapshot()
        } catch {
            throw error.naming(row.id)
        }
        next.version = version
        next.nextDue = instance.nextDeadline.map(durableTime(of:))
        guard next.revision < Int64.max else {
            throw DurableError(code: .corruptRow, message: "the row's revision \(row.revision) cannot grow past \(Int64.max)", machineID: row.id)
        }
        next.revision += 1
        return next
    }
}

/// What one step will write: journal entries and outbox messages, gathered before anything
/// is written so that a step that fails writes nothing.
struct PendingWrites {
    var entries: [JournalEntry] = []
    var messages: [OutboxRecord] = []
    var timersFired = 0

    /// Adds the messages of a step that `eventID` caused, each with an id made from it.
    mutating func add(_ step: DurableStep, cause eventID: String, from machine: String) {
        for (index, message) in step.messages.enumerated() {
            messages.append(OutboxRecord(
                id: DurableIDs.message(cause: eventID, index: index), source: machine, target: message.target, payload: Data(message.event)
            ))
        }
    }
}

/// The ids the store makes for the events it applies itself, in a namespace of their own: each
/// starts with a prefix that ``DurableMachines/send(_:to:id:)`` refuses in a client's id, so a
/// client can neither pre-empt nor suppress a timer or a message by choosing its id.
enum DurableIDs {
    /// The prefix of a fired timer's id: `timer:<machine id>:<deadline in ms>`.
    static let timerPrefix = "timer:"
    /// The prefix of an outbox message's id: `message:<n>:<cause event id>`.
    static let messagePrefix = "message:"
    /// The prefixes a client's event id may not start with.
    static let reserved = [timerPrefix, messagePrefix]

    static func timer(machine: String, deadline: Int64) -> String {
        "\(timerPrefix)\(machine):\(deadline)"
    }

    static func message(cause: String, index: Int) -> String {
        "\(messagePrefix)\(index):\(cause)"
    }

    /// Why a client may not use an id, or `nil` when it may.
    static func refusal(ofClientID id: String) -> String? {
        if id.isEmpty { return "an event id must not be empty" }
        guard let prefix = reserved.first(where: { id.hasPrefix($0) }) else { return nil }
        return "the event id '\(id.excerpt(byteLimit: 80))' starts with '\(prefix)', which is reserved for the ids the store makes for "
            + "timers ('timer:') and messages ('message:'); choose an id without either prefix"
    }
}

extension DurableError {
    /// The error, naming machine `id` when it names none (a chart's error about an event or a
    /// snapshot does not know the machine).
    func naming(_ id: String) -> DurableError {
        machineID == nil ? DurableError(code: code, message: message, machineID: id, cause: cause) : self
    }

    /// Whether the error belongs to one request and leaves the transaction usable (nothing of
    /// that request was written); otherwise the whole transaction rolls back.
    var isRequestLocal: Bool {
        switch code {
        case .database, .conflict, .closed: false
        default: true
        }
    }
}
#endif
