import Foundation
public import Statecraft
import Synchronization

/// An SCXML session is a `StorableMachine`: its state is ``SCXMLSession/Snapshot`` as JSON
/// (keys sorted), its events are ``SCXMLDurableEvent`` as JSON, and its messages are the
/// sends to targets with the prefix it was made with (``init(session:messageTargetPrefix:)``).
extension SCXMLMachine: StorableMachine {
    /// A session is restored with its document.
    public typealias Definition = SCXMLDocument

    /// A session of `document` in the state some bytes of ``encodedState()`` describe, not
    /// started again.
    ///
    /// - Parameters:
    ///   - encodedState: A session's snapshot as JSON.
    ///   - document: The document the session runs.
    /// - Throws: A `DecodingError` when the bytes are not a snapshot; ``SCXMLSnapshotError``
    ///   when the snapshot does not fit the document.
    public init(encodedState: [UInt8], of document: SCXMLDocument) throws {
        try self.init(encodedState: encodedState, of: document, messageTargetPrefix: nil)
    }

    /// A session restored as by ``init(encodedState:of:)`` whose sends to targets with
    /// `messageTargetPrefix` become messages, as with ``init(session:messageTargetPrefix:)``.
    ///
    /// - Parameters:
    ///   - encodedState: A session's snapshot as JSON.
    ///   - document: The document the session runs.
    ///   - messageTargetPrefix: The prefix of the targets that name other machines; `nil` for none.
    /// - Throws: As ``init(encodedState:of:)``.
    public init(encodedState: [UInt8], of document: SCXMLDocument, messageTargetPrefix: String?) throws {
        let snapshot = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: Data(encodedState))
        let session = try SCXMLSession(document: document, snapshot: snapshot)
        self.init(session: session, messageTargetPrefix: messageTargetPrefix, starting: false)
    }

    /// The session's snapshot as JSON, keys sorted.
    ///
    /// - Throws: ``SCXMLSnapshotError`` when the session cannot be saved (a variable holding a
    ///   function, say), or an `EncodingError`.
    public func encodedState() throws -> [UInt8] {
        let snapshot = locked { session in Result { () throws(SCXMLSnapshotError) in try session.snapshot() } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array(try encoder.encode(try snapshot.get()))
    }

    /// The event an ``SCXMLDurableEvent``'s JSON describes.
    ///
    /// - Parameter bytes: The JSON.
    /// - Returns: The event.
    /// - Throws: A `DecodingError` when the bytes are not such JSON.
    public func decodeEvent(_ bytes: [UInt8]) throws -> SCXMLEvent {
        let decoded = try JSONDecoder().decode(SCXMLDurableEvent.self, from: Data(bytes))
        return SCXMLEvent(decoded.name, data: decoded.data)
    }

    /// The sends to other machines since the last call, oldest first; none when the machine
    /// was made without a message target prefix.
    ///
    /// - Throws: ``SCXMLMessageError`` when a send's event did not encode (its data held a number
    ///   JSON cannot write, say); the record is emptied all the same.
    public mutating func takeMessages() throws -> [MachineMessage] {
        guard let outbox = storage.outbox else { return [] }
        return try outbox.takeAll().get()
    }
}

/// A send to another machine whose event did not encode, reported by
/// ``SCXMLMachine/takeMessages()``.
public struct SCXMLMessageError: Error, Sendable, CustomStringConvertible {
    /// The name of the event that did not encode.
    public var eventName: String
    /// Why, as the encoder said.
    public var reason: String

    /// Describes a message that did not encode.
    ///
    /// - Parameters:
    ///   - eventName: The event's name.
    ///   - reason: Why it did not encode.
    public init(eventName: String, reason: String) {
        self.eventName = eventName
        self.reason = reason
    }

    /// `the event '<name>' does not encode: <reason>`.
    public var description: String { "the event '\(eventName)' does not encode: \(reason)" }
}

/// The messages a session's sends to other machines made during the current steps; the
/// session's `externalSendHandler` fills it, under the session's lock.
final class SCXMLMessageOutbox: Sendable {
    let prefix: String
    private let state = Mutex<(messages: [MachineMessage], failure: SCXMLMessageError?)>(([], nil))

    init(prefix: String) {
        self.prefix = prefix
    }

    /// Takes a send whose target is the prefix and an id, without a delay; `false` for any
    /// other, which then fails as a send to an unknown target.
    func take(_ event: SCXMLEvent, target: String, delay: Duration) -> Bool {
        guard target.hasPrefix(prefix), delay == .zero else { return false }
        let id = String(target.dropFirst(prefix.count))
        guard !id.isEmpty else { return false }
        let encoded: Result<Data, any Error> = Result { try JSONEncoder().encode(SCXMLDurableEvent(event.name, data: event.data)) }
        state.withLock { state in
            switch encoded {
            case .success(let bytes): state.messages.append(MachineMessage(target: id, event: Array(bytes)))
            case .failure(let error): state.failure = SCXMLMessageError(eventName: event.name, reason: "\(error)")
            }
        }
        return true
    }

    /// Every message since the last call, or the failure of one; empties both.
    func takeAll() -> Result<[MachineMessage], SCXMLMessageError> {
        state.withLock { state in
            defer { state = ([], nil) }
            if let failure = state.failure { return .failure(failure) }
            return .success(state.messages)
        }
    }
}
