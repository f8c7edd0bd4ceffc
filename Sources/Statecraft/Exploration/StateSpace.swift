/// A system whose reachable states ``StateSpaceExplorer`` walks: a typed machine under
/// `TestModel.verify`, an SCXML session under `statecraft verify`.
///
/// A state is a value the explorer keeps only while it waits to be expanded (a machine, a
/// session's snapshot); a key tells two states apart (the configuration, what history
/// remembers, the pending timers by how long until they are due, the data); a step is what
/// the environment can do next (send one of its events, let a timer fire).
@usableFromInline
package protocol StateSpace {
    /// A state of the system, copied and kept until it is expanded.
    associatedtype State
    /// What tells two states apart; two states with one key are one node of the search.
    associatedtype Key: Hashable
    /// What the environment can do in a state.
    associatedtype Step

    /// The state the system starts in.
    func start() -> StateSpaceArrival<State, Key>

    /// The steps to try in `state`, in the order to try them: the events, then the timers.
    func steps(from state: State) -> [Step]

    /// The state `step` leads to from `state`; `state` is left as it was.
    func take(_ step: Step, from state: State) -> StateSpaceArrival<State, Key>
}

/// Where a step (or the start) leads: the new state, its key, and what the step did.
@usableFromInline
package struct StateSpaceArrival<State, Key> {
    /// The state reached.
    @usableFromInline package var state: State
    /// Its key.
    @usableFromInline package var key: Key
    /// Whether the system has ended (a top-level final state): it is not expanded.
    @usableFromInline package var isFinal: Bool
    /// Whether the step took a transition (even one that leads back to the same key).
    @usableFromInline package var tookTransition: Bool

    /// Makes an arrival.
    @inlinable package init(state: State, key: Key, isFinal: Bool, tookTransition: Bool) {
        self.state = state
        self.key = key
        self.isFinal = isFinal
        self.tookTransition = tookTransition
    }
}

/// The bounds of an exploration.
@usableFromInline
package struct StateSpaceBounds: Hashable, Sendable {
    /// The most nodes kept.
    @usableFromInline package var maxConfigurations: Int
    /// The longest path from the start expanded.
    @usableFromInline package var maxDepth: Int
    /// The longest the search may run, or `nil` for no limit.
    @usableFromInline package var maxTime: Duration?

    /// Makes bounds.
    @inlinable package init(maxConfigurations: Int = 100_000, maxDepth: Int = 1_000, maxTime: Duration? = nil) {
        self.maxConfigurations = maxConfigurations
        self.maxDepth = maxDepth
        self.maxTime = maxTime
    }
}

/// A bound that cut an exploration short: what was found holds for what was explored only.
@usableFromInline
package enum StateSpaceCut: Hashable, Sendable {
    /// The bound on nodes was reached with states left to expand.
    case configurations(Int)
    /// Nodes at this depth had steps left to try.
    case depth(Int)
    /// The time bound passed.
    case time(Duration)
}

/// What one tried step did, as ``StateSpaceExplorer/explore(_:bounds:visit:)`` reports it.
@usableFromInline
package struct StateSpaceVisit<Space: StateSpace> {
    /// The node the step was taken from; `nil` for the start.
    @usableFromInline package var source: Int?
    /// The step; `nil` for the start.
    @usableFromInline package var step: Space.Step?
    /// Where it led.
    @usableFromInline package var arrival: StateSpaceArrival<Space.State, Space.Key>
    /// The node it led to.
    @usableFromInline package var target: Int
    /// Whether that node is new.
    @usableFromInline package var isNew: Bool

    /// Makes a visit.
    @inlinable
    package init(source: Int?, step: Space.Step?, arrival: StateSpaceArrival<Space.State, Space.Key>, target: Int, isNew: Bool) {
        self.source = source
        self.step = step
        self.arrival = arrival
        self.target = target
        self.isNew = isNew
    }
}
