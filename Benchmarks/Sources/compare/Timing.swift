import BenchmarkCases

/// Keeps a value alive where the optimizer cannot see it used, so the loop that made it stays.
@inline(never)
func consume(_ value: Int) {
    if value == .min { print("unreachable checksum") }
}

/// The best time of one loop, in nanoseconds per event, and of its baseline when it has one.
struct Timing {
    var statecraft: Double
    var baseline: Double?

    /// Statecraft's time over the baseline's.
    var ratio: Double? { baseline.map { statecraft / $0 } }
}

/// Times `statecraft` (and `baseline`) on `events` events, `repetitions` times each, the two
/// interleaved so that both see the same machine noise, and keeps each one's fastest run.
///
/// Each loop is run once on a small count first, to fault in code and data.
///
/// - Parameters:
///   - events: Events per timed run; enough that one run takes tens of milliseconds.
///   - repetitions: Timed runs of each loop.
///   - statecraft: Runs that many events through Statecraft and returns a checksum.
///   - baseline: The same for the hand-written baseline.
/// - Returns: The minimum nanoseconds per event of each.
func measure(
    events: Int,
    repetitions: Int,
    statecraft: (Int) -> Int,
    baseline: ((Int) -> Int)? = nil
) -> Timing {
    let clock = ContinuousClock()
    func time(_ loop: (Int) -> Int) -> Duration {
        let start = clock.now
        let checksum = loop(events)
        let elapsed = clock.now - start
        consume(checksum)
        return elapsed
    }
    consume(statecraft(events / 100))
    if let baseline { consume(baseline(events / 100)) }
    var best = Duration.seconds(1_000_000)
    var bestBaseline = Duration.seconds(1_000_000)
    for _ in 0..<repetitions {
        best = min(best, time(statecraft))
        if let baseline { bestBaseline = min(bestBaseline, time(baseline)) }
    }
    return Timing(
        statecraft: best.nanoseconds / Double(events),
        baseline: baseline == nil ? nil : bestBaseline.nanoseconds / Double(events)
    )
}
