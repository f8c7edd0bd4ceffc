import Statecraft

/// `scale`: how a machine's cost grows with its chart. Flat charts of 10 to 10,000 states and
/// 10 to 1,000 event kinds, a deep chart (compound states nested in a chain) and a wide one
/// (a parallel state of many regions); for each, the time to build the chart, the memory it
/// keeps, and the time per event of a machine running it.
///
/// The flat charts: state `s` has `max(5, events / states)` transitions, on the kinds
/// `(s × t + j) mod events`, each to a state drawn from a fixed sequence, so that every kind
/// appears and the table is as full as the chart says. The events replayed are a fixed stream
/// drawn from the same kinds.
public enum ScaleCase {
    /// A generated state.
    public struct Node: Hashable, Sendable {
        /// Its number.
        public let number: Int
    }

    /// A generated event: its kind is a number.
    public struct Tick: MachineEvent {
        /// Which kind.
        public let kind: Int
    }

    /// The generated charts.
    public typealias Chart = Statechart<Node, Tick, Int>

    /// One chart's shape and what it cost.
    public struct Row: Sendable {
        /// `flat`, `deep` or `wide`.
        public let shape: String
        /// The chart's states.
        public let states: Int
        /// The event kinds it names.
        public let events: Int
        /// Its transitions.
        public let transitions: Int
        /// The fastest build of the chart, in milliseconds.
        public let buildMilliseconds: Double
        /// Bytes allocated and not freed while building it: what the chart keeps.
        public var bytes: Int
        /// The bytes of its lookup tables (``Statechart/lookupTableBytes``).
        public let tableBytes: Int
        /// The machine's time per event, in nanoseconds.
        public let nanosecondsPerEvent: Double
    }

    /// A deterministic sequence of numbers (SplitMix64).
    struct Numbers {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            return Int(mixed % UInt64(bound))
        }
    }

    /// A flat chart of `states` states naming `events` kinds.
    ///
    /// - Returns: The chart and its number of transitions.
    public static func flat(states: Int, events: Int) throws -> (Statechart<Node, Tick, Int>, Int) {
        let perState = max(5, (events + states - 1) / states)
        var numbers = Numbers(state: UInt64(states * 1_000_003 + events))
        var targets: [[Int]] = []
        for _ in 0..<states { targets.append((0..<perState).map { _ in numbers.next(below: states) }) }
        let chart = try Statechart<Node, Tick, Int> {
            for state in 0..<states {
                Atomic(Node(number: state)) {
                    for edge in 0..<perState {
                        On((state * perState + edge) % events, to: Node(number: targets[state][edge])) { count, _ in
                            count &+= 1
                        }
                    }
                }
            }
        }
        return (chart, states * perState)
    }

    /// A chain of `depth` compound states, each holding an atomic state and the next compound;
    /// the innermost holds two atomic states. Event `k` moves to the atomic state at depth `k`,
    /// and from there any event goes back to the innermost one, so every step exits and enters
    /// up to `depth` states.
    public static func deep(depth: Int) throws -> (Statechart<Node, Tick, Int>, Int) {
        func level(_ index: Int) -> Compound<Node, Tick, Int> {
            if index == depth - 1 {
                return Compound(Node(number: index * 2)) {
                    Atomic(Node(number: index * 2 + 1)) {
                        for kind in 0..<depth { On(kind, to: Node(number: kind * 2 + 1)) { count, _ in count &+= 1 } }
                    }
                    Atomic(Node(number: depth * 2))
                }
            }
            return Compound(Node(number: index * 2)) {
                level(index + 1)
                Atomic(Node(number: index * 2 + 1)) {
                    for kind in 0..<depth { On(kind, to: Node(number: (depth - 1) * 2 + 1)) { count, _ in count &+= 1 } }
                }
            }
        }
        let chart = try Statechart<Node, Tick, Int> { level(0) }
        return (chart, depth * depth)
    }

    /// A parallel state of `regions` regions of two atomic states each; event 0 moves every
    /// region to its other state.
    public static func wide(regions: Int) throws -> (Statechart<Node, Tick, Int>, Int) {
        let chart = try Statechart<Node, Tick, Int> {
            Parallel(Node(number: 0)) {
                for region in 0..<regions {
                    Compound(Node(number: 1 + region * 3)) {
                        Atomic(Node(number: 2 + region * 3)) {
                            On(0, to: Node(number: 3 + region * 3)) { count, _ in count &+= 1 }
                        }
                        Atomic(Node(number: 3 + region * 3)) {
                            On(0, to: Node(number: 2 + region * 3)) { count, _ in count &+= 1 }
                        }
                    }
                }
            }
        }
        return (chart, regions * 2)
    }

    /// Times a chart: its build (the fastest of `builds`), and events of kinds below `kinds`
    /// sent to a machine of it.
    ///
    /// - Parameters:
    ///   - shape: The row's shape name.
    ///   - states: The chart's states, for the row.
    ///   - kinds: The event kinds to send.
    ///   - events: How many events to time.
    ///   - make: Builds the chart.
    /// - Returns: The row, with `bytes` zero: the caller measures memory.
    public static func row(
        shape: String, states: Int, kinds: Int, events: Int, builds: Int = 3,
        make: () throws -> (Statechart<Node, Tick, Int>, Int)
    ) throws -> Row {
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000_000)
        var made: (Statechart<Node, Tick, Int>, Int)?
        for _ in 0..<builds {
            let start = clock.now
            made = try make()
            best = min(best, clock.now - start)
        }
        guard let (chart, transitions) = made else { preconditionFailure("no build") }
        var numbers = Numbers(state: 42)
        let stream = (0..<4096).map { _ in Tick(kind: numbers.next(below: kinds)) }
        var machine = chart.makeMachine(context: 0)
        for tick in stream { machine.send(tick) }
        let start = clock.now
        for index in 0..<events { machine.send(stream[index & 4095]) }
        let elapsed = clock.now - start
        sink(machine.context)
        return Row(
            shape: shape, states: states, events: kinds, transitions: transitions,
            buildMilliseconds: best.milliseconds, bytes: 0, tableBytes: chart.lookupTableBytes, nanosecondsPerEvent: elapsed.nanoseconds / Double(events)
        )
    }
}

extension Duration {
    /// The duration in nanoseconds.
    public var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// The duration in milliseconds.
    public var milliseconds: Double { nanoseconds / 1_000_000 }
}
