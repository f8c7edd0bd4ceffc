#if Durable
public import Foundation
public import StatecraftSCXML

/// An SCXML document whose sessions are durable: snapshots are the session's own
/// `SCXMLSession.Snapshot` as JSON, and events are ``SCXMLDurableEvent`` as JSON.
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

    /// A new session, started.
    public func makeInstance() throws(DurableError) -> any DurableInstance {
        let session = SCXMLSession(document: document)
        let instance = SCXMLInstance(name: name, session: session)
        session.start()
        return instance
    }

    /// The session a stored snapshot describes.
    ///
    /// - Throws: ``DurableError`` `corruptRow`.
    public func restoreInstance(from snapshot: Data) throws(DurableError) -> any DurableInstance {
        let decoded: SCXMLSession.Snapshot
        do {
            decoded = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: snapshot)
        } catch {
            throw DurableError(code: .corruptRow, message: "the stored session of chart '\(name)' does not decode: \(error)", cause: error)
        }
        do {
            return SCXMLInstance(name: name, session: try SCXMLSession(document: document, snapshot: decoded))
        } catch {
            throw DurableError(code: .corruptRow, message: "the stored session does not fit chart '\(name)': \(error.message)", cause: error)
        }
    }

    /// Runs the migration, or refuses when there is none.
    public func migrate(_ snapshot: Data, from stored: Int) throws(DurableError) -> Data {
        try run(migration, on: snapshot, from: stored, what: "session", remedy: "give SCXMLDurableChart a migration from version \(stored), or run the old document")
    }

    /// Encodes an event as the chart's sessions decode it.
    ///
    /// - Parameter event: The event.
    /// - Returns: Its JSON.
    /// - Throws: ``DurableError`` `invalidEvent`.
    public func encode(_ event: SCXMLDurableEvent) throws(DurableError) -> Data {
        try SCXMLDurableEvent.encode(event)
    }
}

/// An external event for a durable SCXML session: a name and its data.
public struct SCXMLDurableEvent: Codable, Hashable, Sendable {
    /// The event's name.
    public var name: String
    /// Its data, `_event.data` in the session.
    public var data: SCXMLValue

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name.
    ///   - data: Its data.
    public init(_ name: String, data: SCXMLValue = .undefined) {
        self.name = name
        self.data = data
    }

    enum CodingKeys: String, CodingKey { case name, data }

    /// Decodes an event; a missing `data` is `undefined`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        data = try container.decodeIfPresent(SCXMLValue.self, forKey: .data) ?? .undefined
    }

    /// Encodes an event, leaving out `data` when it is `undefined` (which JSON cannot hold).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if data != .undefined { try container.encode(data, forKey: .data) }
    }

    static func encode(_ event: SCXMLDurableEvent) throws(DurableError) -> Data {
        do {
            return try JSONEncoder().encode(event)
        } catch {
            throw DurableError(code: .invalidEvent, message: "the event '\(event.name)' does not encode: \(error)", cause: error)
        }
    }
}

/// A session held between steps.
final class SCXMLInstance: DurableInstance {
    let name: String
    let session: SCXMLSession
    /// Messages `<send>` addressed to other durable machines during the current step.
    private var outgoing: [DurableMessage] = []
    private var unencodable: String?

    init(name: String, session: SCXMLSession) {
        self.name = name
        self.session = session
        session.externalSendHandler = { [unowned self] event, target, delay in
            guard target.hasPrefix(SCXMLDurableChart.targetPrefix), delay == .zero else { return false }
            let id = String(target.dropFirst(SCXMLDurableChart.targetPrefix.count))
            guard !id.isEmpty else { return false }
            do {
                outgoing.append(DurableMessage(
                    target: id, event: try SCXMLDurableEvent.encode(SCXMLDurableEvent(event.name, data: event.data))
                ))
            } catch {
                unencodable = "\(error)"
            }
            return true
        }
    }

    var now: Duration { session.now }
    var nextDeadline: Duration? { session.nextDeadline }

    func apply(_ event: Data) throws(DurableError) -> DurableStep {
        let decoded: SCXMLDurableEvent
        do {
            decoded = try JSONDecoder().decode(SCXMLDurableEvent.self, from: event)
        } catch {
            throw DurableError(code: .invalidEvent, message: "the payload is not an SCXML event: \(error)", cause: error)
        }
        session.send(SCXMLEvent(decoded.name, data: decoded.data))
        return try step(outcome: "in " + session.activeStates.joined(separator: ", "))
    }

    func advance(to instant: Duration) throws(DurableError) -> DurableStep {
        let fired = session.advance(to: instant)
        var result = try step(outcome: "\(fired) delayed sends delivered")
        result.timersFired = fired
        return result
    }

    private func step(outcome: String) throws(DurableError) -> DurableStep {
        defer { outgoing = []; unencodable = nil }
        if let unencodable {
            throw DurableError(code: .unsavable, message: "a message of chart '\(name)' does not encode: \(unencodable)")
        }
        return DurableStep(outcome: outcome, messages: outgoing)
    }

    func encodedSnapshot() throws(DurableError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(try session.snapshot())
        } catch {
            throw DurableError(code: .unsavable, message: "the session of chart '\(name)' cannot be saved: \(error)", cause: DurableCause(error))
        }
    }
}
#endif
