import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

/// An error an invoked operation throws.
struct Unreachable: Error, CustomStringConvertible {
    var description: String { "unreachable" }
}

/// A one-shot signal a test can wait for.
final class Signal: Sendable {
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    func send(_ value: String) {
        continuation.yield(value)
    }

    /// The next `count` values sent.
    func next(_ count: Int = 1) async -> [String] {
        await collect(count, of: stream)
    }
}

@Suite("Invoked work")
struct InvocationTests {
    @Test func resultComesBackAsAnEvent() async throws {
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) { .loaded("articles") } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: ManualClock())
        let transitions = runtime.transitions()
        await runtime.send(.load)
        #expect(await collect(2, of: transitions).map(\.arrow) == ["idle->loading", "loading->loaded"])
        #expect(await runtime.snapshot().context.lines == ["articles"])
    }

    @Test func thrownErrorComesBackAsAnEvent() async throws {
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) { throw Unreachable() } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: ManualClock())
        let transitions = runtime.transitions()
        await runtime.send(.load)
        #expect(await collect(2, of: transitions).map(\.arrow) == ["idle->loading", "loading->failed"])
        #expect(await runtime.snapshot().context.lines == ["unreachable"])
    }

    @Test func errorMappedToNothingSendsNothing() async throws {
        let signal = Signal()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) { throw Unreachable() } onError: { _ in
                signal.send("mapped")
                return nil
            }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: ManualClock())
        await runtime.send(.load)
        #expect(await signal.next() == ["mapped"])
        #expect(await runtime.snapshot().activeStates == [.loading])
    }

    @Test func exitingTheStateCancelsTheOperationAndIgnoresItsResult() async throws {
        let clock = ManualClock()
        let signal = Signal()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) {
                do {
                    try await clock.sleep(for: .seconds(10))
                } catch {
                    signal.send("cancelled")
                    throw error
                }
                return .loaded("late")
            } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: clock)
        await runtime.send(.load)
        await clock.waitForSleepers(1)
        await runtime.send(.reset)
        #expect(await signal.next() == ["cancelled"])
        clock.advance(by: .seconds(10))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.activeStates == [.idle])
        #expect(snapshot.context.lines.isEmpty)
    }

    @Test func resultOfAnOperationThatIgnoresCancellationIsDropped() async throws {
        let started = Signal()
        let proceed = Gate()
        let count = Lines()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) {
                count.append("run")
                let run = count.all.count
                started.send("started")
                await proceed.wait()
                return .loaded("run \(run)")
            } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: ManualClock())
        let transitions = runtime.transitions()
        await runtime.send(.load)
        _ = await started.next()
        await runtime.send(.reset)
        await runtime.send(.load)
        _ = await started.next()
        // Both operations wait; the first one's state was exited after it started.
        proceed.open()
        let seen = await collect(4, of: transitions)
        #expect(seen.map(\.arrow) == ["idle->loading", "loading->idle", "idle->loading", "loading->loaded"])
        #expect(await runtime.snapshot().context.lines == ["run 2"])
    }

    @Test func selfTransitionRestartsTheOperation() async throws {
        let clock = ManualClock()
        let started = Signal()
        let cancelled = Signal()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) {
                started.send("started")
                do {
                    try await clock.sleep(for: .seconds(10))
                } catch {
                    cancelled.send("cancelled")
                    throw error
                }
                return .loaded("done")
            } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: clock)
        await runtime.send(.load)
        #expect(await started.next() == ["started"])
        await runtime.send(.load)
        #expect(await cancelled.next() == ["cancelled"])
        #expect(await started.next() == ["started"])
    }

    @Test func theInitialStateInvokesWhenTheRuntimeStarts() async throws {
        var machine = try loaderChart().makeMachine(context: Record())
        machine.send(.load)
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) { .loaded("at start") } onError: { .failed("\($0)") }
        }
        let transitions = Signal()
        machine.onTransition = { transitions.send($0.arrow) }
        let runtime = MachineRuntime(machine, hooks: hooks, clock: ManualClock())
        #expect(await transitions.next() == ["loading->loaded"])
        #expect(await runtime.snapshot().context.lines == ["at start"])
    }

    @Test func stopCancelsInvokedWork() async throws {
        let clock = ManualClock()
        let signal = Signal()
        let hooks = StateHooks<Phase, Input> { hooks in
            hooks.invoke(in: .loading) {
                do {
                    try await clock.sleep(for: .seconds(10))
                } catch {
                    signal.send("cancelled")
                }
                return .loaded("after stop")
            } onError: { .failed("\($0)") }
        }
        let runtime = TestRuntime(chart: try loaderChart(), context: Record(), hooks: hooks, clock: clock)
        await runtime.send(.load)
        await clock.waitForSleepers(1)
        await runtime.stop()
        #expect(await signal.next() == ["cancelled"])
        #expect(await runtime.snapshot().activeStates == [.loading])
    }
}
