import Synchronization

/// What one ``Machine/sendReporting(_:)`` did: the event, the result ``Machine/send(_:)``
/// returns, and every transition its macrostep took, in order.
///
/// It prints as one line, the event and the way it went:
///
/// ```swift
/// print(machine.sendReporting(.coin(cents: 25)))
/// // coin(cents: 25): locked -> unlocked
/// print(machine.sendReporting(.push))
/// // push: unlocked -> locked, then locked -> idle
/// ```
public struct SendReport<State: Hashable & Sendable, Event: MachineEvent>: Sendable, CustomStringConvertible {
    /// The event that was sent.
    public let event: Event
    /// What ``Machine/send(_:)`` returns for it: the first transition, or why none was taken.
    public let result: SendResult<State, Event.Kind>
    /// Every transition taken while the event was processed, in order: the event's own, then
    /// the eventless transitions, raised events and done events that followed, and the events
    /// the machine's actions sent it.
    public let transitions: [TakenTransition<State, Event>]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - event: The event that was sent.
    ///   - result: What the send returned.
    ///   - transitions: Every transition taken, in order.
    public init(event: Event, result: SendResult<State, Event.Kind>, transitions: [TakenTransition<State, Event>]) {
        self.event = event
        self.result = result
        self.transitions = transitions
    }

    /// `coin(cents: 25): locked -> unlocked`; the transitions after the first follow, each
    /// with the event that took it when it was not this one; a rejected event says why.
    public var description: String {
        "\(event): " + Self.route(transitions, after: event, otherwise: String(describing: result))
    }

    /// The transitions as one line, `a -> b, then b -> c`, naming an event only where it is
    /// not `event`; `otherwise` when there is none.
    static func route(_ transitions: [TakenTransition<State, Event>], after event: Event, otherwise: String) -> String {
        guard !transitions.isEmpty else { return otherwise }
        let sent = String(describing: event)
        return transitions.map { transition in
            let own = transition.event.map { String(describing: $0) == sent } ?? false
            return own ? transition.route : transition.description
        }.joined(separator: ", then ")
    }
}

extension Machine {
    /// Sends an event, as ``send(_:)`` does, and reports every transition its macrostep took.
    ///
    /// ``send(_:)`` returns the first transition only and allocates nothing; this collects
    /// every transition through the machine's listener (which is still called) into a
    /// ``SendReport`` that prints as one readable line.
    ///
    /// - Parameter event: The event.
    /// - Returns: The event, the result and every transition taken.
    public mutating func sendReporting(_ event: Event) -> SendReport<State, Event> {
        let listener = onTransition
        let taken = Mutex<[TakenTransition<State, Event>]>([])
        onTransition = { transition in
            taken.withLock { $0.append(transition) }
            listener?(transition)
        }
        let result = send(event)
        onTransition = listener
        return SendReport(event: event, result: result, transitions: taken.withLock { $0 })
    }
}

extension SendResult: CustomStringConvertible {
    /// `locked -> unlocked`, `handled in unlocked`, or `rejected: ` and the reason.
    public var description: String {
        switch self {
        case .transitioned(let from, let to): "\(from) -> \(to)"
        case .handled(let state): "handled in \(state)"
        case .rejected(let rejection): "rejected: \(rejection)"
        }
    }
}

extension TakenTransition: CustomStringConvertible {
    /// `locked -> unlocked` (or `handled in unlocked` for a transition without target), after
    /// the event that took it when there is one: `coin(cents: 25): locked -> unlocked`.
    public var description: String {
        event.map { "\($0): \(route)" } ?? route
    }

    /// The transition without its event.
    var route: String {
        target.map { "\(source) -> \($0)" } ?? "handled in \(source)"
    }
}
