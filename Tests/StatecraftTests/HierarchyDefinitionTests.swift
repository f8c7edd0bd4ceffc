import Testing
import Statecraft

@Suite("Statechart definition checks")
struct HierarchyDefinitionTests {
    func error(
        initial: S? = nil,
        @ChartBuilder<S, E, Log> _ content: () -> [ChartElement<S, E, Log>]
    ) -> DefinitionError? {
        do {
            _ = try Statechart(initial: initial, content)
            Issue.record("the definition was accepted")
            return nil
        } catch {
            return error
        }
    }

    @Test func compoundWithoutChildrenIsRefused() throws {
        let built = error {
            Compound(.a) { On(.go, to: .a) }
        }
        let error = try #require(built)
        #expect(error.code == .compoundWithoutChildren)
        #expect(error.message.contains("compound state 'a' has no child state"))
    }

    @Test func parallelWithoutRegionsIsRefused() throws {
        let line = #line + 2
        let built = error {
            Parallel(.p) { OnEntry { _, _ in } }
        }
        let error = try #require(built)
        #expect(error.code == .parallelWithoutRegions)
        #expect(error.location == SourceLocation(file: #fileID, line: line))
    }

    @Test func initialStateOutsideTheCompoundIsRefused() throws {
        let built = error {
            Compound(.a, initial: .b) { Atomic(.a1) }
            Atomic(.b)
        }
        let error = try #require(built)
        #expect(error.code == .invalidInitial)
        #expect(error.message.contains("the initial state of 'a' must be one of its descendants"))
    }

    @Test func unknownInitialOfACompoundIsRefused() throws {
        let built = error {
            Compound(.a, initial: .c) { Atomic(.a1) }
        }
        #expect(try #require(built).code == .unknownInitialState)
    }

    @Test func twoInitialsAreRefused() throws {
        let built = error {
            Compound(.a, initial: .a1) {
                Initial(to: .a2)
                Atomic(.a1)
                Atomic(.a2)
            }
        }
        let error = try #require(built)
        #expect(error.code == .misplacedElement)
        #expect(error.message.contains("more than once"))
    }

    @Test func initialInAParallelStateIsRefused() throws {
        let built = error {
            Parallel(.p) {
                Initial(to: .x1)
                Compound(.r1) { Atomic(.x1) }
            }
        }
        #expect(try #require(built).code == .misplacedElement)
    }

    /// SCXML 3.10.2: a history's default consists of descendants of its parent, for a shallow
    /// history as for a deep one; only a state outside the parent is refused.
    @Test func shallowHistoryDefaultMayBeADescendant() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Compound(.b) { Atomic(.b1) }
                History(.h, .shallow, default: .b1)
            }
        }
        #expect(chart.states.contains(.h))
        let built = error {
            Compound(.a) {
                Compound(.b) { Atomic(.b1) }
                History(.h, .shallow, default: .a2)
            }
            Atomic(.a2)
        }
        let error = try #require(built)
        #expect(error.code == .invalidInitial)
        #expect(error.message.contains("the default of shallow history 'h' must be a state inside 'a'; 'a2' is not"))
    }

    @Test func deepHistoryDefaultMayBeADescendant() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Compound(.b) { Atomic(.b1) }
                History(.hd, .deep, default: .b1)
            }
        }
        #expect(chart.states.contains(.hd))
    }

    @Test func targetsThatCannotBeActiveTogetherAreRefused() throws {
        let built = error {
            Compound(.a) {
                Atomic(.a1) { On(.go, targets: [.a2, .a3]) }
                Atomic(.a2)
                Atomic(.a3)
            }
        }
        let error = try #require(built)
        #expect(error.code == .conflictingTargets)
        #expect(error.message.contains("only one child of 'a' is active at a time"))
    }

    @Test func doneDataOutsideAFinalStateIsRefused() throws {
        let built = error {
            Atomic(.a) { DoneData { _ in nil } }
        }
        #expect(try #require(built).code == .misplacedElement)
    }

    @Test func transitionOutOfANestedFinalStateIsRefused() throws {
        let built = error {
            Compound(.a) {
                Atomic(.a1)
                Final(.f) { On(.go, to: .a1) }
            }
        }
        let error = try #require(built)
        #expect(error.code == .transitionFromFinalState)
        #expect(error.message.contains("move the transition to its parent"))
    }

    @Test func duplicateIdentityAcrossLevelsIsRefused() throws {
        let built = error {
            Compound(.a) { Atomic(.b) }
            Atomic(.b)
        }
        #expect(try #require(built).code == .duplicateState)
    }

    @Test func statesReachableOnlyThroughHierarchyAreNotWarnedAbout() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .p) }
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1); Atomic(.x2) }
                Compound(.r2) { Atomic(.y1) }
                History(.h, .shallow)
            }
            Atomic(.c)
        }
        let unreachable = chart.warnings.filter { $0.code == .unreachableState }.map(\.message)
        #expect(unreachable == [
            "state 'x2' cannot be reached from the initial state 'a'",
            "state 'c' cannot be reached from the initial state 'a'",
        ])
    }
}

