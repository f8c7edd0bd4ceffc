import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

/// An object that owns a runtime whose hooks call back into it, as a view model does.
final class Owner: Sendable {
    let lines = Lines()
    let runtime: TestRuntime

    init(chart: Statechart<Phase, Input, Record>, clock: ManualClock, weakly: Bool) {
        let lines = lines
        var hooks = StateHooks<Phase, Input>()
        runtime = TestRuntime(chart: chart, context: Record(), clock: clock)
        if weakly {
            hooks.onEveryEntry(owner: self) { owner, state in owner.lines.append("enter \(state)") }
            hooks.onExit(.a, owner: self) { owner in owner.lines.append("exit a") }
            hooks.onEntry(.b, owner: self) { owner in owner.lines.append("entered b") }
            hooks.onEveryExit(owner: self) { owner, state in owner.lines.append("left \(state)") }
        } else {
            hooks.onEveryEntry { state in self.lines.append("enter \(state)") }
            hooks.onExit(.a) { self.lines.append("exit a") }
        }
        _ = lines
        runtime.attach(hooks)
    }
}

@Suite("Nothing leaks")
struct MemoryTests {
    @Test func runtimeDeinitializesAfterStop() async throws {
        let clock = ManualClock()
        weak var released: TestRuntime?
        do {
            let lines = Lines()
            var hooks = slowExitHooks(lines, clock)
            hooks.invoke(in: .b) {
                try await clock.sleep(for: .seconds(60))
                return .number(1)
            } onError: { _ in nil }
            let runtime = TestRuntime(chart: try delayChart(), context: Record(), hooks: hooks, clock: clock)
            released = runtime
            let snapshots = runtime.snapshots()
            let transitions = runtime.transitions()
            runtime.post(.ping)                   // a delayed send waits
            runtime.post(.go)                     // exit work of `a` waits on the clock
            await clock.waitForSleepers(3)         // the timer, the exit work, b's invocation
            await runtime.stop()
            #expect(clock.sleeperCount == 0)
            for await _ in snapshots {}
            for await _ in transitions {}
        }
        #expect(released == nil)
    }

    @Test func runtimeDeinitializesWhenDroppedWithTimersPending() async throws {
        let clock = ManualClock()
        weak var released: TestRuntime?
        do {
            let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
            released = runtime
            await runtime.send(.go)
            await clock.waitForSleepers(1)
        }
        #expect(released == nil)
        #expect(clock.sleeperCount == 0)
    }

    @Test func hooksGivenAnOwnerDoNotKeepItAlive() async throws {
        let clock = ManualClock()
        weak var releasedOwner: Owner?
        weak var releasedRuntime: TestRuntime?
        do {
            let owner = Owner(chart: try toggleChart(), clock: clock, weakly: true)
            releasedOwner = owner
            releasedRuntime = owner.runtime
            await owner.runtime.send(.go)
            await owner.runtime.settle()
            #expect(owner.lines.all == ["enter a", "exit a", "left a", "enter b", "entered b"])
        }
        #expect(releasedOwner == nil)
        #expect(releasedRuntime == nil)
    }

    @Test func invocationGivenAnOwnerDoesNotKeepItAlive() async throws {
        final class Service: Sendable {
            func fetch() -> Input { .number(1) }
        }
        weak var releasedService: Service?
        let runtime: TestRuntime
        do {
            let service = Service()
            releasedService = service
            var hooks = StateHooks<Phase, Input>()
            hooks.invoke(in: .b, owner: service) { service in service.fetch() } onError: { _ in nil }
            runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
        }
        #expect(releasedService == nil)
        await runtime.send(.go)
        #expect(await runtime.snapshot().activeStates == [.b])
        await runtime.stop()
    }

    @Test func stopReleasesClosuresThatCaptureTheirOwner() async throws {
        let clock = ManualClock()
        weak var releasedOwner: Owner?
        do {
            let owner = Owner(chart: try toggleChart(), clock: clock, weakly: false)
            releasedOwner = owner
            await owner.runtime.send(.go)
            await owner.runtime.settle()
            // The hooks hold the owner, which holds the runtime that holds the hooks: the
            // cycle stands until the runtime stops.
            await owner.runtime.stop()
        }
        #expect(releasedOwner == nil)
    }

    @Test func stopCalledFromEntryWorkDoesNotWaitForItself() async throws {
        let box = RuntimeBox()
        let stopped = Signal()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEntry(.b) {
                await box.runtime?.stop()
                stopped.send("stopped")
            }
        }
        weak var released: TestRuntime?
        do {
            let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
            box.runtime = runtime
            released = runtime
            runtime.post(.go)
            #expect(await stopped.next() == ["stopped"])
            #expect(runtime.isStopped)
            await runtime.settle()
        }
        #expect(released == nil)
    }
}
