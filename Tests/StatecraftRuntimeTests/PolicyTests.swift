import Testing
import Statecraft
@testable import StatecraftRuntime
import StatecraftTesting

@Suite("Events that arrive during entry or exit work")
struct PolicyTests {
    /// A runtime in `a` whose exit from `a` is under way and waits on the clock.
    func runtimeLeavingA(_ policy: BusyPolicy) async throws -> (TestRuntime, ManualClock, Lines) {
        let clock = ManualClock()
        let lines = Lines()
        let runtime = TestRuntime(
            chart: try toggleChart(), context: Record(), hooks: slowExitHooks(lines, clock), policy: policy, clock: clock
        )
        await runtime.settle()
        runtime.post(.go)
        await clock.waitForSleepers(1)
        return (runtime, clock, lines)
    }

    @Test func queueKeepsEveryEvent() async throws {
        let (runtime, clock, _) = try await runtimeLeavingA(.queue)
        async let first = runtime.send(.number(1))
        async let second = runtime.send(.number(2))
        await runtime.waitUntilQueued(2)
        clock.advance(by: .seconds(1))
        #expect(await first.step != nil)
        #expect(await second.step != nil)
        #expect(await runtime.snapshot().context.numbers.sorted() == [1, 2])
    }

    @Test func dropDiscardsEventsThatArriveDuringTheWork() async throws {
        let (runtime, clock, _) = try await runtimeLeavingA(.drop)
        guard case .discarded(.dropped) = await runtime.send(.number(1)) else {
            Issue.record("the event was not dropped")
            return
        }
        runtime.post(.number(2))
        clock.advance(by: .seconds(1))
        await runtime.settle()
        // Once the work is done, events are taken again.
        let after = try #require(await runtime.send(.number(3)).step)
        #expect(after.snapshot.context.numbers == [3])
        #expect(after.snapshot.activeStates == [.b])
    }

    @Test func keepLatestKeepsOnlyTheNewestEvent() async throws {
        let (runtime, clock, _) = try await runtimeLeavingA(.keepLatest)
        async let first = runtime.send(.number(1))
        await runtime.waitUntilQueued(1)
        runtime.post(.number(2))
        runtime.post(.number(3))
        guard case .discarded(.superseded) = await first else {
            Issue.record("the older event was not superseded")
            return
        }
        #expect(runtime.queuedEventCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await runtime.snapshot().context.numbers == [3])
    }

    @Test func eventsOutsideTheWorkAreAlwaysTaken() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let runtime = TestRuntime(
            chart: try toggleChart(), context: Record(), hooks: slowExitHooks(lines, clock), policy: .drop, clock: clock
        )
        await runtime.settle()
        // In `b`, nothing waits on the clock: no event meets the policy.
        for number in 1...3 { runtime.post(.number(number)) }
        #expect(await runtime.snapshot().context.numbers == [1, 2, 3])
    }

    @Test func invocationResultsAreNeverDropped() async throws {
        let clock = ManualClock()
        let lines = Lines()
        var hooks = slowExitHooks(lines, clock)
        hooks.invoke(in: .b) { .number(42) } onError: { _ in nil }
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, policy: .drop, clock: clock)
        await runtime.settle()
        let transitions = runtime.transitions()
        runtime.post(.go)
        // `b`'s invocation starts right after the step, and its result comes back while the
        // exit work of `a` still waits on the clock.
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(await collect(2, of: transitions).map(\.arrow) == ["a->b", "b"])
        #expect(await runtime.snapshot().context.numbers == [42])
    }
}

extension MachineRuntime {
    /// Waits until `count` of your events wait in the queue: the test's sends have arrived.
    func waitUntilQueued(_ count: Int) async {
        while queuedEventCount < count { await Task.yield() }
    }

    /// How many of your events wait in the queue.
    var queuedEventCount: Int {
        core.withLockChecked { state in
            state.queue[state.head...].reduce(0) { count, item in
                if case .event = item { count + 1 } else { count }
            }
        }
    }
}
