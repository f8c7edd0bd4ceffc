import Statecraft

/// `chart.structure` and `chart.dot`: the chart tools on a generated chart, at 100, 1,000 and
/// 10,000 states with five transitions per state. There is no baseline: the target is a time
/// (under 100 ms each at 1,000 states).
///
/// The chart has one compound state per ten states, each holding nine atomic states; every
/// state has five transitions on five of ten event kinds, to states spread over the whole
/// chart, so most edges cross compound states (the DOT writer's `lhead`/`ltail` path).
///
/// A later case (transition-covering paths, from `StatecraftTesting`) times its search on the
/// same charts through ``chart(states:)`` and ``time(repetitions:_:)``.
public enum ChartToolsCase {
    /// The states of the generated charts.
    public struct Node: Hashable, Sendable, CustomStringConvertible {
        /// Its number, in document order.
        public let number: Int
        /// `s<number>`.
        public var description: String { "s\(number)" }
    }

    /// The events: ten kinds, no payload.
    public struct Tick: MachineEvent {
        /// Which of the ten kinds.
        public let kind: Int
    }

    /// A generated chart of `states` states (a multiple of ten) and `5 × states` transitions.
    ///
    /// - Parameter states: How many states.
    /// - Returns: The chart.
    public static func chart(states: Int) throws -> Statechart<Node, Tick, Void> {
        let groups = states / 10
        func target(_ state: Int, _ edge: Int) -> Node {
            Node(number: (state &* 7919 &+ edge &* 104_729 &+ 1) % (groups * 10))
        }
        return try Statechart {
            for group in 0..<groups {
                Compound(Node(number: group * 10)) {
                    for member in 1..<10 {
                        Atomic(Node(number: group * 10 + member)) {
                            for edge in 0..<5 {
                                On((group * 10 + member + edge) % 10, to: target(group * 10 + member, edge))
                            }
                        }
                    }
                    for edge in 0..<5 {
                        On((group + edge) % 10, to: target(group * 10, edge))
                    }
                }
            }
        }
    }

    /// The best of several runs of `work`, in milliseconds.
    ///
    /// - Parameters:
    ///   - repetitions: How many runs.
    ///   - work: What to time; its result is kept so that it is not optimized away.
    /// - Returns: The fastest run's time in milliseconds.
    public static func time<Result>(repetitions: Int = 5, _ work: () -> Result) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<repetitions {
            var result: Result?
            let elapsed = clock.measure { result = work() }
            sink(result)
            best = min(best, elapsed.milliseconds)
        }
        return best
    }

    /// One size's times.
    public struct Row: Sendable {
        /// States in the chart.
        public let states: Int
        /// Transitions in the chart.
        public let transitions: Int
        /// Building the chart (`Statechart.init`), for scale.
        public let buildMilliseconds: Double
        /// `chart.structure`.
        public let structureMilliseconds: Double
        /// `structure.dot()`.
        public let dotMilliseconds: Double
        /// `structure.lint()`, for scale.
        public let lintMilliseconds: Double
    }

    /// Times every size.
    ///
    /// - Parameter sizes: The numbers of states.
    /// - Returns: One row per size.
    public static func run(sizes: [Int] = [100, 1_000, 10_000]) throws -> [Row] {
        try sizes.map { size in
            // Building a large chart takes long (the engine's tables), so it is built and timed once.
            let clock = ContinuousClock()
            var made: Statechart<Node, Tick, Void>?
            let elapsed = try clock.measure { made = try Self.chart(states: size) }
            let chart = made!
            let build = elapsed.milliseconds
            let structure = chart.structure
            return Row(
                states: structure.states.count,
                transitions: structure.transitions.count,
                buildMilliseconds: build,
                structureMilliseconds: time { chart.structure.states.count },
                dotMilliseconds: time { structure.dot().utf8.count },
                lintMilliseconds: time(repetitions: size > 1_000 ? 1 : 3) { structure.lint().count }
            )
        }
    }
}

/// Keeps `value` alive and observable, so that the work that made it is not optimized away.
@inline(never)
func sink<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
