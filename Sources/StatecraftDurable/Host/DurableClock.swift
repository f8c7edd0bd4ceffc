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

    /// The wall clock: milliseconds since 1970.
    public static let wall = DurableClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension Duration {
    /// The duration in whole milliseconds, rounded up, so that a deadline is never early.
    var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: perMillisecond)
        return seconds * 1000 + quotient + (remainder > 0 ? 1 : 0)
    }
}
#endif
