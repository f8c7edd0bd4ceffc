#if Durable
public import Foundation
public import Statecraft

/// A chart whose machines can be kept in a ``DurableStore``: it makes new machines, restores
/// them from stored snapshots (migrating older versions when it can), and says which version
/// of the chart it is.
///
/// The machines are `StorableMachine`s (module `Statecraft`), the contract every host drives
/// machines through: ``DurableMachines`` sends them decoded events, moves their clocks, stores
/// their encoded state and puts their messages in the outbox. ``TypedDurableChart`` adapts a
/// typed `Statechart` (its machines are ``DurableTypedMachine``s); `SCXMLDurableChart`
/// (module `StatecraftDurableSCXML`) an SCXML document. Register each chart with
/// ``DurableMachines`` under its ``name``: every row the store holds names its chart and that
/// chart's ``version``.
public protocol DurableChart: Sendable {
    /// The machines of the chart.
    associatedtype Instance: StorableMachine

    /// The name rows are stored under. Two charts of one store never share a name.
    var name: String { get }

    /// The chart's version. Raise it whenever a stored snapshot of the old chart would no
    /// longer restore as meant; a row of another version is restored only through
    /// ``migrate(_:from:)``.
    var version: Int { get }

    /// A new machine in its initial configuration, its clock at zero.
    ///
    /// - Throws: ``DurableError`` when the machine cannot be made.
    func makeMachine() throws(DurableError) -> Instance

    /// The machine a stored snapshot of this version describes.
    ///
    /// - Parameter snapshot: The stored bytes, as the machine's `encodedState()` wrote them.
    /// - Throws: ``DurableError`` with code `corruptRow` when the bytes do not decode or do not
    ///   fit the chart.
    func restoreMachine(from snapshot: Data) throws(DurableError) -> Instance

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

    /// The error the store reports when a machine's `decodeEvent(_:)`, `encodedState()` or
    /// `takeMessages()` throws something other than a ``DurableError`` (which is reported as
    /// it is).
    ///
    /// The default wraps it with code `invalidEvent` (an event that does not decode) or
    /// `unsavable` (a state or message that does not encode), naming the chart.
    ///
    /// - Parameters:
    ///   - error: What the machine threw.
    ///   - operation: What the store asked of it.
    /// - Returns: The error to report.
    func durableError(_ error: any Error, in operation: DurableOperation) -> DurableError

    /// What a step did, for ``DurableSendResult/applied(outcome:)`` and the logs; by default
    /// the outcome's description.
    ///
    /// - Parameters:
    ///   - outcome: What the machine's `send(_:)` returned.
    ///   - machine: The machine after the step.
    /// - Returns: The text.
    func describe(_ outcome: Instance.Outcome, of machine: Instance) -> String
}

/// What the store asked of a machine when it threw: see ``DurableChart/durableError(_:in:)``.
public enum DurableOperation: Hashable, Sendable {
    /// Decoding a stored event (`decodeEvent(_:)`).
    case decodeEvent
    /// Encoding the machine's state (`encodedState()`).
    case encodeState
    /// Taking the messages of a step (`takeMessages()`).
    case takeMessages
}

/// The old name of a machine a ``DurableChart`` makes: the store now drives any `StorableMachine`.
@available(*, deprecated, renamed: "StorableMachine", message: "a durable chart's machines are StorableMachines (module Statecraft); the chart's makeMachine() and restoreMachine(from:) return them")
public typealias DurableInstance = StorableMachine

extension DurableChart {
    /// Runs a chart's own migration of a stored snapshot, or refuses when it has none: what
    /// ``TypedDurableChart`` and ``SCXMLDurableChart`` both do with the migration they are given.
    ///
    /// - Parameters:
    ///   - migration: The chart's migration, if any.
    ///   - what: What is stored ("snapshot", "session"), for the message.
    ///   - remedy: What the user can do instead, for the message.
    package func run(
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

    /// Reports a ``DurableError`` as it is; wraps any other error with code `invalidEvent`
    /// (`decodeEvent`) or `unsavable`, naming the chart.
    public func durableError(_ error: any Error, in operation: DurableOperation) -> DurableError {
        if let error = error as? DurableError { return error }
        switch operation {
        case .decodeEvent:
            return DurableError(
                code: .invalidEvent, message: "the payload is not an event of chart '\(name)': \(error)",
                cause: DurableCause.keeping(error)
            )
        case .encodeState:
            return DurableError(code: .unsavable, message: "the state of chart '\(name)' does not encode: \(error)", cause: DurableCause(error))
        case .takeMessages:
            return DurableError(code: .unsavable, message: "a message of chart '\(name)' does not encode: \(error)", cause: DurableCause(error))
        }
    }

    /// A new machine: ``makeMachine()``, under its old name.
    @available(*, deprecated, renamed: "makeMachine()")
    public func makeInstance() throws(DurableError) -> any StorableMachine {
        try makeMachine()
    }

    /// A stored machine: ``restoreMachine(from:)``, under its old name.
    @available(*, deprecated, renamed: "restoreMachine(from:)")
    public func restoreInstance(from snapshot: Data) throws(DurableError) -> any StorableMachine {
        try restoreMachine(from: snapshot)
    }

    /// The outcome's description.
    public func describe(_ outcome: Instance.Outcome, of machine: Instance) -> String {
        "\(outcome)"
    }

    /// Refuses: without a migration, a snapshot of another version is an error.
    public func migrate(_ snapshot: Data, from version: Int) throws(DurableError) -> Data {
        throw DurableError(
            code: .versionMismatch,
            message: "the stored snapshot is of version \(version) of chart '\(name)', but this process runs version "
                + "\(self.version); give the chart a migration from version \(version), or restore the old chart"
        )
    }

    /// Restores a stored row of any version (migrated first when its version differs), held
    /// for the writer.
    func restore(_ snapshot: Data, version stored: Int) throws(DurableError) -> any HeldInstance {
        let machine: Instance
        if stored == version {
            machine = try restoreMachine(from: snapshot)
        } else {
            machine = try restoreMachine(from: migrate(snapshot, from: stored))
        }
        return DrivenMachine(chart: self, machine: machine)
    }

    /// A new machine, held for the writer.
    func makeHeld() throws(DurableError) -> any HeldInstance {
        DrivenMachine(chart: self, machine: try makeMachine())
    }
}

/// The old name of an event one durable machine sends another: the store now takes the
/// `MachineMessage`s of a machine's `takeMessages()`.
@available(*, deprecated, renamed: "MachineMessage", message: "a durable machine's messages are MachineMessages (module Statecraft), their event as [UInt8]")
public typealias DurableMessage = MachineMessage
#endif
