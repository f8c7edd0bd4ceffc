/// In what order an exploration lets pending timers fire: `TestModel.verify` (its
/// `timerOrder`) and `statecraft verify --timers`.
///
/// Delays in a chart are often estimates: a network answer "within 5 s", a retry "after 2 s".
/// ``deadline`` trusts them; ``any`` asks what happens if they come out differently.
public enum TimerOrder: Hashable, Sendable, CaseIterable {
    /// Timers fire when they fall due, the soonest first, ties in the order they were
    /// scheduled: the only order a machine on a clock can follow. A search step lets time
    /// pass until the soonest timer is due.
    case deadline
    /// Any pending timer may fire next, whatever its delay, and the clock does not move: a
    /// search step fires one of them (``Machine/fireTimer(at:)``), so every order of the
    /// pending timers is explored. A finding may need a timer to fire before one that was
    /// due sooner; its path says which (`fire` steps, `wait for` in scripts).
    case any
}
