import MallocInterposerSwift
import RuntimeCounters

/// Heap allocations, retains and releases per event of one loop.
struct Counts {
    var mallocs: Double
    var retains: Double
    var releases: Double

    /// Whether every count rounds to zero per event (below one in 200 events), which is how
    /// `perEvent` prints it.
    var isZero: Bool { [mallocs, retains, releases].allSatisfy { abs($0) < 0.005 } }
}

/// An object to retain and release on purpose.
final class Probe {}

/// Retains and releases `probe` three times; not optimized, so the calls stay.
@_optimize(none)
func retainThrice(_ probe: Probe) {
    for _ in 0..<3 {
        let unmanaged = Unmanaged.passUnretained(probe)
        _ = unmanaged.retain()
        unmanaged.release()
    }
}

/// Whether retains and releases can be counted here; see `RuntimeCounters`. Checked by
/// retaining and releasing an object three times and looking for at least that count.
let retainsCountable: Bool = {
    let probe = Probe()
    guard runtime_counters_start() == 0 else { return false }
    retainThrice(probe)
    let counts = runtime_counters_stop()
    return counts.retains >= 3 && counts.releases >= 3
}()

/// Counts what running `loop` over `events` events costs, per event.
///
/// A run of zero events is counted first and subtracted, so what a loop does once per run
/// (copying the machine in and out of its case object) is not charged to its events.
/// Allocations are counted by ordo-one's malloc interposer, which this executable links;
/// retains and releases by redirecting this executable's calls to the runtime (see
/// `RuntimeCounters`), so they are those of Statecraft's and the cases' compiled code.
func count(events: Int, _ loop: (Int) -> Int) -> Counts {
    func raw(_ n: Int) -> (mallocs: Int, retains: Int, releases: Int) {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let counting = runtime_counters_start() == 0
        let checksum = loop(n)
        let runtime = counting ? runtime_counters_stop() : runtime_counts_t()
        MallocInterposerSwift.unhook()
        consume(checksum)
        return (MallocInterposerSwift.getStatistics().mallocCount, Int(runtime.retains), Int(runtime.releases))
    }
    consume(loop(events))
    let empty = raw(0)
    let full = raw(events)
    return Counts(
        mallocs: Double(full.mallocs - empty.mallocs) / Double(events),
        retains: Double(full.retains - empty.retains) / Double(events),
        releases: Double(full.releases - empty.releases) / Double(events)
    )
}
