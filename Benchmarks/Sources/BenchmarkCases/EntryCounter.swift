/// What every listener of the flat cases does: count the entries into one state.
///
/// The Statecraft side and the hand-written baseline of a case share one counter and one
/// listener body, so both do the same observable work, and the count they leave behind is what
/// keeps the optimizer from deleting either loop.
///
/// The count lives behind a pointer rather than in a stored `var`: a class's stored property
/// written from a closure gets a dynamic exclusivity check (`swift_beginAccess`, some 30
/// instructions), which would add the same large constant to both sides of every case and hide
/// the difference being measured.
///
/// `@unchecked Sendable`: `Machine`'s listener must be `@Sendable`, so whatever it captures
/// must be too. A counter is only ever touched by the one thread that runs a benchmark loop,
/// so its plain, unsynchronized count is never raced; an atomic would add a locked instruction
/// to every event on both sides, for the same reason as above.
public final class EntryCounter: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Int>

    /// Makes a counter at zero.
    public init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    deinit {
        storage.deallocate()
    }

    /// How many entries were counted.
    public var count: Int { storage.pointee }

    /// Counts one entry.
    @inline(__always)
    public func increment() {
        storage.pointee &+= 1
    }
}

/// What a hand-written baseline's listener receives: the same three fields as Statecraft's
/// `TakenTransition`, so both listeners are handed the same amount of data.
public struct HandStep<State: Sendable, Event: Sendable>: Sendable {
    /// The state left.
    public let source: State
    /// The state entered.
    public let target: State?
    /// The event that moved the machine.
    public let event: Event
}

/// What a hand-written baseline's `send` returns: the counterpart of Statecraft's `SendResult`.
public enum HandResult<State: Sendable>: Sendable {
    /// The machine moved from `from` to `to`.
    case transitioned(from: State, to: State)
    /// The event was not handled in the current state.
    case rejected

    /// Whether a transition was taken.
    @inlinable
    public var isTaken: Bool {
        if case .transitioned = self { true } else { false }
    }
}
