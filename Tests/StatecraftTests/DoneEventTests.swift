import Testing
import Statecraft

@Suite("Done events")
struct DoneEventTests {
    @Test func compoundIsDoneWhenItsFinalChildIsEnteredAndCarriesDoneData() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Atomic(.a1) { On(.next, to: .f) { log, _ in log.count = 7 } }
                Final(.f) {
                    OnEntry { log, _ in log.lines.append("enter f") }
                    DoneData { log in .data(log.count) }
                }
                OnDone(to: .b) { log, data, _ in log.lines.append("done a with \(data.map { "\($0)" } ?? "nothing")") }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.next) == .transitioned(from: .a1, to: .f))
        #expect(machine.activeStates == [.b])
        #expect(machine.context.lines == ["enter f", "done a with data(7)"])
    }

    /// SCXML 5.7: when evaluating `<donedata>` fails, `error.execution` is raised and the done
    /// event is still queued, after it and without data.
    @Test func doneDataThatRaisesQueuesTheDoneEventAfterWhatItRaisedWithoutData() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Atomic(.a1) { On(.next, to: .f) }
                Final(.f) {
                    DoneData { log, effects in
                        log.lines.append("evaluate")
                        effects.raise(.go)
                        return nil
                    }
                }
                On(.go) { log, _ in log.lines.append("go") }
                OnDone(to: .b) { log, data, _ in log.lines.append("done a with \(data.map { "\($0)" } ?? "nothing")") }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.next)
        #expect(machine.activeStates == [.b])
        #expect(machine.context.lines == ["evaluate", "go", "done a with nothing"])
    }

    @Test func parallelIsDoneWhenEveryRegionIsDoneAfterTheRegionsDoneEvents() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1) { On(.next, to: .f1) }
                    Final(.f1)
                    OnDone { log, _, _ in log.lines.append("done r1") }
                }
                Compound(.r2) {
                    Atomic(.y1) { On(.go, to: .f2) }
                    Final(.f2)
                    OnDone { log, _, _ in log.lines.append("done r2") }
                }
                OnDone(to: .done) { log, _, _ in log.lines.append("done p") }
            }
            Final(.done)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.next)
        #expect(machine.context.lines == ["done r1"])
        #expect(machine.status == .running)
        machine.send(.go)
        #expect(machine.context.lines == ["done r1", "done r2", "done p"])
        #expect(machine.status == .done)
        #expect(machine.state == .done)
    }

    @Test func reachingTopLevelFinalFinishesAndRunsExitActions() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Atomic(.a1) { On(.stop, to: .done) }
            }
            Final(.done) {
                OnEntry { log, _ in log.lines.append("enter done") }
                OnExit { log, _ in log.lines.append("exit done") }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.stop)
        #expect(machine.status == .done)
        #expect(machine.context.lines == ["enter done", "exit done"])
        #expect(machine.isActive(.done))
        #expect(machine.send(.go).rejection?.code == .machineDone)
    }
}
