public import Statecraft

/// What a path search of a ``TestModel`` found: the paths, and what no path reached.
public struct ModelPaths<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// The paths: one per configuration for ``TestModel/shortestPaths()``, a covering few for
    /// ``TestModel/transitionPaths()``.
    public var paths: [ModelPath<State, Event>]
    /// Every transition some path of the search took, in the order first taken.
    public var transitionsTaken: [ModelTransition<State, Event.Kind>]
    /// The states never active on any path, not even within a macrostep that left them again,
    /// history pseudo-states aside, in document order.
    public var statesNeverActive: [State]
    /// The kinds of event the chart has transitions for that no step took, in the order the
    /// chart lists them.
    public var eventKindsNeverTaken: [Event.Kind]
    /// The bound that stopped the search before it tried everything, or `nil`.
    public var stop: ModelSearchStop?

    /// Whether the search tried every step from every configuration it found.
    public var isComplete: Bool { stop == nil }

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - paths: The paths.
    ///   - transitionsTaken: The transitions taken.
    ///   - statesNeverActive: The states never active.
    ///   - eventKindsNeverTaken: The event kinds never taken.
    ///   - stop: The bound that stopped the search, if any.
    public init(
        paths: [ModelPath<State, Event>],
        transitionsTaken: [ModelTransition<State, Event.Kind>],
        statesNeverActive: [State],
        eventKindsNeverTaken: [Event.Kind],
        stop: ModelSearchStop?
    ) {
        self.paths = paths
        self.transitionsTaken = transitionsTaken
        self.statesNeverActive = statesNeverActive
        self.eventKindsNeverTaken = eventKindsNeverTaken
        self.stop = stop
    }
}

/// The bound that stopped a path search.
public enum ModelSearchStop: Hashable, Sendable, CustomStringConvertible {
    /// Paths reached ``TestModel/maxDepth`` steps with steps left to try.
    case maxDepth(Int)
    /// The search kept ``TestModel/maxConfigurations`` nodes and found more.
    case maxConfigurations(Int)

    /// What stopped the search and what to do about it.
    public var description: String {
        switch self {
        case .maxDepth(let depth):
            "the search stopped at paths of \(depth) step\(depth == 1 ? "" : "s") (maxDepth); raise it to search further"
        case .maxConfigurations(let count):
            "the search stopped after \(count) configurations (maxConfigurations); raise it, or tell fewer machines apart with identity:"
        }
    }
}
