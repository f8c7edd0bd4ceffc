#if Postgres
@testable import StatecraftDurable
import Testing

/// The durable writer's request queue checks itself after every use of its lock in debug
/// builds (issue 28, item 7): the writer may wait only while nothing is pending and the queue
/// is open.
@Suite("Invariants of the durable request queue")
struct RequestQueueInvariantTests {
    @Test func aFreshOpenQueueHolds() {
        let queue = RequestQueue()
        let holds = queue.checkInvariants()
        #expect(holds)
    }

    @Test func aWriterWaitingOnAClosedQueueStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                var queue = RequestQueue()
                queue.waiter = waiter
                queue.closed = true
                _ = queue.checkInvariants()
            }
        }
    }

    @Test func aWriterWaitingBesidePendingWorkStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // Neither continuation is resumed: the check stops the process first.
            _ = try? await withCheckedThrowingContinuation { (reply: CheckedContinuation<Reply, any Error>) in
                Task {
                    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                        var queue = RequestQueue()
                        queue.pending.append(Request(work: .deliver, reply: reply))
                        queue.waiter = waiter
                        _ = queue.checkInvariants()
                    }
                }
            }
        }
    }
}
#endif
