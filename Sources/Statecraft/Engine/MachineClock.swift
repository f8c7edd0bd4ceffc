/// The range of a machine's virtual clock, and the one rule for arithmetic on it.
///
/// A machine's clock (``Machine/now``) and every timer's due time lie in
/// `0 ... MachineClock.limit`. Time that would pass the limit stops at it (saturates): a delay
/// or an ``Machine/advance(by:)`` that would carry the clock past it carries it to the limit, so
/// no value a chart, an event or a snapshot supplies can overflow the clock's arithmetic. The
/// limit is `Int64.max` milliseconds, about 292 million years, so that a clock reading is also
/// a whole number of milliseconds that fits in 64 bits (what a durable store keeps).
///
/// A restored ``Snapshot`` (and an SCXML session's snapshot) whose clock or due times lie
/// outside the range is refused with `SnapshotError.Code.outOfRange`.
public enum MachineClock {
    /// The latest instant a machine's clock reaches: `Int64.max` milliseconds.
    @inlinable
    public static var limit: Duration { .milliseconds(Int64.max) }

    /// Whether an instant lies in the clock's range, `0 ... limit`.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: `true` when a clock can read it.
    @inlinable
    public static func contains(_ instant: Duration) -> Bool {
        instant >= .zero && instant <= limit
    }

    /// `instant` plus `delay`, stopping at ``limit``.
    ///
    /// - Parameters:
    ///   - delay: Any duration; one that would pass the limit gives the limit.
    ///   - instant: An instant in the clock's range.
    /// - Returns: The later instant, at most ``limit`` (below `instant` when `delay` is negative).
    @inlinable
    public static func adding(_ delay: Duration, to instant: Duration) -> Duration {
        // `instant` is in range, so `limit - instant` cannot overflow, nor can the sum below it.
        delay >= limit - instant ? limit : instant + delay
    }

    /// Says why an instant lies outside the clock's range, or `nil` when it lies in it.
    ///
    /// - Parameters:
    ///   - instant: The instant.
    ///   - what: What it is, for the message ("the clock", "timer 3's due time").
    /// - Returns: A sentence naming `what`, its value and the rule.
    public static func rangeProblem(_ instant: Duration, what: String) -> String? {
        if instant < .zero { return "\(what) \(instant) is negative; the clock starts at zero" }
        if instant > limit {
            return "\(what) \(instant) is past the clock's range, which ends at \(Int64.max) milliseconds (MachineClock.limit)"
        }
        return nil
    }
}
