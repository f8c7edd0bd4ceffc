/// A type whose values are the events a ``Statechart`` reacts to.
///
/// Transitions are written against an event's ``kind``: a payload-free description of the
/// event. An enum without associated values is its own kind, so it conforms with no code:
///
/// ```swift
/// enum Input: MachineEvent { case coin, push }
/// ```
///
/// An event that carries data names a separate kind, so that one transition matches every
/// payload, and guards and actions read the payload from the event itself:
///
/// ```swift
/// enum Command: MachineEvent {
///     case play
///     case seek(seconds: Double)
///
///     enum Kind { case play, seek }
///     var kind: Kind {
///         switch self {
///         case .play: .play
///         case .seek: .seek
///         }
///     }
/// }
/// ```
///
/// A kind that is an enum without associated values (the usual case) is looked up in a
/// constant number of instructions, without hashing. Any other `Hashable` kind works too and
/// is looked up through a dictionary.
public protocol MachineEvent: Sendable {
    /// The payload-free description of an event that transitions are written against.
    associatedtype Kind: Hashable & Sendable = Self

    /// This event's kind.
    var kind: Kind { get }

    /// The event's name, when its kind is an ``EventDescriptor``: what the transitions'
    /// descriptors are matched against, token by token.
    ///
    /// The default reads the first name of ``kind``. An event type that keeps its name
    /// (``NamedEvent``, an SCXML session's events) returns it, so that matching it builds no
    /// descriptor. Not read for other kinds.
    var descriptorName: String? { get }
}

extension MachineEvent {
    /// The first name of the event's kind when the kind is an ``EventDescriptor``; `nil`
    /// otherwise.
    @inlinable
    public var descriptorName: String? { (kind as? EventDescriptor)?.alternatives.first }
}

extension MachineEvent where Kind == Self {
    /// An event without payload is its own kind.
    @inlinable
    public var kind: Self { self }
}
