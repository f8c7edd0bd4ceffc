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
        case ("flat.toggle", "statecraft"): loop = try FlatToggle().runStatecraft
        case ("flat.toggle", "baseline"): loop = try FlatToggle().runBaseline
        case ("flat.ring", "statecraft"): loop = try FlatRing().runStatecraft
        case ("flat.ring", "baseline"): loop = try FlatRing().runBaseline
        case ("seedapi.toggle", "statecraft"): loop = try SeedToggle().runStatecraft
        case ("seedapi.toggle", "baseline"): loop = try SeedToggle().runBaseline
        case ("hierarchy.crossParent", "statecraft"): loop = try CrossParent().runStatecraft
        case ("hierarchy.crossParent", "baseline"): loop = try CrossParent().runBaseline
        case ("parallel.twoRegions", "statecraft"): loop = try TwoRegions().runStatecraft
        case ("parallel.twoRegions", "baseline"): loop = try TwoRegions().runBaseline
        case ("runtime.send", "statecraft"):
            let made = try RuntimeSend()
            loop = { events in blocking { await made.runStatecraft(events) } }
        case ("runtime.send", "baseline"):
            let made = try RuntimeSend()
            loop = { events in blocking { await made.runBaseline(events) } }
        case ("construct", _): loop = try Construct().runStatecraft
        case ("construct.hierarchy", _): loop = try Construct().runHierarchical
        default:
            print("usage: compare profile <case> [statecraft|baseline] [events]; cases: flat.toggle, "
                + "flat.ring, seedapi.toggle, hierarchy.crossParent, parallel.twoRegions, runtime.send, construct, construct.hierarchy, "
                + "runtime.send.pool, scale.flat STATES EVENTS, scale.wide REGIONS")
            return
        }
        print("\(name) \(side) events=\(events) checksum=\(loop(events))")
    }
}
