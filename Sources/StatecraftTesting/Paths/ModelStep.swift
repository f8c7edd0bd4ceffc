public import Statecraft

/// One step of a ``ModelPath``: an event sent to the machine, time let pass on its clock, or a
/// pending timer fired ahead of its deadline.
public enum ModelStep<Event: MachineEvent>: Sendable {
    /// Send the event.
    case send(Event)
    /// Advance the machine's clock by the duration, firing what falls due.
    case wait(Duration)
    /// Fire one pending timer now, whatever its delay, without moving the clock
    /// (`Machine.fireTimer(at:)`): the steps of a search with `TimerOrder.any`.
    case fire(ModelTimer)
}

/// A pending timer that a ``ModelStep/fire(_:)`` step fires: its place among the machine's
/// pending timers, soonest first, and what it is.
public struct ModelTimer: Hashable, Sendable, CustomStringConvertible {
    /// Its index in `Machine.pendingTimers` when the step is taken (0 is the soonest).
    public var position: Int
    /// What fires, as `SnapshotTimer.Kind` prints it: `push`, `retry (id r1)`,
    /// `after #0 of locked`. Replaying a path checks it, so a path that no longer fits the
    /// chart fails clearly instead of firing another timer.
    public var label: String

    /// Makes a timer reference.
    ///
    /// - Parameters:
    ///   - position: Its index among the pending timers, soonest first.
    ///   - label: What fires, as `SnapshotTimer.Kind` prints it.
    public init(position: Int, label: String) {
        self.position = position
        self.label = label
    }

    /// `after #0 of locked`.
    public var description: String { label }
}

extension ModelStep: CustomStringConvertible {
    /// The event as Swift prints it, `wait 2s`, or `fire after #0 of locked`.
    public var description: String {
        switch self {
        case .send(let event): "\(event)"
        case .wait(let duration): "wait \(duration)"
        case .fire(let timer): "fire \(timer.label)"
        }
    }
}

extension ModelStep: Equatable where Event: Equatable {}

extension ModelStep: Hashable where Event: Hashable {}

extension Machine {
    /// Takes a step of a path: sends its event, lets its time pass, or fires its timer.
    ///
    /// - Returns: `false` when a `fire` step's timer is not pending (nothing happened).
    @inlinable
    @discardableResult
    mutating func take(_ step: ModelStep<Event>) -> Bool {
        switch step {
        case .send(let event):
            _ = send(event)
            return true
        case .wait(let duration):
            advance(by: duration)
            return true
        case .fire(let timer):
            return fireTimer(at: timer.position)
        }
    }

    /// Why a `fire` step cannot be taken now (its timer is not pending, or another one is at
    /// its place), or `nil` when it can, or the step is not a `fire`.
    func problem(firing step: ModelStep<Event>) -> String? {
        guard case .fire(let timer) = step else { return nil }
        let pending = pendingTimers
        guard timer.position >= 0, timer.position < pending.count else {
            return "the path fires '\(timer.label)', timer #\(timer.position), but \(pending.count) timer\(pending.count == 1 ? " is" : "s are") pending"
        }
        let label = "\(pending[timer.position].kind)"
        guard label == timer.label else {
            return "the path fires '\(timer.label)', but timer #\(timer.position) is '\(label)'"
        }
        return nil
    }
}
