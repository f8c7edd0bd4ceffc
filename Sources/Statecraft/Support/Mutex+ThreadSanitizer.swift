public import Synchronization

#if STATECRAFT_TSAN_ANNOTATIONS
/// ThreadSanitizer's own annotation: what happened before a matching release happens before this.
@_silgen_name("__tsan_acquire")
@usableFromInline
func threadSanitizerAcquire(_ address: UnsafeRawPointer)

/// ThreadSanitizer's own annotation: what happened before this happens before a matching acquire.
@_silgen_name("__tsan_release")
@usableFromInline
func threadSanitizerRelease(_ address: UnsafeRawPointer)
#endif

extension Mutex where Value: ~Copyable {
    /// `withLock`, which in a build for ThreadSanitizer also tells it about the lock: the one
    /// place of this helper, which the runtime (`withLockAnnotated`) and the testing helpers
    /// (`withLockChecked`, public, for tests) call.
    ///
    /// On Linux the Mutex takes and releases a contended lock in `_lockSlow` and `_unlockSlow`,
    /// compiled into the toolchain's `libswiftSynchronization.so` without ThreadSanitizer's
    /// instrumentation, so it cannot see that one holder's writes happen before the next
    /// holder's reads and reports every contended access as a race (ten lines that append to
    /// an array in a `Mutex` from eight threads show it). `scripts/sanitize` builds with
    /// `-DSTATECRAFT_TSAN_ANNOTATIONS`, which adds the acquire and release the sanitizer needs;
    /// any other build calls `withLock` and nothing else.
    @inlinable
    @inline(__always)
    package func withLockForSanitizer<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        #if STATECRAFT_TSAN_ANNOTATIONS
        let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            threadSanitizerAcquire(address)
            defer { threadSanitizerRelease(address) }
            return try body(&value)
        }
        #else
        return try withLock(body)
        #endif
    }
}
