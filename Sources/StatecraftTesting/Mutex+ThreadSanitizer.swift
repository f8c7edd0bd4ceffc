public import Synchronization
import Statecraft

extension Mutex where Value: ~Copyable {
    /// `withLock`, which in a build for ThreadSanitizer (`scripts/sanitize` builds with
    /// `-DSTATECRAFT_TSAN_ANNOTATIONS`) also tells the sanitizer that one holder's writes happen
    /// before the next holder's reads; any other build calls `withLock` and nothing else.
    ///
    /// Tests that share state between tasks through a `Mutex` take its lock with this, so that
    /// they run clean under ThreadSanitizer as the runtime does; both call the core's one
    /// implementation, which says why Linux's `Mutex` needs it.
    public func withLockChecked<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLockForSanitizer(body)
    }
}
