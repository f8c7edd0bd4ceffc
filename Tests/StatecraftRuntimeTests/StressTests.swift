import Foundation
import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting
import Synchronization

/// The runtime under load: many tasks sending to one runtime while observers subscribe and
/// unsubscribe and `stop()` races the senders.
///
/// The size is `STATECRAFT_STRESS_SCALE` times 8 senders of 500 events (1 by default, a few
/// seconds in a debug build); `scripts/sanitize` runs it larger under the thread sanitizer.
@Suite("The runtime under load")
struct StressTests {
    /// The states of a lap: `number` moves `left` to `right` through `crossing` and back
    /// through `returning`, so that each macrostep is two transitions an observer could see
    /// torn apart.
    enum Lap: Hashable, Sendable {
        case left, crossing, right, returning
    }

    /// How many events the machine has taken, and the last one.
    struct Tally: Sendable, Equatable {
        var count = 0
        var last = -1
    }

    typealias LapMachine = Machine<Lap, Input, Tally>
    typealias LapRuntime = MachineRuntime<LapMachine>

    static func lapChart() throws -> Statechart<Lap, Input, Tally> {
        try Statechart {
            Atomic(.left) { On(.number, to: .crossing) }
            Atomic(.crossing) {
                OnEntry { tally, event in tally.record(event) }
                Always(to: .right)
            }
            Atomic(.right) { On(.number, to: .returning) }
            Atomic(.returning) {
                OnEntry { tally, event in tally.record(event) }
                Always(to: .left)
            }
        }
    }

    static var scale: Int {
        ProcessInfo.processInfo.environment["STATECRAFT_STRESS_SCALE"].flatMap(Int.init).map { max(1, $0) } ?? 1
    }

