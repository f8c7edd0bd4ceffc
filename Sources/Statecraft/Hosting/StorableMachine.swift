/// A ``RunnableMachine`` whose state a host can keep as bytes between steps: the durable
/// store's contract (module `StatecraftDurable`).
///
/// On top of what any host needs, a storable machine writes its state as bytes and is made
/// again from them, reads an event from bytes, and hands over the messages its steps send to
/// other machines, so that a host can store all three in one transaction. The bytes are the
/// machine's own format (JSON, for the machines Statecraft ships); a host only keeps them.
///
/// `SCXMLMachine` (module `StatecraftSCXML`) conforms. A typed ``Machine`` does not by itself,
/// because this module encodes nothing: the durable store's `TypedDurableChart` wraps one in a
/// conformer that codes its snapshots and events as JSON.
public protocol StorableMachine: RunnableMachine {
    /// What a machine is restored with besides its bytes: the chart or document it runs.
    associatedtype Definition

    /// A machine of `definition` in the state `encodedState` describes.
    ///
    /// - Parameters:
    ///   - encodedState: Bytes ``encodedState()`` wrote, of a machine of the same definition.
    ///   - definition: The chart or document the machine runs.
    /// - Throws: When the bytes do not decode, or describe a state the definition does not have.
    init(encodedState: [UInt8], of definition: Definition) throws

    /// The machine's state as bytes, from which ``init(encodedState:of:)`` makes it again.
    ///
    /// - Returns: The bytes.
    /// - Throws: When some part of the state cannot be written (a value that has no encoding).
    func encodedState() throws -> [UInt8]

    /// The event some bytes encode, as the machine's own format writes events.
    ///
    /// - Parameter bytes: The encoded event.
    /// - Returns: The event.
    /// - Throws: When the bytes are not an event of this machine.
    func decodeEvent(_ bytes: [UInt8]) throws -> Event

    /// The messages for other machines that the steps since the last call sent, oldest first;
    /// empties the record. A host calls it after each ``RunnableMachine/send(_:)`` and each
    /// ``RunnableMachine/advance(to:)``.
    ///
    /// - Returns: The messages.
    /// - Throws: When a message could not be encoded; the messages of those steps are then lost,
    ///   and the host should not keep the steps.
    mutating func takeMessages() throws -> [MachineMessage]
}

/// An event one machine sends another through its host: the target's id and the event in the
/// target's encoding.
public struct MachineMessage: Hashable, Sendable {
    /// The id of the machine it goes to, as the host names machines.
    public var target: String
    /// The event, encoded as the target decodes events (``StorableMachine/decodeEvent(_:)``).
    public var event: [UInt8]

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - target: The id of the machine it goes to.
    ///   - event: The encoded event.
    public init(target: String, event: [UInt8]) {
        self.target = target
        self.event = event
    }
}
