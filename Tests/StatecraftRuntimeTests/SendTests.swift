import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting
import Synchronization

@Suite("Sending events")
struct SendTests {
    @Test func awaitedSendReturnsTheOutcomeEveryTransitionAndTheSnapshot() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let delivery = await runtime.send(.go)
        let step = try #require(delivery.step)
        #expect(step.event == .go)
        #expect(step.outcome == .transitioned(from: .a, to: .b))
        #expect(step.transitions.map(\.arrow) == ["a->b"])
        #expect(step.snapshot.activeStates == [.b])
        #expect(delivery.outcome == .transitioned(from: .a, to: .b))
    }

    @Test func aKeptStepStillShowsTheMachineRightAfterItsEvent() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let first = try #require(await runtime.send(.number(1)).step)
        let second = try #require(await runtime.send(.go).step)
        _ = await runtime.send(.number(2))
        _ = await runtime.send(.back)
        // Each step builds its snapshot when read, from the machine as the step left it.
        #expect(first.snapshot.activeStates == [.a])
        #expect(first.snapshot.context.numbers == [1])
        #expect(second.snapshot.activeStates == [.b])
        #expect(second.firstTransition?.arrow == "a->b")
        // `number` is handled in `a` by a transition without a target.
        #expect(first.transitions.count == 1)
        #expect(first.firstTransition?.source == .a)
        #expect(first.firstTransition?.target == nil)
        #expect(await runtime.snapshot().context.numbers == [1, 2])
    }

    @Test func aKeptStepOfAHierarchicalMachineIsNotChangedByLaterSteps() async throws {
        let chart = try Statechart<Phase, Input, Record> {
            Compound(.a) {
                Atomic(.b) { On(.go, to: .c) }
                Atomic(.c) { On(.back, to: .b) }
                On(.number) { record, event in if case .number(let value) = event { record.numbers.append(value) } }
            }
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock())
        let kept = try #require(await runtime.send(.go).step)
        for number in 1...3 { _ = await runtime.send(.number(number)) }
        _ = await runtime.send(.back)
        #expect(kept.snapshot.activeStates == [.a, .c])
        #expect(kept.snapshot.context.numbers.isEmpty)
        #expect(await runtime.snapshot().activeStates == [.a, .b])
    }

    @Test func rejectedEventComesBackWithItsReason() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let step = try #require(await runtime.send(.back).step)
        #expect(step.outcome.rejection?.code == .noTransition)
        #expect(step.transitions.isEmpty)
        #expect(step.snapshot.activeStates == [.a])
    }

    @Test func transitionsIncludeTheEventlessOnesThatFollow() async throws {
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c) }
            Atomic(.c)
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock())
        let step = try #require(await runtime.send(.go).step)
        #expect(step.outcome == .transitioned(from: .a, to: .b))
        #expect(step.transitions.map(\.arrow) == ["a->b", "b->c"])
        #expect(step.snapshot.activeStates == [.c])
    }

    @Test func postedEventsAreProcessedInTheOrderPosted() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        for number in 1...100 { runtime.post(.number(number)) }
        let snapshot = await runtime.snapshot()
        #expect(snapshot.context.numbers == Array(1...100))
    }

    @Test func postOnAnIdleRuntimeIsProcessedBeforeItReturns() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let states = runtime.snapshots()
        runtime.post(.go)
        // The snapshot after `go` is already in the subscriber's buffer: the first element is
        // the snapshot at subscription, the second the one `post` published.
        let seen = await collect(2, of: states)
        #expect(seen.map(\.activeStates) == [[.a], [.b]])
    }

    @Test func concurrentSendersKeepTheirOwnOrderAndLoseNoEvent() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        let senders = 8
        let perSender = 250
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for index in 0..<perSender {
                        let number = sender * 10_000 + index
                        if index.isMultiple(of: 3) {
                            runtime.post(.number(number))
                        } else {
                            await runtime.send(.number(number))
                        }
                    }
                }
            }
        }
        let numbers = await runtime.snapshot().context.numbers
        #expect(numbers.count == senders * perSender)
        for sender in 0..<senders {
            let own = numbers.filter { $0 / 10_000 == sender }
            #expect(own == (0..<perSender).map { sender * 10_000 + $0 })
        }
    }

    @Test func noTwoEventsAreEverProcessedAtOnce() async throws {
        let depth = Depth()
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) {
                On(.number) { record, event in
                    depth.enter()
                    if case .number(let value) = event { record.numbers.append(value) }
                    depth.leave()
                }
            }
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock())
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for index in 0..<200 { await runtime.send(.number(sender * 1_000 + index)) }
                }
            }
        }
        #expect(depth.deepest == 1)
        #expect(await runtime.snapshot().context.numbers.count == 1_600)
    }

    @Test func actionsMayPostToTheirOwnRuntime() async throws {
        let box = Mutex<TestRuntime?>(nil)
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) {
                On(.go, to: .b) { _, _ in box.withLockChecked { $0 }?.post(.number(1)) }
            }
            Atomic(.b) {
                On(.number) { record, event in if case .number(let value) = event { record.numbers.append(value) } }
            }
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock())
        box.withLockChecked { $0 = runtime }
        let step = try #require(await runtime.send(.go).step)
        // The posted event waits for `go` to finish: it is not part of its step.
        #expect(step.snapshot.context.numbers.isEmpty)
        #expect(await runtime.snapshot().context.numbers == [1])
        box.withLockChecked { $0 = nil }
    }

    @Test func stoppedRuntimeDiscardsEvents() async throws {
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock())
        await runtime.stop()
        #expect(runtime.isStopped)
        guard case .discarded(.stopped) = await runtime.send(.go) else {
            Issue.record("a stopped runtime processed an event")
            return
        }
        runtime.post(.go)
        #expect(await runtime.snapshot().activeStates == [.a])
    }

    @Test func machineListenerStillHearsEveryTransition() async throws {
        let heard = Lines()
        var machine = try toggleChart().makeMachine(context: Record())
        machine.onTransition = { heard.append($0.arrow) }
        let runtime = MachineRuntime(machine, clock: ManualClock())
        await runtime.send(.go)
        await runtime.send(.back)
        #expect(heard.all == ["a->b", "b->a"])
    }

    @Test func finishedMachineRejectsLaterEvents() async throws {
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.stop, to: .c) }
            Final(.c)
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock())
        let done = try #require(await runtime.send(.stop).step)
        #expect(done.snapshot.status == .done)
        #expect(await runtime.send(.stop).outcome?.rejection?.code == .machineDone)
    }
}

/// Counts how many actions run at once, and remembers the most.
final class Depth: Sendable {
    private let inside = Atomic<Int>(0)
    private let most = Atomic<Int>(0)

    func enter() {
        let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
        _ = most.max(now, ordering: .sequentiallyConsistent)
        // Widen the window in which a second event could slip in.
        var spin = 0
        for _ in 0..<500 { spin &+= inside.load(ordering: .relaxed) }
        _ = most.max(spin > 500 ? 2 : 1, ordering: .sequentiallyConsistent)
    }

    func leave() {
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    var deepest: Int { most.load(ordering: .sequentiallyConsistent) }
}
