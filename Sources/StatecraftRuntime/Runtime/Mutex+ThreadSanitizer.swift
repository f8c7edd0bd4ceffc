public import Synchronization
import Statecraft

extension Mutex where Value: ~Copyable {
    /// `withLock`, which in a build for ThreadSanitizer also tells it about the lock: the core's
    /// `withLockForSanitizer`, under the runtime's name, with an overload for its shared state
    /// that checks the state's invariants.
    @inlinable
    @inline(__always)
    func withLockAnnotated<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLockForSanitizer(body)
    }
}

extension Mutex where Value: LockedInvariants {
    /// `withLockAnnotated` for a value with invariants (the runtime's shared state): after the
    /// body, and before the lock is released, debug builds check them.
    @inlinable
    @inline(__always)
    func withLockAnnotated<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLockForSanitizer { (value: inout sending Value) throws(E) -> sending Result in
            let result = try body(&value)
            assert(value.checkInvariants())
            return result
        }
    }
}
