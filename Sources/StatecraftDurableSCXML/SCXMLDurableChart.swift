#if Durable
public import Foundation
public import StatecraftDurable
public import StatecraftSCXML

/// An SCXML document whose sessions are durable: snapshots are the session's own
/// `SCXMLSession.Snapshot` as JSON, and events are `SCXMLDurableEvent` as JSON. Its machines
/// are `SCXMLMachine`s, which the store drives as it drives every `StorableMachine`.
///
/// ```swift
/// let light = SCXMLDurableChart(name: "light", version: 1, document: try SCXMLDocument(xml: text))
/// let machines = try await DurableMachines(store: store, charts: [light])
/// try await machines.create("crossing-1", chart: "light")
/// _ = try await machines.send(light.encode(SCXMLDurableEvent("go")), to: "crossing-1", id: "evt-1")
/// ```
///
/// A `<send>` whose target is `durable:<machine id>` goes to that durable machine through the
/// outbox, in the transaction of the step that sent it (without a delay: a delayed send to
/// another machine fails with `error.execution`).
public struct SCXMLDurableChart: DurableChart {
    /// Rewrites the JSON of a snapshot of an older version into one of this version.
    public typealias Migration = @Sendable (_ snapshot: Data, _ version: Int) throws -> Data

    /// The prefix of a `<send>` target that names another durable machine.
    public static let targetPrefix = "durable:"

    /// The name rows are stored under.
    public let name: String
    /// The chart's version.
    public let version: Int
    /// The document.
    public let document: SCXMLDocument
    let migration: Migration?

    /// Makes a durable chart of a document.
    ///
    /// - Parameters:
    ///   - name: The name rows are stored under.
    ///   - version: The chart's version; raise it when the document changes.
    ///   - document: The document.
    ///   - migration: Rewrites a snapshot of an older version; without one, such a row is an error.
    public init(name: String, version: Int, document: SCXMLDocument, migration: Migration? = nil) {
        self.name = name
        self.version = version
        self.document = document
        self.migration = migration
    }

    /// A new session, started, whose sends to `durable:<id>` are messages.
    public func makeMachine() throws(DurableError) -> SCXMLMachine {
        SCXMLMachine(session: SCXMLSession(document: document), messageTargetPrefix: Self.targetPrefix)
    }

    /// The session a stored snapshot describes.
    ///
    /// - Throws: `DurableError` `corruptRow`.
    public func restoreMachine(from snapshot: Data) throws(DurableError) -> SCXMLMachine {
        do {
            return try SCXMLMachine(encodedState: Array(snapshot), of: document, messageTargetPrefix: Self.targetPrefix)
        } catch let error as SCXMLSnapshotError {
            throw DurableError(code: .corruptRow, message: "the stored session does not fit chart '\(name)': \(error.message)", cause: error)
        } catch let error as DecodingError {
            throw DurableError(code: .corruptRow, message: "the stored session of chart '\(name)' does not decode: \(error)", cause: error)
        } catch {
            throw DurableError(code: .corruptRow, message: "the stored session of chart '\(name)' does not decode: \(error)", cause: DurableCause(error))
        }
    }

    /// The store's errors for a session: an event that is not an SCXML event's JSON, a session
    /// that cannot be saved, a message whose event does not encode.
    public func durableError(_ error: any Error, in operation: DurableOperation) -> DurableError {
        switch operation {
        case .decodeEvent:
            return DurableError(
                code: .invalidEvent, message: "the payload is not an SCXML event: \(error)", cause: DurableCause.keeping(error)
            )
        case .encodeState:
            return DurableError(code: .unsavable, message: "the session of chart '\(name)' cannot be saved: \(error)", cause: DurableCause(error))
        case .takeMessages:
            let reason = (error as? SCXMLMessageError).map { error in
                "\(DurableError(code: .invalidEvent, message: error.description, cause: DurableCause(text: error.reason)))"
            } ?? "\(error)"
            return DurableError(code: .unsavable, message: "a message of chart '\(name)' does not encode: \(reason)")
        }
    }

    /// `in s1, s2`: the session's active states after the step.
    public func describe(_ outcome: SCXMLMachine.Outcome, of machine: SCXMLMachine) -> String {
        "in " + outcome.activeStates.joined(separator: ", ")
    }

    /// Runs the migration, or refuses when there is none.
    public func migrate(_ snapshot: Data, from stored: Int) throws(DurableError) -> Data {
        try run(migration, on: snapshot, from: stored, what: "session", remedy: "give SCXMLDurableChart a migration from version \(stored), or run the old document")
    }

    /// Encodes an event as the chart's sessions decode it.
    ///
    /// - Parameter event: The event.
    /// - Returns: Its JSON.
    /// - Throws: `DurableError` `invalidEvent`.
    public func encode(_ event: SCXMLDurableEvent) throws(DurableError) -> Data {
        do {
            return try JSONEncoder().encode(event)
        } catch {
            throw DurableError(code: .invalidEvent, message: "the event '\(event.name)' does not encode: \(error)", cause: error)
        }
    }
}
#endif
