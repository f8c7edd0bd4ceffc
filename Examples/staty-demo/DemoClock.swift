/// The demo's view of a clock: the time since the demo started, and waiting. The demo runs on
/// the continuous clock; its test runs on a manual one.
struct DemoClock: Sendable {
    /// The time since the clock was wrapped.
    let elapsed: @Sendable () -> Duration
    /// Waits for a duration; returns early when the task is cancelled.
    let sleep: @Sendable (Duration) async -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { duration in try? await clock.sleep(for: duration) }
    }
}

/// A non-negative duration in seconds with one decimal, rounded to the nearest tenth.
func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
}
