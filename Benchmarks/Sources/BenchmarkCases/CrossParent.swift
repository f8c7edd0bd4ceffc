import Statecraft

/// The states of `hierarchy.crossParent`: three levels, `top` holding two parents with two
/// leaves each.
public enum Nest: Hashable, Sendable {
    /// The states, in document order.
    case top, left, a1, a2, right, b1, b2
}

/// The event of `hierarchy.crossParent`: move to the matching leaf under the other parent.
public enum Hop: MachineEvent {
    /// Moves to the matching leaf under the other parent.
    case cross
}

/// `hierarchy.crossParent`: every event moves between leaves under different parents
/// (`a1` ⇄ `b1`), so each one exits a leaf and its parent and enters the other parent and its
/// leaf, running the entry and exit actions of all four.
///
/// ```
/// top
/// ├── left   (entry, exit)
/// │   ├── a1 (entry, exit)  --cross--> b1
/// │   └── a2                --cross--> b2
/// └── right  (entry, exit)
///     ├── b1 (entry, exit)  --cross--> a1
///     └── b2                --cross--> a2
/// ```
///
/// The baseline, ``HandNest``, is a nested `switch` (parent, then leaf) that calls the same
/// action closures in the same order: the leaf's exit, the parent's exit, the other parent's
/// entry, the other leaf's entry.
public final class CrossParent {
    /// The entry and exit actions, shared by both sides.
    public let actions = NestActions()
    /// The chart, built once.
    public let chart: Statechart<Nest, Hop, Int>
    var machine: Machine<Nest, Hop, Int>
    var handWritten: HandNest

    /// Builds the chart, a machine and the baseline.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init() throws {
        let actions = actions
        chart = try Statechart {
            Compound(.top) {
                Compound(.left) {
                    OnEntry(actions.enterLeft)
                    OnExit(actions.exitLeft)
                    Atomic(.a1) {
                        OnEntry(actions.enterA1)
                        OnExit(actions.exitA1)
                        On(.cross, to: .b1)
                    }
                    Atomic(.a2) { On(.cross, to: .b2) }
                }
                Compound(.right) {
                    OnEntry(actions.enterRight)
                    OnExit(actions.exitRight)
                    Atomic(.b1) {
                        OnEntry(actions.enterB1)
                        OnExit(actions.exitB1)
                        On(.cross, to: .a1)
                    }
                    Atomic(.b2) { On(.cross, to: .a2) }
                }
            }
        }
        machine = chart.makeMachine(context: 0)
        handWritten = HandNest(actions: actions)
    }

    /// Sends `events` crossings to the Statecraft machine.
    ///
    /// - Returns: The transitions taken plus the context the actions left.
    @inline(never)
    public func runStatecraft(_ events: Int) -> Int {
        var machine = self.machine
        var taken = 0
        for _ in 0..<events where machine.send(.cross).isTaken {
            taken &+= 1
        }
        self.machine = machine
        return taken &+ machine.context
    }

    /// Sends `events` crossings to the hand-written baseline.
    ///
    /// - Returns: The transitions taken plus the context the actions left.
    @inline(never)
    public func runBaseline(_ events: Int) -> Int {
        var machine = handWritten
        var taken = 0
        for _ in 0..<events where machine.send(.cross).isTaken {
            taken &+= 1
        }
        handWritten = machine
        return taken &+ machine.context
    }
}

/// The entry and exit actions of `hierarchy.crossParent`, each adding its own weight.
public struct NestActions: Sendable {
    /// The actions of the parents and of the leaves `a1` and `b1`.
    public init() {}

    /// `left`'s entry and exit.
    public let enterLeft: WeightedAction<Hop> = weighted(1), exitLeft: WeightedAction<Hop> = weighted(2)
    /// `a1`'s entry and exit.
    public let enterA1: WeightedAction<Hop> = weighted(4), exitA1: WeightedAction<Hop> = weighted(8)
    /// `right`'s entry and exit.
    public let enterRight: WeightedAction<Hop> = weighted(16), exitRight: WeightedAction<Hop> = weighted(32)
    /// `b1`'s entry and exit.
    public let enterB1: WeightedAction<Hop> = weighted(64), exitB1: WeightedAction<Hop> = weighted(128)
}
