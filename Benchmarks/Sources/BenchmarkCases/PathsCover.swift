import Statecraft
import StatecraftTesting

/// The five events of the generated charts of `paths.cover`.
public enum CoverHop: MachineEvent, CaseIterable {
    /// One of five ways out of every state.
    case a, b, c, d, e
}

/// `paths.cover`: transition-covering paths (`TestModel.transitionPaths()`) of a generated
/// chart of `states` atomic states with five transitions each (one per ``CoverHop``) to states
/// picked by a fixed pseudo-random sequence, plus a ring (`a` always moves one on) so that
/// every state is reachable. 1,000 states make 5,000 transitions. No baseline: the target is a
/// time.
public struct PathsCover {
    /// The chart.
    public let chart: Statechart<Int, CoverHop, Void>

    /// Builds the chart.
    ///
    /// - Parameter states: How many states.
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init(states: Int) throws {
        var seed: UInt64 = 0x9A7B5
        var targets: [[Int]] = []
        for state in 0..<states {
            var row = [(state + 1) % states]
            for _ in 1..<CoverHop.allCases.count {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                row.append(Int((seed >> 33) % UInt64(states)))
            }
            targets.append(row)
        }
        chart = try Statechart {
            for state in 0..<states {
                Atomic(state) {
                    for (hop, target) in zip(CoverHop.allCases, targets[state]) {
                        On(hop, to: target)
                    }
                }
            }
        }
    }

    /// Finds the transition-covering paths once and times it.
    ///
    /// - Returns: The wall time in milliseconds, the number of paths, the transitions they
    ///   take, and whether the search was complete.
    public func run() -> (milliseconds: Double, paths: Int, transitions: Int, complete: Bool) {
        var model = TestModel(chart: chart, events: CoverHop.allCases)
        model.maxConfigurations = chart.states.count + 1
        model.maxDepth = chart.states.count
        let clock = ContinuousClock()
        var result: ModelPaths<Int, CoverHop>?
        let elapsed = clock.measure { result = model.transitionPaths() }
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        let paths = result!
        return (milliseconds, paths.paths.count, Set(paths.paths.flatMap(\.transitions)).count, paths.isComplete)
    }
}
