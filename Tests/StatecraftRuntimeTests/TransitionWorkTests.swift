import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

/// Hooks that log each state's entry, and whose exit from `a` takes one second on `clock`.
func slowExitHooks(_ lines: Lines, _ clock: ManualClock) -> StateHooks<Phase, Input> {
    StateHooks { hooks in
        hooks.onEveryEntry { state in lines.append("enter \(state)") }
        hooks.onEveryExit { state in lines.append("exit \(state)") }
        hooks.onExit(.a) {
            lines.append("exit-begin a")
            try? await clock.sleep(for: .seconds(1))
            lines.append("exit-end a")
        }
    }
}

@Suite("Entry and exit work")
struct TransitionWorkTests {
    @Test func theNextStateIsEnteredOnlyAfterThePreviousOneHasLeft() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let runtime = TestRuntime(
            chart: try toggleChart(), context: Record(), hooks: slowExitHooks(lines, clock), clock: clock
        )
        await runtime.settle()
        #expect(lines.all == ["enter a"])
        runtime.post(.go)
        await clock.waitForSleepers(1)
        #expect(lines.all == ["enter a", "exit a", "exit-begin a"])
        clock.advance(by: .seconds(1))
        await runtime.settle()
        #expect(lines.all == ["enter a", "exit a", "exit-begin a", "exit-end a", "enter b"])
    }

    @Test func awaitedSendReturnsOnceTheWorkIsDone() async throws {
        let lines = Lines()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEveryEntry { state in
                await Task.yield()
                lines.append("enter \(state)")
            }
        }
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
        await runtime.send(.go)
        #expect(lines.all == ["enter a", "enter b"])
    }

    @Test func eventsSentDuringTheWorkWaitAndRunInOrder() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let runtime = TestRuntime(
            chart: try toggleChart(), context: Record(), hooks: slowExitHooks(lines, clock), clock: clock
        )
        await runtime.settle()
        runtime.post(.go)
        runtime.post(.back)
        runtime.post(.number(7))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        let snapshot = await runtime.snapshot()
        #expect(lines.all == [
            "enter a", "exit a", "exit-begin a", "exit-end a", "enter b", "exit b", "enter a",
        ])
        #expect(snapshot.activeStates == [.a])
        #expect(snapshot.context.numbers == [7])
    }

    @Test func selfTransitionRunsExitWorkThenEntryWork() async throws {
        let lines = Lines()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEntry(.a) { lines.append("enter a") }
            hooks.onExit(.a) { lines.append("exit a") }
        }
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
        await runtime.send(.reset)
        #expect(lines.all == ["enter a", "exit a", "enter a"])
    }

    @Test func aStatePassedThroughWithinOneStepGetsNoWork() async throws {
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c) }
            Atomic(.c)
        }
        let lines = Lines()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEveryEntry { lines.append("enter \($0)") }
            hooks.onEveryExit { lines.append("exit \($0)") }
        }
        let runtime = TestRuntime(chart: chart, context: Record(), hooks: hooks, clock: ManualClock())
        await runtime.send(.go)
        #expect(lines.all == ["enter a", "exit a", "enter c"])
    }

    @Test func hooksOfOneStateRunInTheOrderAdded() async throws {
        let lines = Lines()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEntry(.b) { lines.append("first") }
            hooks.onEveryEntry { lines.append("every \($0)") }
            hooks.onEntry(.b) { lines.append("third") }
        }
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
        await runtime.send(.go)
        #expect(lines.all == ["every a", "first", "every b", "third"])
    }

    @Test func attachedHooksStartWithTheActiveStates() async throws {
        let lines = Lines()
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        await runtime.send(.go)
        runtime.attach(StateHooks { hooks in
            hooks.onEveryEntry { lines.append("enter \($0)") }
            hooks.onEveryExit { lines.append("exit \($0)") }
        })
        await runtime.send(.back)
        #expect(lines.all == ["enter b", "exit b", "enter a"])
    }

    @Test func sendFromTheWorkItselfIsQueued() async throws {
        let box = Lines()
        let result = Signal()
        let runtimeBox = RuntimeBox()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.onEntry(.b) {
                guard let runtime = runtimeBox.runtime else { return }
                switch await runtime.send(.number(1)) {
                case .queued: result.send("queued")
                default: result.send("other")
                }
                await runtime.settle()
                box.append("settled inside")
            }
        }
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), hooks: hooks, clock: ManualClock())
        runtimeBox.runtime = runtime
        await runtime.send(.go)
        #expect(await result.next() == ["queued"])
        #expect(box.all == ["settled inside"])
        #expect(await runtime.snapshot().context.numbers == [1])
        await runtime.stop()
    }
}

/// Holds a runtime for hooks written before it exists; weakly, so they do not keep it alive.
final class RuntimeBox: @unchecked Sendable {
    // Safe: set once by the test before any hook runs, then only read.
    weak var runtime: TestRuntime?
}
