import Testing
import Statecraft

@Suite("Delayed transitions and sends")
struct DelayTests {
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Atomic(.a) {
                On(.go, to: .b)
                On(.ping) { _, _, effects in effects.send(.tick, after: .seconds(5), id: "tick") }
                On(.stop) { _, _, effects in effects.cancel("tick") }
                On(.tick) { log, _ in log.lines.append("tick at a") }
            }
            Atomic(.b) {
                After(.seconds(2), to: .c) { log, _, _ in log.lines.append("after 2s") }
                On(.back, to: .a)
            }
            Atomic(.c)
        }
    }

    @Test func delayedTransitionFiresWhenItsTimeHasPassed() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.nextDeadline == .seconds(2))
        #expect(machine.advance(by: .milliseconds(1_999)) == 0)
        #expect(machine.isActive(.b))
        #expect(machine.advance(by: .milliseconds(1)) == 1)
        #expect(machine.isActive(.c))
        #expect(machine.context.lines == ["after 2s"])
        #expect(machine.now == .seconds(2))
        #expect(machine.pendingTimerCount == 0)
    }

    @Test func throwingGuardOfADelayedTransitionIsReportedNotACrash() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                After(.seconds(1), to: .b, guard: { _, _ in throw GuardBroke() })
                After(.seconds(1), to: .c)
            }
            Atomic(.b)
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.advance(by: .seconds(1)) == 2)
        // The first timer's guard threw: not taken, reported; the second moved the machine.
        #expect(machine.isActive(.c))
        let fault = try #require(machine.lastFault)
        #expect(fault.code == .guardFailed)
        #expect(fault.message.contains("the sensor is unplugged"))
    }

    @Test func throwingGuardOfADelayedTransitionRaisesTheErrorEventWithOptions() throws {
        enum Named: MachineEvent { case error }
        let chart = try Statechart<S, Named, Int>(options: StatechartOptions(guardErrorEvent: { _ in .error })) {
            Atomic(.a) {
                After(.seconds(1), to: .b, guard: { _, _ in throw GuardBroke() })
                On(.error, to: .c)
            }
            Atomic(.b)
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: 0)
        machine.advance(by: .seconds(1))
        #expect(machine.isActive(.c))
        #expect(machine.lastFault == nil)
    }

    @Test func timersThatRescheduleThemselvesWithNoDelayAreCutNotAHang() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.tick) { log, _, effects in
                    log.count += 1
                    effects.send(.tick, after: .zero)
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.tick)
        #expect(machine.pendingTimerCount == 1)
        machine.advance(by: .seconds(1))
        let fault = try #require(machine.lastFault)
        #expect(fault.code == .timerLimit)
        #expect(machine.pendingTimerCount == 0)
        #expect(machine.context.count == 1 + Machine<S, E, Log>.microstepLimit)
        #expect(machine.now == .seconds(1))
    }

    @Test func leavingTheStateCancelsItsDelayedTransition() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        machine.advance(by: .seconds(1))
        machine.send(.back)
        #expect(machine.pendingTimerCount == 0)
        machine.advance(by: .seconds(5))
        #expect(machine.isActive(.a))
        #expect(machine.context.lines.isEmpty)
    }

    @Test func reenteringRestartsTheTimerFromTheNewEntry() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        machine.advance(by: .seconds(1))
        machine.send(.back)
        machine.send(.go)
        machine.advance(by: .milliseconds(1_500))
        #expect(machine.isActive(.b))
        machine.advance(by: .milliseconds(500))
        #expect(machine.isActive(.c))
    }

    @Test func delayedSendIsDeliveredAndCanBeCancelledById() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.ping)
        machine.advance(by: .seconds(5))
        #expect(machine.context.lines == ["tick at a"])
        machine.send(.ping)
        machine.advance(by: .seconds(1))
        machine.send(.stop)
        #expect(machine.pendingTimerCount == 0)
        machine.advance(by: .seconds(10))
        #expect(machine.context.lines == ["tick at a"])
    }

    @Test func timersDueTogetherFireInTheOrderScheduled() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go) { _, _, effects in
                    effects.send(.data(2), after: .seconds(1))
                    effects.send(.data(1), after: .milliseconds(500))
                    effects.send(.data(3), after: .seconds(1))
                }
                On(.data) { log, event in log.lines.append("\(event)") }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.advance(by: .seconds(3)) == 3)
        #expect(machine.context.lines == ["data(1)", "data(2)", "data(3)"])
        #expect(machine.now == .seconds(3))
    }

    @Test func copiesOfAMachineKeepSeparateClocksAndTimers() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        var copy = machine
        copy.advance(by: .seconds(2))
        #expect(copy.isActive(.c))
        #expect(machine.isActive(.b))
        #expect(machine.pendingTimerCount == 1)
        #expect(machine.now == .zero)
    }
    /// A delayed transition whose guard throws is not taken; without a guard error event the
    /// fault is reported in `lastFault`, as for any transition the engine triggers itself.
    @Test
    func aThrowingGuardOnADelayedTransitionIsAFault() throws {
        struct Broken: Error {}
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { After(.seconds(1), to: .b, guard: { _, _ in throw Broken() }) }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        machine.advance(by: .seconds(2))
        #expect(machine.isActive(.a))
        #expect(machine.lastFault?.code == .guardFailed)
    }

    /// A delayed transition of zero delay into its own state is due again at once; advancing
    /// the clock must end, cut like an eventless loop.
    @Test
    func aZeroDelayLoopEndsWhenTheClockAdvances() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { After(.zero, to: .a) { log, _, _ in log.count += 1 } }
        }
        var machine = chart.makeMachine(context: Log())
        machine.advance(by: .seconds(1))
        #expect(machine.lastFault != nil)
    }
}
