import Testing
import Statecraft

@Suite("History")
struct HistoryTests {
    /// a(a1, b(b1, b2)) with shallow history h and deep history hd; c outside.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Compound(.a) {
                Atomic(.a1) { On(.next, to: .b) }
                Compound(.b) {
                    Atomic(.b1) { On(.next, to: .b2) }
                    Atomic(.b2)
                }
                History(.h, .shallow)
                History(.hd, .deep, default: .b2) { log, _, _ in log.lines.append("deep default") }
                On(.go, to: .c)
            }
            Atomic(.c) {
                On(.back, to: .h)
                On(.reset, to: .hd)
            }
        }
    }

    @Test func deepHistoryRestoresLeafStateAfterADeepExit() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        machine.send(.next)
        #expect(machine.activeStates == [.a, .b, .b2])
        machine.send(.go)
        #expect(machine.activeStates == [.c])
        machine.send(.reset)
        #expect(machine.activeStates == [.a, .b, .b2])
        #expect(machine.context.lines.isEmpty)
    }

    @Test func aCopiedMachineDoesNotRunAHistoryDefaultActionAgain() throws {
        // Start in c, so the deep history remembers nothing and its default runs once.
        let chart = try Statechart<S, E, Log>(initial: .c) {
            Compound(.a) {
                Atomic(.a1)
                Compound(.b) { Atomic(.b1); Atomic(.b2) }
                History(.hd, .deep, default: .b2) { log, _, _ in log.lines.append("deep default") }
                On(.go, to: .c)
            }
            Atomic(.c) { On(.reset, to: .hd) }
        }
        var original = chart.makeMachine(context: Log())
        original.send(.reset)
        #expect(original.context.lines == ["deep default"])
        // The copy shares the workspace until it changes; then it gets its own, which must
        // carry what the last microstep left, not only the configuration.
        var copy = original
        copy.send(.go)
        copy.send(.reset)
        #expect(copy.activeStates == [.a, .b, .b2])
        #expect(copy.context.lines == ["deep default"])
        original.send(.go)
        original.send(.reset)
        #expect(original.context.lines == ["deep default"])
    }

    @Test func shallowHistoryRestoresTheChildAndItsDefaults() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        machine.send(.next)
        machine.send(.go)
        machine.send(.back)
        #expect(machine.activeStates == [.a, .b, .b1])
    }

    @Test func historyWithNothingRecordedTakesItsDefaultAndRunsItsAction() throws {
        // Start in c, so `a` was never exited and its history states remember nothing.
        let chart = try Statechart<S, E, Log>(initial: .c) {
            Compound(.a) {
                Atomic(.a1)
                Compound(.b) { Atomic(.b1); Atomic(.b2) }
                History(.h, .shallow)
                History(.hd, .deep, default: .b2) { log, _, _ in log.lines.append("deep default") }
            }
            Atomic(.c) {
                On(.back, to: .h)
                On(.reset, to: .hd)
            }
        }
        var deep = chart.makeMachine(context: Log())
        deep.send(.reset)
        #expect(deep.activeStates == [.a, .b, .b2])
        #expect(deep.context.lines == ["deep default"])
        var shallow = chart.makeMachine(context: Log())
        shallow.send(.back)
        #expect(shallow.activeStates == [.a, .a1])
        #expect(shallow.context.lines.isEmpty)
    }

    @Test("An initial transition may take a history state: its default at first, then what it remembers (SCXML 3.6, 3.10)")
    func initialTransitionToAHistoryState() throws {
        // SCXML 3.6 lets the <initial> transition (and the `initial` attribute) name any
        // descendant, history pseudo-states included; 3.10 runs the history default's content
        // after the parent's entry and the initial transition's content (W3C tests 579, 580).
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                OnEntry { log, _ in log.lines.append("enter a") }
                Initial(to: .h) { log, _, _ in log.lines.append("initial") }
                History(.h, .shallow, default: .a2) { log, _, _ in log.lines.append("history default") }
                Atomic(.a1)
                Atomic(.a2) { On(.next, to: .a1) }
                On(.go, to: .c)
            }
            Atomic(.c) { On(.back, to: .a) }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.activeStates == [.a, .a2])
        #expect(machine.context.lines == ["enter a", "initial", "history default"])
        machine.send(.next)
        machine.send(.go)
        machine.send(.back)
        #expect(machine.activeStates == [.a, .a1])
        #expect(machine.context.lines == ["enter a", "initial", "history default", "enter a", "initial"])
    }

    @Test func historyIsRecordedAtEachExitAndReplacedByTheLatest() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        machine.send(.reset)
        #expect(machine.activeStates == [.a, .a1])
        machine.send(.next)
        machine.send(.go)
        machine.send(.reset)
        #expect(machine.activeStates == [.a, .b, .b1])
    }

    @Test func deepHistoryInAParallelStateRestoresEveryRegion() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1) { On(.next, to: .x2) }; Atomic(.x2) }
                Compound(.r2) { Atomic(.y1) { On(.ping, to: .y2) }; Atomic(.y2) }
                History(.hd, .deep)
                On(.go, to: .a)
            }
            Atomic(.a) { On(.back, to: .hd) }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.next)
        machine.send(.ping)
        machine.send(.go)
        #expect(machine.activeStates == [.a])
        machine.send(.back)
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y2])
    }
    /// A machine copy behaves as the machine would: the action of a history default taken just
    /// before the copy does not run again when the copy later enters the parent through the
    /// history's recorded value. Found by the Appendix D oracle; `Workspace.copy()` drops the
    /// record of which history defaults the last step took.
    @Test func aCopyDoesNotRunAnEarlierHistoryDefaultActionAgain() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                On(.go, to: .h)
                History(.h, .shallow) { log, _, _ in log.lines.append("history default") }
                Atomic(.a1) { On(.next, to: .h) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.next)                     // a1 -> h: the default, inside a, which stays
        var copy = machine
        copy.send(.go)                          // a -> h: h now remembers a1
        #expect(copy.context.lines.isEmpty)
        machine.send(.go)
        #expect(machine.context.lines.isEmpty)
    }
}
