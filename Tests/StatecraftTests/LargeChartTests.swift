import Testing
@testable import Statecraft

/// Large charts keep their tables small: a transition table beyond a few thousand cells is
/// displaced (rows overlap where they have no cell), and a chart of more than 256 states enters
/// states from paths rather than masks. These tests check the displaced table against the dense
/// one cell by cell, a large flat chart against a plain model of it, and the Appendix D oracle
/// on random charts built as large charts are.
@Suite("Large charts")
struct LargeChartTests {
    /// A deterministic sequence of numbers (SplitMix64).
    struct Numbers {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    /// Every cell of `table`, as the transitions it lists in order.
    static func cells(_ table: TransitionTable) -> [[Int]] {
        var all: [[Int]] = []
        for state in 0 ..< table.stateCount {
            for event in 0 ..< table.eventCount {
                all.append(table.cell(state: state, event: event).map { table.transition(at: $0) })
            }
        }
        return all
    }

    @Test(arguments: [(1, 1, 0), (3, 4, 5), (40, 30, 60), (200, 120, 500), (500, 9, 2_000), (64, 300, 10)])
    func aDisplacedTableListsWhatTheDenseOneLists(states: Int, events: Int, entryCount: Int) {
        var numbers = Numbers(state: UInt64(states * 31 + events * 7 + entryCount))
        // Several candidates per cell now and then, in an order the table must keep; some rows
        // without any cell.
        let entries = (0 ..< entryCount).map { index in
            (state: numbers.next(below: max(1, states / 2)) * 2 % states, event: numbers.next(below: events), transition: index)
        }
        let dense = TransitionTable(stateCount: states, eventCount: events, entries: entries, layout: .dense)
        let displaced = TransitionTable(stateCount: states, eventCount: events, entries: entries, layout: .displaced)
        #expect(!dense.isDisplaced)
        #expect(displaced.isDisplaced)
        #expect(Self.cells(displaced) == Self.cells(dense))
        // The model: each cell lists its entries in the order given.
        var expected = Array(repeating: [Int](), count: states * events)
        for entry in entries { expected[entry.state * events + entry.event].append(entry.transition) }
        #expect(Self.cells(dense) == expected)
    }

    @Test func twoRowsNeverStartAtTheSameSlot() {
        // Rows without cells, and rows whose cells would fit under another row's: each must
        // start at a slot of its own, or one would read the other's cells as its own.
        let entries = [(state: 0, event: 0, transition: 0), (state: 3, event: 5, transition: 1)]
        let table = TransitionTable(stateCount: 6, eventCount: 8, entries: entries, layout: .displaced)
        let starts = (0 ..< 6).map { table.row(of: $0) }
        #expect(Set(starts).count == 6)
        #expect(Self.cells(table).filter { !$0.isEmpty } == [[0], [1]])
        #expect(table.cell(state: 3, event: 5).map { table.transition(at: $0) } == [1])
        #expect(table.cell(state: 1, event: 0).isEmpty)
    }

    @Test func aLargeSparseTableIsDisplacedAndASmallOneStaysDense() {
        var numbers = Numbers(state: 7)
        let large = (0 ..< 3_000).map { index in
            (state: index % 1_000, event: numbers.next(below: 200), transition: index)
        }
        let table = TransitionTable(stateCount: 1_000, eventCount: 200, entries: large)
        #expect(table.isDisplaced)
        // At most one slot per cell listed plus one row's width and the rows' own starts.
        #expect(table.slotCount <= 3_000 + 1_000 + 200)
        let small = TransitionTable(stateCount: 20, eventCount: 20, entries: [(0, 0, 0), (19, 19, 1)])
        #expect(!small.isDisplaced)
        #expect(small.slotCount == 400)
    }

    // MARK: A large flat chart against a plain model

    struct Node: Hashable, Sendable { let number: Int }
    struct Tick: MachineEvent { let kind: Int }

    /// State `s` moves to `s + 1` on kind `s mod kinds`, to `3s` on kind `7s mod kinds` when
    /// the count is even (a guard: the table's own path), and counts on kind `11s mod kinds`
    /// (no target).
    static func ringChart(states: Int, kinds: Int) throws -> Statechart<Node, Tick, Int> {
        try Statechart<Node, Tick, Int> {
            for state in 0 ..< states {
                Atomic(Node(number: state)) {
                    On(state % kinds, to: Node(number: (state + 1) % states)) { count, _ in count += 1 }
                    if (state * 7) % kinds != state % kinds {
                        On((state * 7) % kinds, to: Node(number: (state * 3) % states), guard: { count, _ in count % 2 == 0 })
                    }
                    if (state * 11) % kinds != state % kinds, (state * 11) % kinds != (state * 7) % kinds {
                        On((state * 11) % kinds) { count, _ in count += 2 }
                    }
                }
            }
        }
    }

