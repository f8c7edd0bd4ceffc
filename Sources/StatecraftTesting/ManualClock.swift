import Synchronization

/// A clock whose time moves only when you move it, so that tests of timed code never sleep.
///
/// Hand it to a `MachineRuntime` (or to anything that takes
/// `some Clock<Duration>`), then move time with ``advance(by:)``: every task sleeping on the
/// clock whose deadline has come resumes, in deadline order.
///
/// ```swift
/// let clock = ManualClock()
/// let runtime = MachineRuntime(chart.makeMachine(context: 0), clock: clock)
/// await runtime.send(.start)            // the machine waits 2 s in its next state
/// clock.advance(by: .seconds(2))
/// await runtime.settle()                // the delayed transition has fired
/// ```
///
/// A task resumed by ``advance(by:)`` runs later, on its own executor, and reads ``now`` when
/// it does: advance to each deadline in turn when a test records the times at which things
/// happen. To know that a task has gone to sleep before you advance, wait for it with
/// ``waitForSleepers(_:)``.
///
/// The clock is a class: copies of a reference share one time. It is `Sendable`; every method
/// may be called from any task or thread.
public final class ManualClock: Clock, Sendable {
    /// A point in time on a manual clock: the time passed since the clock's zero.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock's zero.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock's zero.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` after this one.
        ///
        /// - Parameter duration: How far to move; negative moves back.
        /// - Returns: The later (or earlier) instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`; negative when `other` is earlier.
        ///
        /// - Parameter other: Another instant of the same clock.
        /// - Returns: `other` minus this instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: `true` when `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as in `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private let state: Mutex<ManualClockState>

    /// Creates a clock that reads `now` and moves only when advanced.
    ///
    /// - Parameter now: The clock's time at creation, from its zero.
    public init(now: Duration = .zero) {
        state = Mutex(ManualClockState(now: Instant(offset: now)))
    }

    /// The clock's current time.
    public var now: Instant {
        state.withLockChecked { $0.now }
    }

    /// The clock's time as a duration from its zero: `now.offset`.
    public var elapsed: Duration {
        now.offset
    }

    /// The smallest step the clock takes: none, time moves exactly as far as you advance it.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int {
        state.withLockChecked { $0.sleeperCount }
    }

    /// Suspends the calling task until the clock reaches `deadline`, or returns at once when
    /// it already has.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: a manual clock wakes sleepers exactly at their deadline.
    /// - Throws: `CancellationError` when the task is cancelled before the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLockChecked { $0.register() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let outcome = state.withLockChecked { $0.wait(id, until: deadline, continuation) }
                switch outcome {
                case .sleeping(let watchers):
                    for watcher in watchers { watcher.resume() }
                case .due:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            state.withLockChecked { $0.cancel(id) }?.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and resumes every sleeper whose deadline has come,
    /// earliest deadline first (and, for equal deadlines, in the order they went to sleep).
    ///
    /// - Parameter duration: How far to move; zero or less changes nothing.
    public func advance(by duration: Duration) {
        let due = state.withLockChecked { state in state.advance(to: state.now.advanced(by: duration)) }
        for continuation in due { continuation.resume() }
    }

    /// Moves the clock to `instant` and resumes every sleeper whose deadline has come, earliest
    /// deadline first. An instant before `now` changes nothing.
    ///
    /// - Parameter instant: The new time.
    public func advance(to instant: Instant) {
        let due = state.withLockChecked { $0.advance(to: instant) }
        for continuation in due { continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on the clock.
    ///
    /// Use it before ``advance(by:)`` when the code under test goes to sleep on another task,
    /// so that the sleep is measured from the time you expect rather than from after the
    /// advance.
    ///
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int = 1) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let ready = state.withLockChecked { state in
                if state.sleeperCount >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
