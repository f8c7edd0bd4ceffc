public import Statecraft

/// One step of a ``ModelPath``: an event sent to the machine, or time let pass on its clock.
public enum ModelStep<Event: MachineEvent>: Sendable {
    /// Send the event.
    case send(Event)
    /// Advance the machine's clock by the duration, firing what falls due.
    case wait(Duration)
}

extension ModelStep: CustomStringConvertible {
    /// The event as Swift prints it, or `wait 2s`.
    public var description: String {
        switch self {
        case .send(let event): "\(event)"
        case .wait(let duration): "wait \(duration)"
        }
    }
}

extension ModelStep: Equatable where Event: Equatable {}

extension ModelStep: Hashable where Event: Hashable {}
