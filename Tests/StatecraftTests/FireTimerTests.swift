import Statecraft
import Testing

/// `Machine.fireTimer(at:)` and `pendingTimers`: a timer fired ahead of its deadline, as
/// `TimerOrder.any` explores.
@Suite("Firing a pending timer early")
struct FireTimerTests {
    private func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Atomic(.a) {
                On(.go) { _, _, effects in
                    effects.send(.data(1), after: .seconds(1))
                    effects.send(.data(2), after: .seconds(3), id: "two")
                }
                On(.data) { log, event in log.lines.append("\(event)") }
                On(.ping, to: .b)
            }
            Atomic(.b) {
                After(.seconds(2), to: .c) { log, _, _ in log.lines.append("after 2s") }
                On(.data) { log, event in log.lines.append("\(event) in b") }
            }
            Atomic(.c)
        }
    }

    @Test func pendingTimersListWhatFiresSoonestFirst() throws {
        var machine = try chart().makeMachine(context: Log())
        #expect(machine.pendingTimers.isEmpty)
        machine.send(.go)
        machine.send(.ping)
        #expect(machine.pendingTimers.map(\.description) == [
            "data(1) at 1.0 seconds", "after #0 of b at 2.0 seconds", "data(2) (id two) at 3.0 seconds",
        ])
        #expect(machine.pendingTimers.map(\.description) == machine.snapshot.timers.map(\.description))
    }

    @Test func theLatestTimerFiresFirstAndTheClockStays() throws {
        var machine = try chart().makeMachine(context: Log())
        machine.send(.go)
        let firedLater = machine.fireTimer(at: 1)
        #expect(firedLater)
        #expect(machine.context.lines == ["data(2)"])
        #expect(machine.now == .zero)
        // The other timer keeps its deadline and fires when it is due.
        #expect(machine.pendingTimers.map(\.description) == ["data(1) at 1.0 seconds"])
        #expect(machine.advance(by: .seconds(1)) == 1)
        #expect(machine.context.lines == ["data(2)", "data(1)"])
    }

    @Test func aDelayedTransitionFiredEarlyIsTakenAndItsSourceExits() throws {
        var machine = try chart().makeMachine(context: Log())
        machine.send(.go)
        machine.send(.ping)
        let position = try #require(machine.pendingTimers.firstIndex { "\($0.kind)" == "after #0 of b" })
        let firedTimeOut = machine.fireTimer(at: position)
        #expect(firedTimeOut)
        #expect(machine.activeStates == [.c])
        #expect(machine.context.lines == ["after 2s"])
        // The sends outlive b and still wait.
        #expect(machine.pendingTimers.map { "\($0.kind)" } == ["data(1)", "data(2) (id two)"])
    }

    @Test func aPositionThatNamesNoTimerChangesNothing() throws {
        var machine = try chart().makeMachine(context: Log())
        let firedNothing = machine.fireTimer(at: 0)
        #expect(!firedNothing)
        machine.send(.go)
        let before = machine.snapshot
        let firedPastTheEnd = machine.fireTimer(at: 2)
        #expect(!firedPastTheEnd)
        let firedBeforeTheStart = machine.fireTimer(at: -1)
        #expect(!firedBeforeTheStart)
        #expect(machine.snapshot.timers.map(\.description) == before.timers.map(\.description))
        #expect(machine.context.lines.isEmpty)
    }

    @Test func aFinishedMachineFiresNothing() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .done) { _, _, effects in effects.send(.data(1), after: .seconds(1)) }
            }
            Final(.done)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.status == .done)
        let firedWhenDone = machine.fireTimer(at: 0)
        #expect(!firedWhenDone)
    }

    @Test func aCopyKeepsItsOwnTimers() throws {
        var machine = try chart().makeMachine(context: Log())
        machine.send(.go)
        var copy = machine
        let firedInCopy = copy.fireTimer(at: 0)
        #expect(firedInCopy)
        #expect(copy.pendingTimers.count == 1)
        #expect(machine.pendingTimers.count == 2)
        #expect(machine.context.lines.isEmpty)
    }
}
