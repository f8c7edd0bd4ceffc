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