    @Test func aLargeFlatChartKeepsASmallTableAndRunsAsItsModel() throws {
        let states = 2_000, kinds = 300
        let chart = try Self.ringChart(states: states, kinds: kinds)
        #expect(chart.isFlat)
        #expect(chart.table.isDisplaced)
        #expect(chart.entryMasks.isEmpty)
        let bytes = chart.table.byteCount + chart.leafMoves.count * MemoryLayout<LeafMove>.stride
            + chart.leafSteps.count * MemoryLayout<LeafStep>.stride
        #expect(bytes < 1_000_000, "the tables take \(bytes) bytes")

        var machine = chart.makeMachine(context: 0)
        var state = 0, count = 0
        var numbers = Numbers(state: 11)
        for _ in 0 ..< 20_000 {
            let kind = numbers.next(below: kinds)
            let result = machine.send(Tick(kind: kind))
            // The model, written from the chart's description.
            if kind == state % kinds {
                #expect(result == .transitioned(from: Node(number: state), to: Node(number: (state + 1) % states)))
                state = (state + 1) % states
                count += 1
            } else if kind == (state * 7) % kinds {
                if count % 2 == 0 {
                    #expect(result == .transitioned(from: Node(number: state), to: Node(number: (state * 3) % states)))
                    state = (state * 3) % states
                } else {
                    #expect(result.rejection?.code == .guardsDeclined)
                }
            } else if kind == (state * 11) % kinds {
                #expect(result == .handled(in: Node(number: state)))
                count += 2
            } else {
                #expect(result.rejection?.code == .noTransition)
            }
            #expect(machine.state == Node(number: state))
        }
        #expect(machine.context == count)
    }

    @Test func aSnapshotOfALargeFlatChartRestoresOnItsRow() throws {
        let chart = try Self.ringChart(states: 2_000, kinds: 300)
        var machine = chart.makeMachine(context: 0)
        for kind in [0, 1, 2, 3] { machine.send(Tick(kind: kind)) }
        var restored = try Machine(chart: chart, snapshot: machine.snapshot)
        #expect(restored.state == Node(number: 4))
        #expect(restored.send(Tick(kind: 4)) == .transitioned(from: Node(number: 4), to: Node(number: 5)))
        #expect(restored.send(Tick(kind: 4)).rejection?.code == .noTransition)
    }

    // MARK: Hierarchical charts of more than 256 states

    @Test func aDeepChartOfManyStatesEntersFromPaths() throws {
        // 150 compound states in a chain, each with an atomic child: 301 states, so no masks.
        let depth = 150
        func level(_ index: Int) -> Compound<Node, Tick, [Int]> {
            if index == depth - 1 {
                return Compound(Node(number: index * 2)) {
                    Atomic(Node(number: index * 2 + 1)) {
                        OnEntry { log, _ in log.append(index * 2 + 1) }
                        On(0, to: Node(number: 1))
                    }
                }
            }
            return Compound(Node(number: index * 2)) {
                OnEntry { log, _ in log.append(index * 2) }
                level(index + 1)
                Atomic(Node(number: index * 2 + 1)) {
                    On(1, to: Node(number: (depth - 1) * 2 + 1))
                }
            }
        }
        let chart = try Statechart<Node, Tick, [Int]> { level(0) }
        #expect(chart.entryMasks.isEmpty)
        var machine = chart.makeMachine(context: [])
        // Started in the innermost atomic state: every compound entered, outermost first.
        let started = (0 ..< depth - 1).map { $0 * 2 } + [(depth - 1) * 2 + 1]
        #expect(machine.context == started)
        // To the first level's atomic state: exits the whole chain below level 0.
        #expect(machine.send(Tick(kind: 0)) == .transitioned(from: Node(number: (depth - 1) * 2 + 1), to: Node(number: 1)))
        #expect(machine.activeStates == [Node(number: 0), Node(number: 1)])
        // Back to the innermost: enters levels 1 ..< depth - 1 and the innermost atomic state.
        #expect(machine.send(Tick(kind: 1)) == .transitioned(from: Node(number: 1), to: Node(number: (depth - 1) * 2 + 1)))
        #expect(machine.context == started + (1 ..< depth - 1).map { $0 * 2 } + [(depth - 1) * 2 + 1])
        #expect(machine.activeStates.count == depth + 1)
    }

    // MARK: The oracle on charts built as large ones are

    @Test func randomChartsBuiltAsLargeAgreeWithTheOracle() {
        let cases = OracleDifferentialTests.environment["STATECRAFT_ORACLE_CASES"].flatMap(Int.init).map { $0 / 4 } ?? 400
        let seeds = (0 ..< cases).map { UInt64(1_000_000 + $0) }
        let tally = ChartCompilationOptions.$buildsAsLarge.withValue(true) {
            OracleDifferentialTests.run(seeds, loops: false)
        }
        guard !tally.disagreed else { return }
        #expect(tally.built * 10 >= seeds.count * 7, "only \(tally.built) of \(seeds.count) random charts were built")
    }
}
