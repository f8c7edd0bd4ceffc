import Testing
import Statecraft

@Suite("Final states")
struct FinalStateTests {
    static func chart() throws -> Statechart<Light, Switch, Trace> {
        try Statechart {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) {
                On(.toggle, to: .off)
                On(.surge, to: .burnt)
            }
            Final(.burnt) {
                OnEntry { trace, _ in trace.log.append("burnt") }
            }
        }
    }

    @Test func enteringTopLevelFinalStateFinishesTheMachine() throws {
        var machine = try Self.chart().makeMachine(context: Trace())
        machine.send(.toggle)
        #expect(machine.send(.surge) == .transitioned(from: .on, to: .burnt))
        #expect(machine.status == .done)
        #expect(machine.context.log == ["burnt"])
    }

    @Test func finishedMachineRejectsEveryEventVisibly() throws {
        var machine = try Self.chart().makeMachine(context: Trace())
        machine.send(.toggle)
        machine.send(.surge)
        let rejection = try #require(machine.send(.toggle).rejection)
        #expect(rejection.code == .machineDone)
        #expect(rejection.state == .burnt)
        #expect(machine.state == .burnt)
        #expect(!machine.canSend(.toggle))
    }

    @Test func machineStartingInFinalStateIsDoneAtOnce() throws {
        let chart = try Statechart<Light, Switch, Void>(initial: .burnt) {
            Atomic(.off)
            Final(.burnt)
        }
        #expect(chart.makeMachine().status == .done)
    }
    /// When the machine finishes, the active states exit with no event, on the leaf path as on
    /// the general one (where recording state changes puts the machine). Found by the Appendix
    /// D oracle (seed 4721): the leaf path passed the event that entered the final state.
    @Test func exitActionsAtTheFinishSeeNoEventOnEveryPath() throws {
        let chart = try Statechart<Light, Switch, Trace> {
            Atomic(.off) { On(.surge, to: .burnt) }
            Final(.burnt) {
                OnExit { trace, event in trace.log.append("exit burnt by \(event.map { "\($0)" } ?? "nothing")") }
            }
        }
        var leaf = chart.makeMachine(context: Trace())
        var general = chart.makeMachine(context: Trace())
        general.recordsStateChanges = true
        leaf.send(.surge)
        general.send(.surge)
        #expect(leaf.context.log == ["exit burnt by nothing"])
        #expect(general.context.log == ["exit burnt by nothing"])
    }
    /// A finished machine runs nothing more: what its exit actions schedule, send or raise when
    /// it finishes is dropped, so it reports no pending timer (SCXML's `exitInterpreter` ends
    /// the session). Found by the Appendix D oracle.
    @Test func exitActionsAtTheFinishLeaveNoPendingTimer() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .done) }
            Final(.done) {
                OnExit { _, _, effects in
                    effects.send(.tick, after: .seconds(1), id: "late")
                    effects.raise(.ping)
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.status == .done)
        #expect(machine.pendingTimerCount == 0)
        #expect(machine.nextDeadline == nil)
        #expect(machine.snapshot.timers.isEmpty)
    }
}
