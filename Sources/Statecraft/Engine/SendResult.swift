/// What happened when a machine was sent an event.
///
/// ```swift
/// switch machine.send(.coin) {
/// case .transitioned(let from, let to): print("\(from) -> \(to)")
/// case .handled(let state):             print("handled in \(state)")
/// case .rejected(let rejection):        print(rejection)
/// }
/// ```
public enum SendResult<State: Hashable & Sendable, EventKind: Hashable & Sendable>: Sendable, Equatable {
    /// A transition with a target was taken: the machine left `from` and is now in `to` (which
    /// may be the same state, exited and entered again).
    case transitioned(from: State, to: State)
    /// A transition without a target was taken: its action ran and the machine stayed in the
    /// state without exiting it.
    case handled(in: State)
    /// No transition was taken; the machine is unchanged.
    case rejected(Rejection<State, EventKind>)

    /// Whether a transition was taken.
    @inlinable
    public var isTaken: Bool {
        if case .rejected = self { false } else { true }
    }

    /// Why no transition was taken, or `nil` when one was.
    @inlinable
    public var rejection: Rejection<State, EventKind>? {
        if case .rejected(let rejection) = self { rejection } else { nil }
    }
}

/// Whether a machine still takes events.
public enum MachineStatus: Hashable, Sendable, Codable {
    /// The machine takes events.
    case running
    /// The machine entered a top-level final state; it rejects every event.
    case done
}
