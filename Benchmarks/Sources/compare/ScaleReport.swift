import BenchmarkCases
import MallocInterposerSwift

/// `compare scale`: the `scale` case's table (see ``ScaleCase``).
enum ScaleReport {
    static func run() throws {
        print("scale shape states events transitions build_ms bytes table_bytes ns_per_event")
        for states in [10, 100, 1_000, 10_000] {
            for events in [10, 100, 1_000] {
                try measured(shape: "flat", states: states, kinds: events, events: 1_000_000) {
                    try ScaleCase.flat(states: states, events: events)
                }
            }
        }
        for depth in [10, 50] {
            try measured(shape: "deep", states: depth * 2 + 1, kinds: depth, events: 200_000) {
                try ScaleCase.deep(depth: depth)
            }
        }
        for regions in [10, 100] {
            try measured(shape: "wide", states: regions * 3 + 1, kinds: 1, events: 200_000) {
                try ScaleCase.wide(regions: regions)
            }
        }
    }

    /// Times a chart with ``ScaleCase/row(shape:states:kinds:events:builds:make:)``, then builds
    /// it once more with allocations counted, and prints the row.
    static func measured(
        shape: String, states: Int, kinds: Int, events: Int,
        make: () throws -> (ScaleCase.Chart, Int)
    ) throws {
        var row = try ScaleCase.row(shape: shape, states: states, kinds: kinds, events: events, make: make)
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let kept = try make()
        MallocInterposerSwift.unhook()
        let stats = MallocInterposerSwift.getStatistics()
        withExtendedLifetime(kept) {}
        row.bytes = stats.mallocBytesCount - stats.freeBytesCount
        print("scale \(row.shape) \(row.states) \(row.events) \(row.transitions) \(fixed(row.buildMilliseconds)) "
            + "\(row.bytes) \(row.tableBytes) \(fixed(row.nanosecondsPerEvent))")
    }
}
