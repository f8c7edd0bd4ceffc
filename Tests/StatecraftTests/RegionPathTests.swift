import Testing
import Synchronization
@testable import Statecraft

/// Random charts with compound and parallel states, history, final states and eventless
/// transitions, run three times: as built, where events of yours take microstep plans and
/// region steps when they can; built without plans, so that they take region steps; and built
/// without either, so that every event takes the general SCXML path. All must agree on
/// everything observable.
@Suite("Plans and region steps agree with the general path")
struct RegionPathTests {
    enum Input: MachineEvent, CaseIterable { case a, b, c, d }

    struct Trace: Sendable, Equatable {
        var lines: [String] = []
    }

    indirect enum Kind { case atomic, compound, parallel, final, history(HistoryKind) }

    struct TransitionSpec {
        var event: Input?
        var target: Int?
        var type: TransitionType
        var guarded: Bool
        var action: Bool
        /// Whether the action raises or sends an event.
        var effects: Bool
    }

    final class Node {
        let id: Int
        let kind: Kind
        var children: [Node] = []
        var transitions: [TransitionSpec] = []
        var actions = false
        init(id: Int, kind: Kind) {
            self.id = id
            self.kind = kind
        }
    }

    /// A random tree of states, its ids in document order.
    static func tree(_ random: inout SplitMix64) -> (Node, [Node]) {
        var all: [Node] = []
        func make(_ kind: Kind, depth: Int) -> Node {
            let node = Node(id: all.count + 1, kind: kind)
            all.append(node)
            node.actions = random.chance(70)
            switch kind {
            case .compound, .parallel:
                let count = 2 + random.below(2)
                for index in 0 ..< count {
                    // Regions of parallel states are mostly compound, so that each can move.
                    var childKind = Kind.atomic
                    if depth < 3 {
                        let roll = random.below(100)
                        if case .parallel = kind {
                            childKind = roll < 70 ? .compound : roll < 80 ? .parallel : .atomic
                        } else {
                            childKind = roll < 20 ? .compound : roll < 35 ? .parallel : .atomic
                        }
                    }
                    if case .compound = kind, index > 0, random.chance(15) { childKind = .final }
                    node.children.append(make(childKind, depth: depth + 1))
                }
                if case .compound = kind, random.chance(25) {
                    node.children.append(make(.history(random.chance(50) ? .deep : .shallow), depth: depth + 1))
                }
            default:
                break
            }
            return node
        }
        let root = make(random.chance(50) ? .parallel : .compound, depth: 0)
        // Transitions, now that every target exists; half of them to a sibling, so that the
        // regions of a parallel state often move on the same event, each within itself.
        var parents: [Int: Node] = [:]
        for node in all { for child in node.children { parents[child.id] = node } }
        for node in all {
            switch node.kind {
            case .final, .history: continue
            default: break
            }
            let count: Int
            if case .atomic = node.kind { count = 1 + random.below(3) } else { count = random.below(2) }
            for _ in 0 ..< count {
                let eventless = random.chance(8)
                let siblings = parents[node.id]?.children ?? []
                let target = random.chance(15) ? nil
                    : random.chance(50) && !siblings.isEmpty ? siblings[random.below(siblings.count)].id
                    : all[random.below(all.count)].id
                // Mostly `a` and `b`, so that several regions react to one event.
                let event = random.chance(70) ? Input.allCases[random.below(2)] : Input.allCases[random.below(Input.allCases.count)]
                node.transitions.append(TransitionSpec(
                    event: eventless ? nil : event,
                    target: target,
                    type: random.chance(20) ? .internal : .external,
                    guarded: eventless || random.chance(30),
                    action: random.chance(50),
                    effects: random.chance(30)
                ))
            }
        }
        return (root, all)
    }

    typealias Element = StateElement<Int, Input, Trace>

