import Dispatch
import Synchronization

/// Runs an async loop to its end from synchronous code: `compare profile` of the runtime's
/// cases, whose loops await.
func blocking(_ body: @escaping @Sendable () async -> Int) -> Int {
    let result = Mutex(0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0 }
}