@Suite("Flat and general paths agree")
struct PathEquivalenceTests {
    /// The same light written twice; the second has an eventless transition whose guard is
    /// always false, which sends it down the general SCXML path.
    static func charts() throws -> [Statechart<Light, Switch, Trace>] {
        try [false, true].map { general in
            try Statechart<Light, Switch, Trace> {
                Atomic(.off) {
                    OnEntry { trace, _ in trace.log.append("enter off") }
                    OnExit { trace, _ in trace.log.append("exit off") }
                    On(.toggle, to: .on) { trace, _ in trace.log.append("off->on") }
                    if general { Always(to: .dim, guard: { _, _ in false }) }
                }
                Atomic(.on) {
                    OnEntry { trace, _ in trace.log.append("enter on") }
                    OnExit { trace, _ in trace.log.append("exit on") }
                    On(.toggle, to: .off)
                    On(.dimmer, to: .dim, guard: { trace, _ in trace.allowDim })
                    On(.dimmer) { trace, _ in trace.log.append("refused") }
                    On(.surge, to: .on)
                    On(.unused, to: .burnt, guard: { _, _ in throw GuardBroke() })
                }
                Atomic(.dim) { On(.toggle, to: .burnt) }
                Final(.burnt) { OnExit { trace, _ in trace.log.append("exit burnt") } }
            }
        }
    }

    @Test(arguments: [
        [Switch.toggle, .dimmer, .toggle, .toggle, .surge, .unused, .dimmer, .toggle, .toggle],
        [.dimmer, .surge, .toggle, .toggle, .toggle, .dimmer, .dimmer, .toggle, .toggle, .toggle],
    ])
    func sameEventsGiveSameResultsContextAndStates(events: [Switch]) throws {
        var runs: [([String], [Light], Trace, MachineStatus)] = []
        for chart in try Self.charts() {
            var machine = chart.makeMachine(context: Trace())
            var results: [String] = []
            for event in events { results.append("\(machine.send(event))") }
            runs.append((results, machine.activeStates, machine.context, machine.status))
        }
        #expect(runs[0].0 == runs[1].0)
        #expect(runs[0].1 == runs[1].1)
        #expect(runs[0].2 == runs[1].2)
        #expect(runs[0].3 == runs[1].3)
    }
}

@Suite("Leaf path and general path agree on hierarchies")
struct HierarchyPathEquivalenceTests {
    /// A three-level chart; with `general`, an eventless transition that never fires sends it
    /// down the general SCXML path instead of the leaf path.
    static func chart(general: Bool) throws -> Statechart<S, E, Log> {
        try Statechart {
            Compound(.top) {
                OnEntry { log, _ in log.lines.append("enter top") }
                OnExit { log, _ in log.lines.append("exit top") }
                Compound(.a) {
                    OnEntry { log, _ in log.lines.append("enter a") }
                    OnExit { log, _ in log.lines.append("exit a") }
                    Initial(to: .a2) { log, _, _ in log.lines.append("initial a") }
                    Atomic(.a1) {
                        OnEntry { log, _ in log.lines.append("enter a1") }
                        OnExit { log, _ in log.lines.append("exit a1") }
                        On(.next, to: .b1) { log, _ in log.lines.append("a1->b1") }
                    }
                    Atomic(.a2) {
                        OnEntry { log, _ in log.lines.append("enter a2") }
                        OnExit { log, _ in log.lines.append("exit a2") }
                        On(.next, to: .a1)
                        if general { Always(to: .a1, guard: { _, _ in false }) }
                    }
                    On(.inner, to: .a1, type: .internal)
                    On(.reset, to: .a)
                }
                Compound(.b) {
                    OnEntry { log, _ in log.lines.append("enter b") }
                    OnExit { log, _ in log.lines.append("exit b") }
                    Atomic(.b1) {
                        On(.back, to: .top)
                        On(.stop, to: .done)
                        On(.ping) { log, _ in log.count += 1 }
                    }
                }
                On(.go, to: .b1) { log, _ in log.lines.append("top go") }
            }
            Final(.done) { OnEntry { log, _ in log.lines.append("enter done") }; OnExit { log, _ in log.lines.append("exit done") } }
        }
    }

    @Test(arguments: [
        ([E.next, .next, .ping, .back, .inner, .reset, .go, .back, .stop, .go], "running 1"),
        ([.go, .go, .back, .next, .inner, .inner, .reset, .next, .next, .ping, .stop], "done 1"),
    ])
    func sameEventsGiveSameEffectsOnBothPaths(events: [E], ending: String) throws {
        var outcomes: [[String]] = []
        for general in [false, true] {
            var machine = try Self.chart(general: general).makeMachine(context: Log())
            var lines = machine.context.lines
            for event in events {
                lines.append("\(machine.send(event)) -> \(machine.activeStates)")
            }
            lines.append(contentsOf: machine.context.lines)
            lines.append("\(machine.status) \(machine.context.count)")
            outcomes.append(lines)
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(outcomes[0].last == ending)
    }

    @Test func leafPathStartsThroughInitialTransitions() throws {
        let machine = try Self.chart(general: false).makeMachine(context: Log())
        #expect(machine.activeStates == [.top, .a, .a2])
        #expect(machine.context.lines == ["enter top", "enter a", "initial a", "enter a2"])
        #expect(machine.isActive(.top) && machine.isActive(.a) && !machine.isActive(.b))
    }
}
