import Statecraft

/// The states of `parallel.twoRegions`: a parallel state with two regions of two leaves each.
public enum Duo: Hashable, Sendable {
    /// The states, in document order.
    case both, regionA, a0, a1, regionB, b0, b1
}

/// The event of `parallel.twoRegions`: flips the leaf of each region.
public enum Beat: MachineEvent {
    /// Moves each region to its other leaf.
    case flip
}

/// `parallel.twoRegions`: one event moves both regions of a parallel state, each from one leaf
/// to the other, running the leaves' exit and entry actions.
///
/// ```
/// both (parallel)
/// ├── regionA: a0 ⇄ a1   (on flip; entry and exit actions on each leaf)
/// └── regionB: b0 ⇄ b1
/// ```
///
/// The baseline, ``HandDuo``, keeps one enum per region and runs the same closures in the
/// SCXML order of one microstep with two transitions: exits in reverse document order (region
/// B's leaf, then A's), then entries in document order (A's, then B's).
public final class TwoRegions {
    /// The entry and exit actions, shared by both sides.
    public let actions = DuoActions()
    /// The chart, built once.
    public let chart: Statechart<Duo, Beat, Int>
    var machine: Machine<Duo, Beat, Int>
    var handWritten: HandDuo

    /// Builds the chart, a machine and the baseline.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init() throws {
        let actions = actions
        chart = try Statechart {
            Parallel(.both) {
                Compound(.regionA) {
                    Atomic(.a0) { OnEntry(actions.enterA0); OnExit(actions.exitA0); On(.flip, to: .a1) }
                    Atomic(.a1) { OnEntry(actions.enterA1); OnExit(actions.exitA1); On(.flip, to: .a0) }
                }
                Compound(.regionB) {
                    Atomic(.b0) { OnEntry(actions.enterB0); OnExit(actions.exitB0); On(.flip, to: .b1) }
                    Atomic(.b1) { OnEntry(actions.enterB1); OnExit(actions.exitB1); On(.flip, to: .b0) }
                }
            }
        }
        machine = chart.makeMachine(context: 0)
        handWritten = HandDuo(actions: actions)
    }

    /// Sends `events` flips to the Statecraft machine.
    ///
    /// - Returns: The events taken plus the context the actions left.
    @inline(never)
    public func runStatecraft(_ events: Int) -> Int {
        var machine = self.machine
        var taken = 0
        for _ in 0..<events where machine.send(.flip).isTaken {
            taken &+= 1
        }
        self.machine = machine
        return taken &+ machine.context
    }

    /// Sends `events` flips to the hand-written baseline.
    ///
    /// - Returns: The events taken plus the context the actions left.
    @inline(never)
    public func runBaseline(_ events: Int) -> Int {
        var machine = handWritten
        var taken = 0
        for _ in 0..<events where machine.send(.flip).isTaken {
            taken &+= 1
        }
        handWritten = machine
        return taken &+ machine.context
    }
}

/// The entry and exit actions of `parallel.twoRegions`, each adding its own weight.
public struct DuoActions: Sendable {
    /// The actions of the four leaves.
    public init() {}

    /// `a0`'s entry and exit.
    public let enterA0: WeightedAction<Beat> = weighted(1), exitA0: WeightedAction<Beat> = weighted(2)
    /// `a1`'s entry and exit.
    public let enterA1: WeightedAction<Beat> = weighted(4), exitA1: WeightedAction<Beat> = weighted(8)
    /// `b0`'s entry and exit.
    public let enterB0: WeightedAction<Beat> = weighted(16), exitB0: WeightedAction<Beat> = weighted(32)
    /// `b1`'s entry and exit.
    public let enterB1: WeightedAction<Beat> = weighted(64), exitB1: WeightedAction<Beat> = weighted(128)
}
