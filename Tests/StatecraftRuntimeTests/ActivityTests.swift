import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

@Suite("A runtime's activity")
struct ActivityTests {
    private func names(_ states: [Phase]) -> String {
        "[" + states.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// `current`, `step` or `timers`, with the transitions as arrows and the active states after.
    private func line(_ activity: TestRuntime.Activity) -> String {
        switch activity {
        case .current(let snapshot):
            "current \(names(snapshot.activeStates))"
        case .step(let step):
            "step \(step.event) [\(step.transitions.map(\.arrow).joined(separator: ", "))] \(names(step.snapshot.activeStates))"
        case .timers(let transitions, let snapshot):
            "timers [\(transitions.map(\.arrow).joined(separator: ", "))] \(names(snapshot.activeStates))"
        }
    }

    @Test func startsWithTheCurrentSnapshotThenEveryEventWithItsTransitions() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        await runtime.send(.go)
        let activity = runtime.activity()
        await runtime.send(.back)
        runtime.post(.go)              // posted, not awaited: reported all the same
        await runtime.send(.go)        // rejected in b: reported with no transition
        await runtime.send(.number(3))
        #expect(await collect(5, of: activity).map(line) == [
            "current [b]",
            "step back [b->a] [a]",
            "step go [a->b] [b]",
            "step go [] [b]",
            "step number(3) [b] [b]",
        ])
    }

    @Test func timersBetweenEventsAreReportedWithTheirTransitions() async throws {
        let clock = ManualClock()
        let runtime = TestRuntime(chart: try delayChart(), context: Record(), clock: clock)
        let activity = runtime.activity()
        await runtime.send(.go)
        clock.advance(by: .seconds(2))
        await runtime.settle()
        await runtime.send(.back)
        #expect(await collect(4, of: activity).map(line) == [
            "current [a]",
            "step go [a->b] [b]",
            "timers [b->c] [c]",
            "step back [c->a] [a]",
        ])
    }

    /// Senders on several tasks: each step reaches the subscriber before the next event is
    /// processed, so the steps come in the machine's own order (the runtime keeps the machine
    /// until the subscribers have the step, rather than giving it back in the lock that
    /// publishes, as it does when nobody subscribes). Giving it back first leaves a window of a
    /// few instructions in which another sender could step it and report first: this test
    /// catches that only when a sender lands in it.
    @Test func concurrentSendersAreReportedInTheMachinesOrder() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let activity = runtime.activity()
        // Read while the senders send, so that no step is kept longer than it takes to check it.
        let reader = Task {
            var reported: [Int] = []
            var outOfOrder = 0
            for await case .step(let step) in activity {
                guard case .number(let value) = step.event else { continue }
                reported.append(value)
                // The k-th step's snapshot holds k numbers, the last of them its own.
                let numbers = step.snapshot.context.numbers
                if numbers.count != reported.count || numbers.last != value { outOfOrder += 1 }
            }
            return (reported, outOfOrder)
        }
        let senders = 4, perSender = 1_500
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for index in 0..<perSender { await runtime.send(.number(sender * 10_000 + index)) }
                }
            }
        }
        let final = await runtime.snapshot().context.numbers
        await runtime.stop()
        let (reported, outOfOrder) = await reader.value
        #expect(final.count == senders * perSender)
        #expect(reported == final)
        #expect(outOfOrder == 0)
    }

    @Test func aBoundedSubscriptionKeepsOnlyTheNewest() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let activity = runtime.activity(buffering: .bufferingNewest(2))
        for value in 0..<10 { await runtime.send(.number(value)) }
        await runtime.stop()
        let kept = await collect(10, of: activity).map(line)
        #expect(kept == ["step number(8) [a] [a]", "step number(9) [a] [a]"])
    }

    @Test func stoppingFinishesTheSequence() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let activity = runtime.activity()
        await runtime.stop()
        #expect(await collect(5, of: activity).map(line) == ["current [a]"])
        #expect(await collect(1, of: runtime.activity()).isEmpty)
    }
}
