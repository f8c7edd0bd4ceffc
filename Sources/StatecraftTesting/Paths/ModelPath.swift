public import Statecraft

/// A way through a chart from its start: the steps, and where they lead.
///
/// Paths come from ``TestModel/shortestPaths()`` and ``TestModel/transitionPaths()``;
/// ``TestModel/test(_:checks:onStep:)`` replays one on a fresh machine.
public struct ModelPath<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// The steps, from a new machine.
    public let steps: [ModelStep<Event>]
    /// The active atomic states the path ends in, in document order.
    public let configuration: [State]
    /// Whether the machine has reached a top-level final state at the end.
    public let isDone: Bool
    /// Every transition the path takes, in the order first taken.
    public let transitions: [ModelTransition<State, Event.Kind>]

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - steps: The steps from a new machine.
    ///   - configuration: The active atomic states at the end.
    ///   - isDone: Whether the machine is done at the end.
    ///   - transitions: The transitions it takes.
    public init(
        steps: [ModelStep<Event>],
        configuration: [State],
        isDone: Bool,
        transitions: [ModelTransition<State, Event.Kind>]
    ) {
        self.steps = steps
        self.configuration = configuration
        self.isDone = isDone
        self.transitions = transitions
    }
}

extension ModelPath: CustomStringConvertible {
    /// `coin(cents: 25), push -> locked`; the empty path prints as `(start) -> locked`.
    public var description: String {
        let steps = steps.isEmpty ? "(start)" : steps.map(\.description).joined(separator: ", ")
        return "\(steps) -> \(configuration.map { "\($0)" }.joined(separator: ", "))" + (isDone ? " (done)" : "")
    }
}
