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
                OnEntry { trace in trace.log.append("burnt") }
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
}
