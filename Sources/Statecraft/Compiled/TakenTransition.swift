/// A transition a machine has just taken, as its listener sees it.
public struct TakenTransition<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// The state the transition left (or stayed in, when it has no target).
    public let source: State
    /// The state the machine entered, or `nil` for a transition without target.
    public let target: State?
    /// The event that triggered the transition: yours, or a final state's done data; `nil` for
    /// an eventless or delayed transition.
    public let event: Event?

    /// Creates a record of a transition.
    ///
    /// - Parameters:
    ///   - source: The state the transition left.
    ///   - target: The state it entered, or `nil` when it has no target.
    ///   - event: The event that triggered it, if any.
    @inlinable
    public init(source: State, target: State?, event: Event?) {
        self.source = source
        self.target = target
        self.event = event
    }
}

/// The word a transition travels in to the listener when it is small (see `Machine+Listener`):
/// compilation precomputes each leaf move's word without the event (`LeafMove.taken`), and the
/// engine adds the event.
extension TakenTransition {
    /// Whether the transition is a plain value of at most eight bytes whose fields are each 0,
    /// 1, 2, 4 or 8 bytes: then it travels as a word. Constant folded for concrete types.
    @inlinable
    @inline(__always)
    static var packs: Bool {
        _isPOD(Self.self) && MemoryLayout<Self>.size <= 8 && MemoryLayout<Self>.alignment <= 8
            && eventOffset &+ MemoryLayout<Event?>.size == MemoryLayout<Self>.size
            && isWordSized(State.self) && isWordSized(State?.self) && isWordSized(Event?.self)
    }

    /// The transition's bytes as a little-endian word, when it packs; `nil` otherwise.
    @inlinable
    @inline(__always)
    static func packed(_ source: State, _ target: State?, _ event: Event?) -> UInt64? {
        guard packs else { return nil }
        return bits(of: source) | bits(of: target) &<< UInt64(targetOffset &* 8) | bits(of: event) &<< UInt64(eventOffset &* 8)
    }

    /// A transition's word from its word without the event (`LeafMove.taken`) and the event,
    /// when it packs; `nil` otherwise.
    @inlinable
    @inline(__always)
    static func packed(_ taken: UInt64, event: Event?) -> UInt64? {
        guard packs else { return nil }
        return taken | bits(of: event) &<< UInt64(eventOffset &* 8)
    }

    /// The bits of the event in the word of a transition that packs.
    @inlinable
    @inline(__always)
    static var eventMask: UInt64 {
        let bits = MemoryLayout<Event?>.size &* 8
        return (bits >= 64 ? ~0 : (1 &<< UInt64(bits)) &- 1) &<< UInt64(eventOffset &* 8)
    }

    // Stored properties are laid out in declaration order, each at the next offset that is a
    // multiple of its alignment.

    @inlinable
    @inline(__always)
    static var targetOffset: Int { roundUp(MemoryLayout<State>.size, MemoryLayout<State?>.alignment) }

    @inlinable
    @inline(__always)
    static var eventOffset: Int { roundUp(targetOffset &+ MemoryLayout<State?>.size, MemoryLayout<Event?>.alignment) }

    @inlinable
    @inline(__always)
    static func roundUp(_ offset: Int, _ alignment: Int) -> Int {
        (offset &+ alignment &- 1) & ~(alignment &- 1)
    }

    @inlinable
    @inline(__always)
    static func isWordSized<Value>(_: Value.Type) -> Bool {
        switch MemoryLayout<Value>.size {
        case 0, 1, 2, 4, 8: true
        default: false
        }
    }

    /// A plain value's bytes as an integer; its size is one `isWordSized` accepts.
    @inlinable
    @inline(__always)
    static func bits<Value>(of value: Value) -> UInt64 {
        switch MemoryLayout<Value>.size {
        case 1: UInt64(unsafeBitCast(value, to: UInt8.self))
        case 2: UInt64(unsafeBitCast(value, to: UInt16.self))
        case 4: UInt64(unsafeBitCast(value, to: UInt32.self))
        case 8: unsafeBitCast(value, to: UInt64.self)
        default: 0
        }
    }
}
