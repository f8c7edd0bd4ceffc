#if Durable
public import Foundation

/// A chart whose machines can be kept in a ``DurableStore``: it makes new machines, restores
/// them from stored snapshots (migrating older versions when it can), and says which version
/// of the chart it is.
///
/// ``TypedDurableChart`` adapts a typed `Statechart`, ``SCXMLDurableChart`` an SCXML
/// document. Register each chart with ``DurableMachines`` under its ``name``: every row the
/// store holds names its chart and that chart's ``version``.
public protocol DurableChart: Sendable {
    /// The name rows are stored under. Two charts of one store never share a name.
    var name: String { get }

    /// The chart's version. Raise it whenever a stored snapshot of the old chart would no
    /// longer restore as meant; a row of another version is restored only through
    /// ``migrate(_:from:)``.
    var version: Int { get }

    /// A new machine in its initial configuration, its clock at zero.
    ///
    /// - Throws: ``DurableError`` when the machine cannot be made.
    func makeInstance() throws(DurableError) -> any DurableInstance

    /// The machine a stored snapshot of this version describes.
    ///
    /// - Parameter snapshot: The stored bytes, as ``DurableInstance/encodedSnapshot()`` wrote them.
    /// - Throws: ``DurableError`` with code `corruptRow` when the bytes do not decode or do not
    ///   fit the chart.
    func restoreInstance(from snapshot: Data) throws(DurableError) -> any DurableInstance

    /// Turns a snapshot written by version `version` of the chart into one of ``version``.
    ///
    /// The default throws `versionMismatch`: a snapshot of another version is an error unless
    /// the chart supplies a migration.
    ///
    /// - Parameters:
    ///   - snapshot: The stored bytes.
    ///   - version: The version that wrote them.
    /// - Returns: The bytes of an equivalent snapshot of this version.
    /// - Throws: ``DurableError`` with code `versionMismatch`.
    func migrate(_ snapshot: Data, from version: Int) throws(DurableError) -> Data
}

extension DurableChart {
    /// Runs a chart's own migration of a stored snapshot, or refuses when it has none: what
    /// ``TypedDurableChart`` and ``SCXMLDurableChart`` both do with the migration they are given.
    ///
    /// - Parameters:
    ///   - migration: The chart's migration, if any.
    ///   - what: What is stored ("snapshot", "session"), for the message.
    ///   - remedy: What the user can do instead, for the message.
    func run(
        _ migration: (@Sendable (Data, Int) throws -> Data)?, on snapshot: Data, from stored: Int, what: String, remedy: String
    ) throws(DurableError) -> Data {
        guard let migration else {
            throw DurableError(
                code: .versionMismatch,
                message: "the stored \(what) is of version \(stored) of chart '\(name)', but this process runs version "
                    + "\(version); \(remedy)"
            )
        }
        do {
            return try migration(snapshot, stored)
        } catch {
            throw DurableError(
                code: .versionMismatch, message: "the migration of chart '\(name)' from version \(stored) failed: \(error)",
                cause: DurableCause(error)
            )
        }
    }

    /// Refuses: without a migration, a snapshot of another version is an error.
    public func migrate(_ snapshot: Data, from version: Int) throws(DurableError) -> Data {
        throw DurableError(
            code: .versionMismatch,
            message: "the stored snapshot is of version \(version) of chart '\(name)', but this process runs version "
                + "\(self.version); give the chart a migration from version \(version), or restore the old chart"
        )
    }

    /// Restores a stored row of any version: migrates it first when its version differs.
    func restore(_ snapshot: Data, version stored: Int) throws(DurableError) -> any DurableInstance {
        guard stored != version else { return try restoreInstance(from: snapshot) }
        return try restoreInstance(from: migrate(snapshot, from: stored))
    }
}

/// One machine of a ``DurableChart``, held by ``DurableMachines`` between steps.
///
/// An instance is used by one task at a time and never shared; it need not be `Sendable`.
public protocol DurableInstance: AnyObject {
    /// The time on the machine's own clock (zero when it was made).
    var now: Duration { get }

    /// When its earliest timer is due, on its own clock; `nil` when none is pending.
    var nextDeadline: Duration? { get }

    /// Decodes an event and processes it: one macrostep.
    ///
    /// - Parameter event: The event's stored bytes.
    /// - Returns: What the step did and the messages it sends to other machines.
    /// - Throws: ``DurableError`` with code `invalidEvent` when the bytes are not an event of
    ///   this chart; the machine is then unchanged.
    func apply(_ event: Data) throws(DurableError) -> DurableStep

    /// Moves the machine's clock to `instant`, firing every timer due by then.
    ///
    /// - Parameter instant: The new time on the machine's clock.
    /// - Returns: What firing did and the messages it sends.
    /// - Throws: ``DurableError`` when a message does not encode.
    func advance(to instant: Duration) throws(DurableError) -> DurableStep

    /// The machine's state as bytes to store.
    ///
    /// - Throws: ``DurableError`` with code `unsavable`.
    func encodedSnapshot() throws(DurableError) -> Data
}

/// What one step of a durable machine did.
public struct DurableStep: Sendable {
    /// What the step did, for logs: a transition taken, or why none was.
    public var outcome: String
    /// How many timers fired (for ``DurableInstance/advance(to:)``).
    public var timersFired: Int
    /// Events for other machines, written to the outbox with the step.
    public var messages: [DurableMessage]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - outcome: What the step did.
    ///   - timersFired: How many timers fired.
    ///   - messages: Events for other machines.
    public init(outcome: String, timersFired: Int = 0, messages: [DurableMessage] = []) {
        self.outcome = outcome
        self.timersFired = timersFired
        self.messages = messages
    }
}

/// An event one durable machine sends another through the outbox.
public struct DurableMessage: Sendable, Hashable {
    /// The id of the machine it goes to.
    public var target: String
    /// The event, encoded as the target's chart decodes events.
    public var event: Data

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - target: The id of the machine it goes to.
    ///   - event: The encoded event.
    public init(target: String, event: Data) {
        self.target = target
        self.event = event
    }
}
#endif
