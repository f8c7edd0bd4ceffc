/// What a ``MachineRuntime`` does with an event sent while it awaits entry or exit work.
///
/// Entry and exit work (``StateHooks``) can take time: a loading screen fading out before an
/// alert can appear. Events sent meanwhile meet the runtime's policy, given when it is made.
/// Events that arrive while no such work is running are always queued, as are the results of
/// invocations and timers that fall due: the policy only decides about your events that find
/// the runtime in the middle of a transition's work.
///
/// ```swift
/// let runtime = MachineRuntime(machine, hooks: screens, policy: .keepLatest)
/// ```
public enum BusyPolicy: Hashable, Sendable {
    /// Every event waits its turn and is processed in the order it arrived. The default.
    ///
    /// A view shows every state it was asked for, one after another.
    case queue
    /// An event that arrives during entry or exit work is discarded:
    /// ``MachineRuntime/send(_:)`` returns ``MachineRuntime/Delivery/discarded(_:)`` with
    /// ``DiscardReason/dropped``.
    ///
    /// A double tap while a screen animates in is ignored.
    case drop
    /// At most one event that arrived during entry or exit work waits: a newer one takes its
    /// place, and the older one is discarded with ``DiscardReason/superseded``. Events that
    /// were already waiting when the work began keep their place.
    ///
    /// A view asked for three states in a row during an animation shows only the last.
    case keepLatest
}

/// Why a ``MachineRuntime`` discarded an event without giving it to the machine.
public enum DiscardReason: Hashable, Sendable, CustomStringConvertible {
    /// It arrived during entry or exit work, under ``BusyPolicy/drop``.
    case dropped
    /// A later event took its place, under ``BusyPolicy/keepLatest``.
    case superseded
    /// The runtime was stopped before the event's turn came, or before it was sent.
    case stopped

    /// The reason in words.
    public var description: String {
        switch self {
        case .dropped: "dropped: it arrived during entry or exit work"
        case .superseded: "superseded by a later event"
        case .stopped: "the runtime is stopped"
        }
    }
}
