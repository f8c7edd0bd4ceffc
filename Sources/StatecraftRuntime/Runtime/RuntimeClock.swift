/// The runtime's clock: any `Clock<Duration>`, seen as the time passed since the runtime
/// started, so that the runtime is not generic over its clock.
@usableFromInline
struct RuntimeClock: Sendable {
    /// The time passed since the clock was wrapped.
    @usableFromInline let elapsed: @Sendable () -> Duration
    /// Sleeps until `elapsed()` reaches the given value; throws when cancelled.
    @usableFromInline let sleep: @Sendable (Duration) async throws -> Void

    @inlinable
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }
}
