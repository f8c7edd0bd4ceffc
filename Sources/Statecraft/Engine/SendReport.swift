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
        macrostepLine(event: event, transitions: transitions, otherwise: result)
    }
}

/// One line for an event and what it did: `event: ` and the transitions, `, then ` between
/// them, each without the event's own name where it leads its description; `otherwise` (the
/// outcome) when no transition was taken. ``SendReport`` and the runtime's step print with it.
///
/// - Parameters:
///   - event: The event.
///   - transitions: The transitions taken, in order.
///   - otherwise: What to say when none was.
/// - Returns: The line.
package func macrostepLine(event: some Any, transitions: [some Any], otherwise: some Any) -> String {
    let prefix = "\(event): "
    guard !transitions.isEmpty else { return prefix + "\(otherwise)" }
    let routes = transitions.map { transition in
        let line = "\(transition)"
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
    }
    return prefix + routes.joined(separator: ", then ")
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
