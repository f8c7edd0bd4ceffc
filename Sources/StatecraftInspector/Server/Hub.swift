#if Inspector
import Synchronization

/// The pages connected by WebSocket, each with a bounded queue of messages to send.
final class Hub: Sendable {
    private struct Pages {
        var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
        var next = 0
        var finished = false
    }

    private let pages = Mutex(Pages())
    private let backlog: Int

    init(backlog: Int) {
        self.backlog = max(1, backlog)
    }

    /// A page's messages from now on; at most `backlog` wait, the newest kept.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(backlog))
        let id = pages.withLock { pages -> Int? in
            guard !pages.finished else { return nil }
            pages.next += 1
            pages.subscribers[pages.next] = continuation
            return pages.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.pages.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends a message to every page.
    func broadcast(_ message: String) {
        pages.withLock { pages in
            for subscriber in pages.subscribers.values { subscriber.yield(message) }
        }
    }

    /// Ends every page's stream; later subscriptions end at once.
    func finishAll() {
        let subscribers = pages.withLock { pages in
            pages.finished = true
            defer { pages.subscribers.removeAll() }
            return Array(pages.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
#endif