    @Test(.timeLimit(.minutes(5)))
    func sendersObserversAndStopAgreeOnOneOrder() async throws {
        let senders = 8
        let perSender = 500 * Self.scale
        let observers = 6
        let hookWork = Gauge()
        let processed = Counter()
        weak var released: LapRuntime?

        // What each sender got back, what each observer saw, in the order they saw it.
        var replies: [[(value: Int, delivery: LapRuntime.Delivery)]] = []
        var transitionViews: [[TakenTransition<Lap, Input>]] = []
        var snapshotViews: [[Snapshot<Lap, Input, Tally>]] = []
        do {
            var hooks = StateHooks<Lap, Input>()
            for side in [Lap.left, .right] {
                hooks.onEntry(side) {
                    hookWork.enter()
                    await Task.yield()
                    hookWork.leave()
                }
            }
            let runtime = LapRuntime(chart: try Self.lapChart(), context: Tally(), hooks: hooks, clock: ManualClock())
            released = runtime

            async let observed = Self.observe(runtime, observers: observers)
            replies = await withTaskGroup(of: [(value: Int, delivery: LapRuntime.Delivery)].self) { group in
                for sender in 0..<senders {
                    group.addTask {
                        var own: [(value: Int, delivery: LapRuntime.Delivery)] = []
                        for index in 0..<perSender {
                            let value = sender * 1_000_000 + index
                            let delivery = await runtime.send(.number(value))
                            if delivery.step != nil { processed.increment() }
                            own.append((value, delivery))
                        }
                        return own
                    }
                }
                // The stopper: once about half the events are in, stop while senders still send.
                group.addTask {
                    while processed.value < senders * perSender / 2 { await Task.yield() }
                    await runtime.stop()
                    #expect(runtime.isStopped)
                    #expect(hookWork.current == 0, "entry work still running after stop() returned")
                    return []
                }
                var all: [[(value: Int, delivery: LapRuntime.Delivery)]] = []
                for await own in group where !own.isEmpty { all.append(own) }
                return all
            }
            (transitionViews, snapshotViews) = await observed
            #expect(hookWork.current == 0)
            #expect(hookWork.deepest == 1, "two macrosteps' entry work ran at once")
        }
        #expect(released == nil, "the runtime outlived its last reference after stop()")

        // Every accepted event was processed once: the counts of their steps are 1...n.
        var order: [Int: Int] = [:]  // count -> value
        for own in replies {
            var stopped = false
            for (value, delivery) in own {
                switch delivery {
                case .processed(let step):
                    #expect(!stopped, "an event was processed after its sender saw the runtime stopped")
                    #expect(step.event == .number(value))
                    #expect(step.snapshot.context.last == value, "another event's macrostep ended this one's")
                    #expect(step.transitions.count == 2)
                    let count = step.snapshot.context.count
                    #expect(order[count] == nil, "two events were processed as number \(count)")
                    order[count] = value
                case .discarded(let reason):
                    #expect(reason == .stopped)
                    stopped = true
                case .queued:
                    Issue.record("a send from outside the runtime's work was only queued")
                }
            }
        }
        let accepted = order.count
        #expect(accepted >= senders * perSender / 2)
        #expect(accepted < senders * perSender, "stop() came after every event: it raced nothing")
        #expect(Set(order.keys) == Set(1...accepted))
        // Each sender's events were processed in the order it sent them.
        for own in replies {
            let counts = own.compactMap { $0.delivery.step?.snapshot.context.count }
            #expect(counts == counts.sorted())
        }

        // Every observer saw a stretch of that one order, whole macrosteps, nothing else.
        #expect(transitionViews.count + snapshotViews.count > observers, "no observer came and went")
        for view in transitionViews where !view.isEmpty {
            let arrows = view.map { "\($0.source)->\($0.target.map { "\($0)" } ?? "-")" }
            let expected = ["left->crossing", "crossing->right", "right->returning", "returning->left"]
            guard let first = expected.firstIndex(of: arrows[0]) else {
                Issue.record("an observer's first transition was \(arrows[0])")
                continue
            }
            #expect(first % 2 == 0, "an observer saw half a macrostep first: \(arrows[0])")
            #expect(arrows == arrows.indices.map { expected[(first + $0) % 4] }, "an observer saw macrosteps torn apart")
            let values = view.compactMap { transition -> Int? in
                if case .number(let value)? = transition.event, transition.source == .left || transition.source == .right {
                    return value
                }
                return nil
            }
            guard let start = values.first.flatMap({ value in order.first { $0.value == value }?.key }) else { continue }
            #expect(values == (start..<start + values.count).map { order[$0] }, "an observer saw another order")
        }
        for view in snapshotViews where view.count > 1 {
            let counts = view.map(\.context.count)
            #expect(counts == Array(counts[0]..<counts[0] + counts.count), "an observer skipped or repeated a macrostep")
            for snapshot in view {
                #expect(snapshot.activeStates == [snapshot.context.count.isMultiple(of: 2) ? .left : .right])
                if snapshot.context.count > 0 { #expect(order[snapshot.context.count] == snapshot.context.last) }
            }
        }
    }

    /// Observers that subscribe, read a while, unsubscribe and subscribe again, until the
    /// runtime finishes their sequences; each returns everything it saw, per subscription.
    static func observe(
        _ runtime: LapRuntime, observers: Int
    ) async -> ([[TakenTransition<Lap, Input>]], [[Snapshot<Lap, Input, Tally>]]) {
        await withTaskGroup(of: ([[TakenTransition<Lap, Input>]], [[Snapshot<Lap, Input, Tally>]]).self) { group in
            for observer in 0..<observers {
                group.addTask {
                    var transitions: [[TakenTransition<Lap, Input>]] = []
                    var snapshots: [[Snapshot<Lap, Input, Tally>]] = []
                    var round = 0
                    while !runtime.isStopped {
                        round += 1
                        // Each subscription reads a different number of elements before it goes.
                        let wanted = 5 + (observer * 37 + round * 101) % 300
                        var seen = 0
                        if observer.isMultiple(of: 2) {
                            var view: [TakenTransition<Lap, Input>] = []
                            for await transition in runtime.transitions() {
                                view.append(transition)
                                seen += 1
                                if seen == wanted { break }
                            }
                            transitions.append(view)
                        } else {
                            var view: [Snapshot<Lap, Input, Tally>] = []
                            for await snapshot in runtime.snapshots() {
                                view.append(snapshot)
                                seen += 1
                                if seen == wanted { break }
                            }
                            snapshots.append(view)
                        }
                    }
                    return (transitions, snapshots)
                }
            }
            var transitions: [[TakenTransition<Lap, Input>]] = []
            var snapshots: [[Snapshot<Lap, Input, Tally>]] = []
            for await (some, others) in group {
                transitions += some
                snapshots += others
            }
            return (transitions, snapshots)
        }
    }
}

extension StressTests.Tally {
    mutating func record(_ event: Input?) {
        guard case .number(let value)? = event else { return }
        count += 1
        last = value
    }
}

/// How many pieces of work run at once, and the most that ever did.
final class Gauge: Sendable {
    private let state = Mutex((current: 0, deepest: 0))

    func enter() {
        state.withLockChecked { state in
            state.current += 1
            state.deepest = max(state.deepest, state.current)
        }
    }

    func leave() {
        state.withLockChecked { $0.current -= 1 }
    }

    var current: Int { state.withLockChecked { $0.current } }
    var deepest: Int { state.withLockChecked { $0.deepest } }
}

/// A count that any task may raise and read.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}
