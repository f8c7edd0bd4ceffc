import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

@Suite("Delayed events on the runtime's clock")
struct TimerTests {
    @Test func delayedTransitionFiresWhenTheClockReachesIt() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        await runtime.send(.go)
        clock.advance(by: .milliseconds(1_999))
        #expect(await runtime.snapshot().activeStates == [.b])
        clock.advance(by: .milliseconds(1))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.activeStates == [.c])
        #expect(snapshot.now == .seconds(2))
    }

    @Test func delaysCountFromWhenTheyAreScheduledNotFromTheStart() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        // Five seconds pass with no timer waiting; then `go` starts the two-second delay.
        clock.advance(by: .seconds(5))
        await runtime.send(.go)
        clock.advance(by: .milliseconds(1_999))
        #expect(await runtime.snapshot().activeStates == [.b])
        clock.advance(by: .milliseconds(1))
        #expect(await runtime.snapshot().activeStates == [.c])
        // A delayed send scheduled later counts from its own moment too.
        clock.advance(by: .seconds(3))
        await runtime.send(.back)
        await runtime.send(.ping)
        clock.advance(by: .milliseconds(4_999))
        #expect(await runtime.snapshot().context.lines.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(await runtime.snapshot().context.lines == ["tick"])
    }

    @Test func theTimerTaskDeliversWithoutBeingAsked() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        let transitions = runtime.transitions()
        await runtime.send(.go)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        let seen = await collect(2, of: transitions)
        #expect(seen.map(\.arrow) == ["a->b", "b->c"])
    }

    @Test func leavingTheStateCancelsItsTimer() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        await runtime.send(.go)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await runtime.send(.back)
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(5))
        #expect(await runtime.snapshot().activeStates == [.a])
    }

    @Test func delayedSendArrivesAndCanBeCancelledById() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        await runtime.send(.ping)
        clock.advance(by: .seconds(5))
        #expect(await runtime.snapshot().context.lines == ["tick"])
        await runtime.send(.ping)
        clock.advance(by: .seconds(1))
        await runtime.send(.stop)
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(10))
        #expect(await runtime.snapshot().context.lines == ["tick"])
    }

    @Test func timersDueBeforeAnEventFireFirst() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        await runtime.send(.go)
        clock.advance(by: .seconds(3))
        // `back` finds the machine in `c`: the timer due at 2 s fired before it.
        let step = try #require(await runtime.send(.back).step)
        #expect(step.transitions.map(\.arrow) == ["b->c", "c->a"])
        #expect(step.outcome == .transitioned(from: .c, to: .a))
    }

    @Test func aMachineStartedWithATimerGetsItScheduled() async throws {
        let clock = ManualClock()
        var machine = try delayChart().makeMachine(context: Record())
        machine.send(.go)
        let runtime = MachineRuntime(machine, clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        #expect(await runtime.snapshot().activeStates == [.c])
    }

    @Test func stopCancelsTimers() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        await runtime.send(.go)
        await runtime.send(.back)
        await runtime.send(.ping)
        await clock.waitForSleepers(1)
        await runtime.stop()
        #expect(clock.sleeperCount == 0)
    }

    @Test func runsOnTheContinuousClockByDefault() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record())
        let step = try #require(await runtime.send(.go).step)
        #expect(step.snapshot.now >= .zero)
        #expect(step.snapshot.activeStates == [.b])
    }
}
