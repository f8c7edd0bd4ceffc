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
        withKnownIssue("Workspace.copy() drops touchedHistoryActions") {
            #expect(copy.context.lines.isEmpty)
        }
        machine.send(.go)
        #expect(machine.context.lines.isEmpty)
    }
}
