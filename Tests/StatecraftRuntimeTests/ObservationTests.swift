import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

@Suite("Observing a runtime")
struct ObservationTests {
    @Test func everySubscriberSeesEveryTransitionInOrder() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let subscribers = (0..<3).map { _ in runtime.transitions() }
        var expected: [String] = []
        for round in 0..<25 {
            await runtime.send(.go)
            runtime.post(.number(round))
            await runtime.send(.back)
            expected += ["a->b", "b", "b->a"]
        }
        for subscriber in subscribers {
            #expect(await collect(expected.count, of: subscriber).map(\.arrow) == expected)
        }
    }

    @Test func snapshotsStartWithTheCurrentOneAndFollowEveryChange() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        await runtime.send(.go)
        let early = runtime.snapshots()
        await runtime.send(.back)
        let late = runtime.snapshots()
        await runtime.send(.number(5))
        await runtime.send(.go)
        #expect(await collect(4, of: early).map(\.activeStates) == [[.b], [.a], [.a], [.b]])
        #expect(await collect(3, of: late).map(\.context.numbers) == [[], [5], [5]])
    }

    @Test func eventsThatChangeNothingPublishNothing() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let snapshots = runtime.snapshots()
        await runtime.send(.back)            // rejected in `a`
        await runtime.send(.go)
        #expect(await collect(2, of: snapshots).map(\.activeStates) == [[.a], [.b]])
    }

    @Test func subscribersFromManyTasksSeeTheSameOrder() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let subscribers = (0..<4).map { _ in runtime.snapshots() }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for index in 0..<50 { runtime.post(.number(sender * 100 + index)) }
                }
            }
        }
        let orders = await withTaskGroup(of: [[Int]].self) { group in
            for subscriber in subscribers {
                group.addTask { await collect(201, of: subscriber).map(\.context.numbers) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(orders.count == 4)
        for order in orders {
            #expect(order == orders[0])
            #expect(order.last?.count == 200)
        }
    }

    @Test func sequencesFinishWhenTheRuntimeStops() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let snapshots = runtime.snapshots()
        let transitions = runtime.transitions()
        await runtime.send(.go)
        await runtime.stop()
        var seen = 0
        for await _ in snapshots { seen += 1 }
        #expect(seen == 2)
        seen = 0
        for await _ in transitions { seen += 1 }
        #expect(seen == 1)
        for await _ in runtime.snapshots() { Issue.record("a stopped runtime published a snapshot") }
    }
}
