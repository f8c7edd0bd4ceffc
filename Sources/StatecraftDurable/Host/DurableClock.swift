#if Durable
import Foundation

/// The clock durable timers are kept on: milliseconds, absolute.
///
/// Timers are stored as deadlines on this clock, so a timer due while no process ran fires
/// once, late, when a process next looks (``DurableMachines/fireDueTimers()``), never twice
/// and never not at all. ``wall`` is the system's wall clock; tests and the `orders` example
/// give a clock they move themselves, so that every run fires the same timers.
public struct DurableClock: Sendable {
    /// Reads the clock.
    public let milliseconds: @Sendable () -> Int64

    /// A clock read by a function.
    ///
    /// - Parameter milliseconds: Returns the time in milliseconds; it must never go back.
    public init(milliseconds: @escaping @Sendable () -> Int64) {
        self.milliseconds = milliseconds
    }

    /// A clock read from any Swift `Clock`: the whole milliseconds from `zero` to its `now`.
    ///
    /// With `StatecraftTesting`'s `ManualClock`, the test clock the runtime's tests use, a test
    /// moves durable time the same way:
    ///
    /// ```swift
    /// let time = ManualClock(now: .seconds(1_000))
    /// let machines = try await DurableMachines(store: store, charts: charts, clock: DurableClock(time, since: .init(offset: .zero)))
    /// time.advance(by: .seconds(6))
    /// try await machines.fireDueTimers()
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock read; it must never go back.
    ///   - zero: The instant that reads as 0 ms. Every `DurableClock` made with one `zero`
    ///     reads the same, so a store reopened later sees its timers' deadlines on one scale.
    public init<C: Clock>(_ clock: C, since zero: C.Instant) where C.Duration == Duration {
        self.init { zero.duration(to: clock.now).wholeMillisecondsRoundedDown }
    }

    /// The wall clock: milliseconds since 1970.
    public static let wall = DurableClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down, so that a clock's reading is never
    /// ahead of it; stopping at `Int64.max` (and `Int64.min`) rather than overflowing.
    var wholeMillisecondsRoundedDown: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: perMillisecond)
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        return milliseconds.saturatingAdd(quotient - (remainder < 0 ? 1 : 0))
    }

    /// The duration in whole milliseconds, rounded up, so that a deadline is never early;
    /// stopping at `Int64.max` (and `Int64.min`) rather than overflowing.
    var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: perMillisecond)
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        return milliseconds.saturatingAdd(quotient + (remainder > 0 ? 1 : 0))
    }
}

extension Int64 {
    /// The sum, stopping at `Int64.max` or `Int64.min` rather than overflowing.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// The difference, stopping at `Int64.max` or `Int64.min` rather than overflowing.
    func saturatingSubtract(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
#endif
