import Statecraft

/// `construct`: making a machine from a chart that is already built.
///
/// Each iteration makes a machine and keeps it in one of 64 slots, so the machine is really
/// stored (its reference to the chart retained, the one it replaces released), as a program
/// that keeps its instances would. ``runStatecraft(_:)`` uses the `flat.toggle` chart, which
/// runs on the engine's flat path; ``runHierarchical(_:)`` the `hierarchy.crossParent` chart,
/// whose machines start by entering `top`, `left` and `a1`.
public final class Construct {
    /// The flat chart, built once.
    public let chart: Statechart<Light, Flip, Void>
    /// The hierarchical chart, built once.
    public let nestedChart: Statechart<Nest, Hop, Int>

    /// Builds the charts.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects a chart (it should not).
    public init() throws {
        chart = try Statechart {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        nestedChart = try CrossParent().chart
    }

    /// Makes `count` machines of the flat chart.
    ///
    /// - Returns: How many of the kept machines are in `.off`, so the machines are observable.
    @inline(never)
    public func runStatecraft(_ count: Int) -> Int {
        var kept = ContiguousArray(repeating: chart.makeMachine(), count: 64)
        for index in 0..<count {
            kept[index & 63] = chart.makeMachine()
        }
        return kept.reduce(0) { $0 &+ ($1.state == .off ? 1 : 0) }
    }

    /// Makes `count` machines of the hierarchical chart (each runs the entry actions of
    /// `left` and `a1`).
    ///
    /// - Returns: The sum of the kept machines' contexts, so the machines are observable.
    @inline(never)
    public func runHierarchical(_ count: Int) -> Int {
        var kept = ContiguousArray(repeating: nestedChart.makeMachine(context: 0), count: 64)
        for index in 0..<count {
            kept[index & 63] = nestedChart.makeMachine(context: 0)
        }
        return kept.reduce(0) { $0 &+ $1.context }
    }
}
