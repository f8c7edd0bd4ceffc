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
}

extension DurableMachines {
    /// Queues a request and waits for the writer's reply.
    func submit(_ work: Work) async throws -> Reply {
        try await withCheckedThrowingContinuation { (reply: CheckedContinuation<Reply, any Error>) in
            let wake: CheckedContinuation<Void, Never>?
            let accepted = queue.withLock { queue -> Bool in
                guard !queue.closed else { return false }
                queue.pending.append(Request(work: work, reply: reply))
                return true
            }
            guard accepted else {
                reply.resume(throwing: DurableError(code: .closed, message: "the durable machines were closed"))
                return
            }
            wake = queue.withLock { queue in
                defer { queue.waiter = nil }
                return queue.waiter
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
            let taken: Taken = queue.withLock { queue in
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
                    let resumeNow = queue.withLock { queue -> Bool in
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