    static func on(_ spec: TransitionSpec, from node: Int) -> [Element] {
        let name = "t\(node)->\(spec.target.map(String.init) ?? "-")"
        // Guards read the trace, so both machines decide alike; eventless ones pass rarely, and
        // not once the trace is long, so that eventless loops end before the microstep limit.
        let modulus = spec.event == nil ? 5 : 3
        let condition: ChartClosures<Trace, Input>.Guard<Input?>? = spec.guarded
            ? { @Sendable trace, _ in trace.lines.count % modulus == 1 && (modulus == 3 || trace.lines.count < 400) } : nil
        guard let event = spec.event else {
            let always = spec.action
                ? Always<Int, Input, Trace>(to: spec.target, guard: condition) { trace, _, _ in trace.lines.append(name) }
                : Always<Int, Input, Trace>(to: spec.target, guard: condition)
            return StateBuilder.buildExpression(always)
        }
        let check: ChartClosures<Trace, Input>.Guard<Input>? = spec.guarded
            ? { @Sendable trace, _ in trace.lines.count % modulus == 1 } : nil
        let transition: On<Int, Input, Trace>
        if spec.action && spec.effects {
            // Raised events run in the same macrostep, sent ones after it; both stop once the
            // trace is long, so that they cannot loop to the limit.
            transition = On(event, to: spec.target, type: spec.type, guard: check) { trace, event, effects in
                trace.lines.append("\(name) on \(event) with effects")
                guard trace.lines.count < 300 else { return }
                if trace.lines.count % 2 == 0 { effects.raise(.c) } else { effects.send(.d) }
            }
        } else if spec.action {
            transition = On(event, to: spec.target, type: spec.type, guard: check) { trace, event in trace.lines.append("\(name) on \(event)") }
        } else {
            transition = On(event, to: spec.target, type: spec.type, guard: check)
        }
        return StateBuilder.buildExpression(transition)
    }

    static func body(of node: Node) -> [Element] {
        var elements: [Element] = []
        if node.actions {
            let id = node.id
            elements += StateBuilder.buildExpression(OnEntry<Int, Input, Trace> { trace, event in
                trace.lines.append("enter \(id) by \(event.map { "\($0)" } ?? "-")")
            })
            elements += StateBuilder.buildExpression(OnExit<Int, Input, Trace> { trace, _ in trace.lines.append("exit \(id)") })
        }
        for spec in node.transitions { elements += on(spec, from: node.id) }
        for child in node.children { elements += element(child) }
        return elements
    }

    /// An atomic or final state with a body the `StateBuilder` cannot splice.
    static func leaf(_ declaration: StateDeclaration<Int, Input, Trace>, _ node: Node) -> [Element] {
        var declaration = declaration
        declaration.elements = body(of: node)
        return [Element(storage: .child(declaration))]
    }

    static func element(_ node: Node) -> [Element] {
        switch node.kind {
        case .atomic: leaf(Atomic<Int, Input, Trace>(node.id) {}.declaration, node)
        case .final: leaf(Final<Int, Input, Trace>(node.id) {}.declaration, node)
        case .compound: CompoundBuilder.buildExpression(Compound(node.id) { body(of: node) })
        case .parallel: CompoundBuilder.buildExpression(Parallel(node.id) { body(of: node) })
        case .history(let kind): CompoundBuilder.buildExpression(History<Int, Input, Trace>(node.id, kind))
        }
    }

    static func chart(_ root: Node) throws -> Statechart<Int, Input, Trace> {
        try Statechart {
            if case .parallel = root.kind {
                Parallel(root.id) { body(of: root) }
            } else {
                Compound(root.id) { body(of: root) }
            }
        }
    }

    /// What a run shows, event by event.
    static func run(_ chart: Statechart<Int, Input, Trace>, _ events: [Input]) -> [String] {
        let seen = Mutex<[String]>([])
        var machine = chart.makeMachine(context: Trace())
        machine.onTransition = { step in
            seen.withLock { $0.append("listener \(step.source) \(step.target.map(String.init) ?? "-") \(step.event.map { "\($0)" } ?? "-")") }
        }
        var lines = ["start \(machine.activeStates)"] + machine.context.lines
        for event in events {
            let before = machine.context.lines.count
            lines.append("\(event): \(machine.send(event)) -> \(machine.activeStates) \(machine.status)")
            lines.append(contentsOf: machine.context.lines.dropFirst(before))
            lines.append(contentsOf: seen.withLock { log in defer { log.removeAll() }; return log })
            if let fault = machine.lastFault { lines.append("fault \(fault.code)") }
        }
        return lines
    }

