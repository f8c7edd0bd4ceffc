import BenchmarkCases

extension Compare {
    /// `compare profile <case> [statecraft|baseline] [events]`: runs one loop and nothing else,
    /// for `valgrind --tool=callgrind`, whose instruction counts repeat from run to run:
    ///
    /// ```sh
    /// valgrind --tool=callgrind --callgrind-out-file=toggle.out \
    ///     Benchmarks/.build/release/compare profile flat.toggle statecraft 100000
    /// callgrind_annotate toggle.out | head -30
    /// ```
    static func profile(_ arguments: [String]) async throws {
        let name = arguments.first ?? "flat.toggle"
        let side = arguments.count > 1 ? arguments[1] : "statecraft"
        let events = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
        if name == RuntimeCase.poolName {
            let made = try RuntimeSend()
            let loop = side == "baseline" ? made.runBaseline : made.runStatecraft
            let checksum = await Task.detached { await loop(events) }.value
            print("\(name) \(side) events=\(events) checksum=\(checksum)")
            return
        }
        if name == "scale.wide" {
            // `compare profile scale.wide REGIONS`: the scale case's parallel chart, 200,000 events.
            let regions = arguments.count > 1 ? Int(arguments[1]) ?? 100 : 100
            let row = try ScaleCase.row(shape: "wide", states: regions * 3 + 1, kinds: 1, events: 200_000, builds: 1) {
                try ScaleCase.wide(regions: regions)
            }
            print("\(name) regions=\(regions) ns_per_event=\(row.nanosecondsPerEvent) checksum=0")
            return
        }
        if name == "scale.flat" {
            // `compare profile scale.flat STATES EVENTS`: the scale case's flat chart, 100,000 events.
            let states = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
            let kinds = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
            let row = try ScaleCase.row(shape: "flat", states: states, kinds: kinds, events: 100_000, builds: 1) {
                try ScaleCase.flat(states: states, events: kinds)
            }
            print("\(name) states=\(states) events=\(kinds) ns_per_event=\(row.nanosecondsPerEvent) checksum=0")
            return
        }
        let loop: (Int) -> Int
        switch (name, side) {
        case ("runtime.send", "statecraft"):
            let made = try RuntimeSend()
            loop = { events in blocking { await made.runStatecraft(events) } }
        case ("runtime.send", "baseline"):
            let made = try RuntimeSend()
            loop = { events in blocking { await made.runBaseline(events) } }
        default:
            guard let found = try ProfileLoops.loop(name, side: side) else {
                print("usage: compare profile <case> [statecraft|baseline] [events]; cases: "
                    + (ProfileLoops.names + ["runtime.send", "runtime.send.pool", "scale.flat STATES EVENTS", "scale.wide REGIONS"])
                    .joined(separator: ", "))
                return
            }
            loop = found
        }
        print("\(name) \(side) events=\(events) checksum=\(loop(events))")
    }
}
