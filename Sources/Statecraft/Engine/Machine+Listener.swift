/// Calling the listener.
///
/// `onTransition` is a stored property of a generic type, so the closure it holds takes its
/// `TakenTransition` at the generic abstraction: in memory. The closure you wrote takes it in
/// registers, and Swift stores a reabstraction thunk that loads the transition from memory and
/// calls yours. For small states and events (one-byte enums, the usual case) the thunk loads
/// several fields with one load, while a transition built field by field is written with one
/// store per field: the processor cannot forward two pending stores to one load, and waits for
/// them to reach the cache, every event (it doubled the cost of a flat transition).
///
/// So a transition of plain values that fits in a word is built in a word, with integer
/// operations, and handed to the listener from that word's memory: one store for the whole.
extension Machine {
    /// Calls the listener, if there is one, with a transition just taken.
    @inlinable
    @inline(__always)
    func notify(_ source: State, _ target: State?, _ event: Event?) {
        if let word = TakenTransition<State, Event>.packed(source, target, event) {
            var slot = word
            Self.deliver(onTransition, word: &slot)
        } else {
            onTransition?(TakenTransition(source: source, target: target, event: event))
        }
    }

    /// Calls the listener, if there is one, with a transition whose word without the event was
    /// precomputed (`LeafMove.taken`); `source` and `target` serve when it does not pack.
    @inlinable
    @inline(__always)
    func notify(taken: UInt64, _ source: State, _ target: State, _ event: Event) {
        if let word = TakenTransition<State, Event>.packed(taken, event: event) {
            var slot = word
            Self.deliver(onTransition, word: &slot)
        } else {
            onTransition?(TakenTransition(source: source, target: target, event: event))
        }
    }

    /// Calls `listener` with the transition packed in `word`: the word's memory is rebound to
    /// the transition's type for the call (allowed: the transition is a plain value no larger
    /// and no more aligned than the word, which `TakenTransition.packs` checked), and bound
    /// back to `UInt64` after.
    @inlinable
    @inline(__always)
    static func deliver(_ listener: Listener?, word: inout UInt64) {
        withUnsafeMutableBytes(of: &word) { raw in
            raw.withMemoryRebound(to: TakenTransition<State, Event>.self) { taken in
                deliver(listener, &taken[0])
            }
        }
    }

    /// Calls `listener` with `taken` where it lies: an `inout` argument cannot change during
    /// the call, so Swift passes its address instead of copying it into a temporary first
    /// (which would store it field by field again).
    @inlinable
    @inline(__always)
    static func deliver(_ listener: Listener?, _ taken: inout TakenTransition<State, Event>) {
        listener?(taken)
    }
}

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
