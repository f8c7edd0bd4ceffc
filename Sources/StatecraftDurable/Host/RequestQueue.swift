#if Durable
/// What a caller asks the writer of ``DurableMachines`` to do.
enum Work: Sendable {
    case create(id: String, chart: String)
    case send(machine: String, eventID: String, payload: Data)
    /// One batch of due machines, leaving out those that failed earlier in the same call.
    case fireTimers(skipping: Set<String>)
    case deliver
    case read(id: String)
    case journalled(eventID: String)
    case deadLetters(limit: Int)
    case retryDeadLetter(id: String)
}

import Foundation

/// The writer's answer to one request.
enum Reply: Sendable {
    case created(Bool)
    case sent(DurableSendResult)
    /// Timers fired, whether more machines are due, and the machines whose timers could not
    /// be fired (their rows do not restore).
    case fired(Int, more: Bool, failed: [String])
    case delivered(Int, more: Bool)
    case row(StoredMachine)
    case journalled(Bool)
    case deadLetters([DeadLetter])
    case retried(Bool)
}

/// A request waiting for the writer, with the caller it answers.
struct Request: Sendable {
    let work: Work
    let reply: CheckedContinuation<Reply, any Error>
}

/// The requests waiting for the writer, kept under a lock: callers append, the writer takes
/// them all at once.
struct RequestQueue: ~Copyable {
    var pending: [Request] = []
    /// The writer, when it waits for a request.
    var waiter: CheckedContinuation<Void, Never>?
    var closed = false

    /// Whether the queue is consistent, as the engine's `Machine.checkInvariants()` and the
    /// runtime's state check theirs: the writer waits only while nothing is pending and the
    /// queue is open (a request or closing wakes it and takes its continuation, so a waiter
    /// beside work would sleep through it).
    ///
    /// - Returns: `true`; a violation stops a debug build with a message that names it.
    func checkInvariants() -> Bool {
        if waiter != nil {
            precondition(pending.isEmpty, "StatecraftDurable: the writer waits while \(pending.count) requests are pending")
            precondition(!closed, "StatecraftDurable: the writer waits on a closed request queue")
        }
        return true
    }
}

extension DurableMachines {
    /// `queue.withLock`, with the queue's invariants checked after every body in debug builds
    /// (every test run); nothing in release builds.
    func withQueue<Result: Sendable>(_ body: (inout RequestQueue) -> Result) -> Result {
        queue.withLock { queue in
            let result = body(&queue)
            assert(queue.checkInvariants())
            return result
        }
    }

    /// Queues a request and waits for the writer's reply.
    func submit(_ work: Work) async throws -> Reply {
        try await withCheckedThrowingContinuation { (reply: CheckedContinuation<Reply, any Error>) in
            // The request goes in and a waiting writer comes out under one lock, so the queue is
            // never left with both; the writer is woken outside it.
            let (accepted, wake) = withQueue { queue -> (Bool, CheckedContinuation<Void, Never>?) in
                guard !queue.closed else { return (false, nil) }
                queue.pending.append(Request(work: work, reply: reply))
                defer { queue.waiter = nil }
                return (true, queue.waiter)
            }
            guard accepted else {
                reply.resume(throwing: DurableError(code: .closed, message: "the durable machines were closed"))
                return
            }
            wake?.resume()
        }
    }

    /// Waits for requests and takes up to `maxBatch` of them; `nil` once closed and drained.
    func nextBatch() async -> [Request]? {
        // Each pass either returns or waits once for a wake-up; a wake-up comes with a request or
        // with closing, so this ends.
        while true {
            enum Taken { case batch([Request]), finished, wait }
            let taken: Taken = withQueue { queue in
                if !queue.pending.isEmpty {
                    let count = min(maxBatch, queue.pending.count)
                    let batch = Array(queue.pending.prefix(count))
                    queue.pending.removeFirst(count)
                    return .batch(batch)
                }
                return queue.closed ? .finished : .wait
            }
            switch taken {
            case .batch(let batch): return batch
            case .finished: return nil
            case .wait:
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    let resumeNow = withQueue { queue -> Bool in
                        if !queue.pending.isEmpty || queue.closed { return true }
                        queue.waiter = waiter
                        return false
                    }
                    if resumeNow { waiter.resume() }
                }
            }
        }
    }
}
#endif
