import Statecraft
import Testing

/// `Machine.holdsSentEvents`: the events a machine's actions send it, at once or after a delay,
/// wait for its owner (`takeSentEvents()`) instead of being processed inside the call, so that a
/// host running several machines gives each event its own turn.
@Suite("Events a machine sends itself, held for its owner")
struct HeldEventsTests {
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Atomic(.a) {
                On(.go, to: .b) { _, _, effects in
                    effects.send(.next)
                    effects.send(.tick, after: .seconds(1))
                    effects.raise(.inner)
                }
            }
            Atomic(.b) {
                On(.inner) { log, _ in log.lines.append("inner") }
                On(.next, to: .c)
            }
            Atomic(.c) {
                On(.tick, to: .done)
            }
            Final(.done)
        }
    }

    @Test func sentEventsWaitForTheOwnerAndRaisedOnesDoNot() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.holdsSentEvents = true
        machine.send(.go)
        // The raised event was processed in the macrostep; the sent one waits.
        #expect(machine.activeStates == [.b] && machine.context.lines == ["inner"])
        #expect(machine.takeSentEvents() == [.next])
        #expect(machine.takeSentEvents().isEmpty)
        machine.send(.next)
        #expect(machine.activeStates == [.c])
        // A delayed send's timer fires into the waiting events, not into a macrostep.
        #expect(machine.advance(by: .seconds(1)) == 1)
        #expect(machine.activeStates == [.c])
        #expect(machine.takeSentEvents() == [.tick])
        machine.send(.tick)
        #expect(machine.status == .done)
    }

    @Test func withoutItTheMachineProcessesThemAndTurningItOffDropsNothing() throws {
        var plain = try Self.chart().makeMachine(context: Log())
        plain.send(.go)
        #expect(plain.activeStates == [.c] && plain.takeSentEvents().isEmpty)
        var held = try Self.chart().makeMachine(context: Log())
        held.holdsSentEvents = true
        held.send(.go)
        held.holdsSentEvents = false
        // `.next` still waited: it is processed after the next event sent.
        held.send(.reset)
        #expect(held.activeStates == [.c])
    }

    @Test func aMachineMadeHoldingThemHoldsWhatItsInitialEntriesSend() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                OnEntry { _, _, effects in effects.send(.go) }
                On(.go, to: .b)
            }
            Atomic(.b)
        }
        var held = Machine(chart: chart, context: Log(), holdingSentEvents: true)
        #expect(held.activeStates == [.a] && held.holdsSentEvents)
        #expect(held.takeSentEvents() == [.go])
        // Made the usual way, the machine takes it before it is handed over.
        #expect(chart.makeMachine(context: Log()).activeStates == [.b])
    }
}