    @Test(arguments: 0 ..< 16)
    func randomChartsAgree(batch: Int) throws {
        var regionStepsTaken = 0
        var plansMade = 0
        for seed in UInt64(batch * 12) ..< UInt64(batch * 12 + 12) {
            var random = SplitMix64(state: seed)   // the oracle's generator: a seed reproduces a case
            let (root, _) = Self.tree(&random)
            let events = (0 ..< 25).map { _ in
                random.chance(70) ? Input.allCases[random.below(2)] : Input.allCases[random.below(Input.allCases.count)]
            }
            let fast: Statechart<Int, Input, Trace>
            do {
                fast = try Self.chart(root)
            } catch {
                continue   // a random tree the DSL refuses (an invalid target, say)
            }
            let general = try ChartCompilationOptions.$skipsRegionSteps.withValue(true) { try Self.chart(root) }
            let regions = try ChartCompilationOptions.$skipsPlans.withValue(true) { try Self.chart(root) }
            #expect(fast.runsRegionSteps || fast.isFlat || fast.table.candidates.isEmpty)
            #expect(!general.runsRegionSteps && regions.plans.isEmpty)
            if fast.runsRegionSteps { regionStepsTaken += fast.regionSteps.filter { $0.flags & RegionStep.simple != 0 }.count }
            plansMade += fast.plans.count
            let expected = Self.run(general, events)
            let throughRegions = Self.run(regions, events)
            let throughPlans = Self.run(fast, events)
            #expect(throughRegions == expected, "seed \(seed), region steps")
            #expect(throughPlans == expected, "seed \(seed), plans")
            if throughRegions != expected || throughPlans != expected { return }
        }
        // The batch must exercise the region steps and the plans, or it checks nothing.
        #expect(regionStepsTaken > 0)
        #expect(plansMade > 0)
    }

    /// The benchmark's shape, by hand: two regions that each move on one event, running exit
    /// and entry actions in SCXML order.
    @Test func twoRegionsRunExitsInReverseAndEntriesInDocumentOrder() throws {
        let chart = try Statechart<String, Input, Trace> {
            Parallel("both") {
                Compound("A") {
                    Atomic("a0") { OnEntry { log, _ in log.lines.append("enter a0") }; OnExit { log, _ in log.lines.append("exit a0") }; On(.a, to: "a1") }
                    Atomic("a1") { OnEntry { log, _ in log.lines.append("enter a1") }; OnExit { log, _ in log.lines.append("exit a1") }; On(.a, to: "a0") }
                }
                Compound("B") {
                    Atomic("b0") { OnEntry { log, _ in log.lines.append("enter b0") }; OnExit { log, _ in log.lines.append("exit b0") }; On(.a, to: "b1") }
                    Atomic("b1") { OnEntry { log, _ in log.lines.append("enter b1") }; OnExit { log, _ in log.lines.append("exit b1") }; On(.a, to: "b0") }
                }
            }
        }
        #expect(chart.regionSteps.allSatisfy { $0.flags & RegionStep.simple != 0 })
        #expect(chart.plans.count == 2)
        var machine = chart.makeMachine(context: Trace())
        #expect(machine.send(.a) == .transitioned(from: "a0", to: "a1"))
        #expect(machine.send(.a) == .transitioned(from: "a1", to: "a0"))
        #expect(machine.context.lines == [
            "enter a0", "enter b0",
            "exit b0", "exit a0", "enter a1", "enter b1",
            "exit b1", "exit a1", "enter a0", "enter b0",
        ])
        #expect(machine.activeStates == ["both", "A", "a0", "B", "b0"])
    }

    /// The configuration lives in memory the workspace owns: a copy of a machine must keep its
    /// own, whichever path the next event takes.
    @Test func copiesKeepTheirOwnConfiguration() throws {
        let chart = try Statechart<String, Input, Trace> {
            Parallel("both") {
                Compound("A") {
                    Atomic("a0") { On(.a, to: "a1") }
                    Atomic("a1") { On(.a, to: "a0"); On(.b, to: "a0") }
                }
                Compound("B") {
                    Atomic("b0") { On(.a, to: "b1") }
                    Atomic("b1") { On(.a, to: "b0"); On(.c, to: "b0", guard: { _, _ in true }) }
                }
            }
        }
        var original = chart.makeMachine(context: Trace())
        original.send(.a)
        let copy = original
        original.send(.a)                                  // a plan
        #expect(copy.activeStates == ["both", "A", "a1", "B", "b1"])
        #expect(original.activeStates == ["both", "A", "a0", "B", "b0"])
        var second = copy
        second.send(.c)                                    // a guard: region steps
        #expect(second.activeStates == ["both", "A", "a1", "B", "b0"])
        #expect(copy.activeStates == ["both", "A", "a1", "B", "b1"])
        #expect(copy.isActive("b1") && !copy.isActive("b0"))
    }
}
