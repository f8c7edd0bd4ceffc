import BenchmarkCases

/// `swift run -c release --package-path Benchmarks compare`: times every case of issue 6
/// against its hand-written baseline in one run, counts allocations and retains per event,
/// and says which targets hold.
///
/// Each time is the fastest of several runs of millions of events, measured with
/// `ContinuousClock`; see `measure(events:repetitions:statecraft:baseline:)`.
@main
enum Compare {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "profile" {
            return try await profile(Array(arguments.dropFirst()))
        }
        if arguments.first == "paths" {
            return try pathsOnly()
        }
        if arguments.first == "chart-tools" {
            // Only the chart tools' case: `compare chart-tools [states...]`.
            let sizes = arguments.dropFirst().compactMap { Int($0) }
            for row in try ChartToolsCase.run(sizes: sizes.isEmpty ? [100, 1_000, 10_000] : sizes) {
                print("chart.tools states=\(row.states) transitions=\(row.transitions) build_ms=\(fixed(row.buildMilliseconds)) "
                    + "structure_ms=\(fixed(row.structureMilliseconds)) dot_ms=\(fixed(row.dotMilliseconds)) "
                    + "lint_ms=\(fixed(row.lintMilliseconds))")
            }
            return
        }
        if arguments.first == "scale" {
            // Only the scale table: `compare scale`.
            return try ScaleReport.run()
        }
        if arguments.first == "runtime" {
            // Only the runtime's case and its two targets: `compare runtime`.
            let timings = try await RuntimeCase.run()
            print(RuntimeCase.targets(timings))
            return
        }
        if arguments.first == "durable" {
            // Only durable machines against bare transactions (issue 13):
            // `compare durable [--postgres URL] [--events N] [--rounds R] [--in-memory]`.
            return try await DurableReport.run(Array(arguments.dropFirst()))
        }
        if arguments.first == "inspector" {
            // Only the inspector's case: `compare inspector`.
            return try await InspectorCase.run()
        }
        if arguments.first == "verify" {
            return try VerifyReport.run(Array(arguments.dropFirst()))
        }
        if arguments.first == "session" {
            // Only the SCXML session against the same chart in the DSL: `compare session`.
            return try SessionReport.run()
        }
        if arguments.first == "generated" {
            // Only the generated chart against the hand-written one and the session: `compare generated`.
            return try GeneratedReport.run()
        }
        if arguments.first == "ecmascript" {
            #if ECMAScript
            return try ECMAScriptReport.run()
            #else
            print("compare ecmascript: build with the ECMAScript trait: swift run -c release --package-path Benchmarks --traits ECMAScript compare ecmascript")
            return
            #endif
        }
        try checkSameWork()
        if arguments.first == "engine" {
            // Only the typed engine's paired cases and their targets of issue 28: `compare engine`.
            return try engineOnly()
        }

        let paired = try pairedCases()
        var timings: [String: Timing] = [:]
        for (name, events, made) in paired {
            let timing = measure(events: events, repetitions: 7, statecraft: made.runStatecraft, baseline: made.runBaseline)
            timings[name] = timing
            print(line(name, timing))
        }
        let construct = try Construct()
        let flatConstruct = measure(events: 2_000_000, repetitions: 7, statecraft: construct.runStatecraft)
        let nestedConstruct = measure(events: 1_000_000, repetitions: 7, statecraft: construct.runHierarchical)
        let runtimeSend = try await RuntimeCase.run()
        try await InspectorCase.run()
        let irp = try SCXMLSuiteCase.run()
        // The fastest of five runs at each size; the target is on 1,000 states.
        var cover: [Int: (milliseconds: Double, paths: Int, transitions: Int, complete: Bool)] = [:]
        for states in [100, 1_000, 10_000] {
            let made = try PathsCover(states: states)
            cover[states] = (0..<5).map { _ in made.run() }.min { $0.milliseconds < $1.milliseconds }
        }
        let tools = try ChartToolsCase.run()
        print(line("construct", flatConstruct))
        print(line("construct.hierarchy", nestedConstruct))
        print("instance.bytes bytes=\(InstanceBytes.size) stride=\(InstanceBytes.stride)")
        print("scxml.irp statecraft_ms=\(fixed(irp.milliseconds)) \(irp.summary)")
        for (states, run) in cover.sorted(by: { $0.key < $1.key }) {
            print("paths.cover states=\(states) transitions=\(states * 5) statecraft_ms=\(fixed(run.milliseconds)) "
                + "paths=\(run.paths) taken=\(run.transitions) complete=\(run.complete)")
        }
        for row in tools {
            print("chart.tools states=\(row.states) transitions=\(row.transitions) build_ms=\(fixed(row.buildMilliseconds)) "
                + "structure_ms=\(fixed(row.structureMilliseconds)) dot_ms=\(fixed(row.dotMilliseconds)) "
                + "lint_ms=\(fixed(row.lintMilliseconds))")
        }

        var counts: [String: Counts] = [:]
        for (name, events, made) in paired {
            let perRun = events / 100
            let pair = (count(events: perRun, made.runStatecraft), count(events: perRun, made.runBaseline))
            counts[name] = pair.0
            print(line(name, pair))
        }
        if !retainsCountable {
            print("note: retains and releases cannot be counted in this process and read 0; "
                + "run the package-benchmark suite for retainCount and releaseCount")
        }

        for name in ["flat.toggle", "flat.ring"] {
            let ratio = timings[name]!.ratio!
            print(target(name, "ratio<=3", holds: ratio <= 3, fixed(ratio)))
            print(flatCountsTarget(name, counts[name]!))
        }
        let seed = timings["seedapi.toggle"]!.statecraft
        print(target("seedapi.toggle", "ns<=50", holds: seed <= 50, "\(fixed(seed)) ns"))
        for name in ["hierarchy.crossParent", "parallel.twoRegions"] {
            let ratio = timings[name]!.ratio!
            print(target(name, "ratio<=5", holds: ratio <= 5, fixed(ratio)))
        }
        for (name, timing) in [("construct", flatConstruct), ("construct.hierarchy", nestedConstruct)] {
            print(target(name, "ns<1000", holds: timing.statecraft < 1000, "\(fixed(timing.statecraft)) ns"))
        }
        print(RuntimeCase.targets(runtimeSend))
        print(target("instance.bytes", "bytes<=128+context(0)", holds: InstanceBytes.size <= 128, "\(InstanceBytes.size) bytes"))
        let thousand = cover[1_000]!
        print(target(
            "paths.cover", "ms<100 at 1000 states, every transition taken",
            holds: thousand.milliseconds < 100 && thousand.transitions == 5_000 && thousand.complete,
            "\(fixed(thousand.milliseconds)) ms, \(thousand.transitions) transitions taken"
        ))
        print(target(
            "scxml.irp", "ms<10000, no failure", holds: irp.milliseconds < 10_000 && irp.summary.failed == 0,
            "\(fixed(irp.milliseconds)) ms, \(irp.summary)"
        ))
        if let row = tools.first(where: { $0.states == 1_000 }) {
            print(target("chart.structure", "ms<100 at 1000 states", holds: row.structureMilliseconds < 100,
                         "\(fixed(row.structureMilliseconds)) ms"))
            print(target("chart.dot", "ms<100 at 1000 states", holds: row.dotMilliseconds < 100,
                         "\(fixed(row.dotMilliseconds)) ms"))
        }
        try SessionReport.run()
        try GeneratedReport.run()
        #if ECMAScript
        try ECMAScriptReport.run()
        #endif
    }

    /// `compare paths`: only the `paths.cover` case, at 100, 1,000 and 10,000 states.
    static func pathsOnly() throws {
        for states in [100, 1_000, 10_000] {
            let made = try PathsCover(states: states)
            let run = (0..<5).map { _ in made.run() }.min { $0.milliseconds < $1.milliseconds }!
            print("paths.cover states=\(states) transitions=\(states * 5) statecraft_ms=\(fixed(run.milliseconds)) "
                + "paths=\(run.paths) taken=\(run.transitions) complete=\(run.complete)")
        }
    }

    /// The typed engine's cases, each with its hand-written baseline, and how many events each
    /// run sends.
    static func pairedCases() throws -> [(name: String, events: Int, made: any PairedCase)] {
        [
            ("flat.toggle", 10_000_000, try FlatToggle()),
            ("flat.ring", 10_000_000, try FlatRing()),
            ("seedapi.toggle", 1_000_000, try SeedToggle()),
            ("hierarchy.crossParent", 2_000_000, try CrossParent()),
            ("parallel.twoRegions", 2_000_000, try TwoRegions()),
        ]
    }

    /// `compare engine`: the paired cases' times alone, with the ratios issue 28 asks to bring
    /// back (flat and hierarchy at most 2.5 times their baseline, parallel at most 3.5, the
    /// classic API at most 2): a few seconds, where the whole run takes minutes.
    static func engineOnly() throws {
        let limits = [
            "flat.toggle": 2.5, "flat.ring": 2.5, "seedapi.toggle": 2, "hierarchy.crossParent": 2.5, "parallel.twoRegions": 3.5,
        ]
        var results: [(String, Double)] = []
        for (name, events, made) in try pairedCases() {
            let timing = measure(events: events, repetitions: 7, statecraft: made.runStatecraft, baseline: made.runBaseline)
            print(line(name, timing))
            results.append((name, timing.ratio!))
        }
        for (name, ratio) in results {
            let limit = limits[name]!
            print(target(name, "ratio<=\(limit) (issue 28)", holds: ratio <= limit, fixed(ratio)))
        }
    }

    static func line(_ name: String, _ timing: Timing) -> String {
        guard let baseline = timing.baseline, let ratio = timing.ratio else {
            return "\(name) statecraft_ns=\(fixed(timing.statecraft))"
        }
        return "\(name) statecraft_ns=\(fixed(timing.statecraft)) baseline_ns=\(fixed(baseline)) ratio=\(fixed(ratio))"
    }

    static func line(_ name: String, _ counts: (Counts, Counts)) -> String {
        func side(_ label: String, _ counts: Counts) -> String {
            "\(label)_mallocs=\(perEvent(counts.mallocs)) \(label)_retains=\(perEvent(counts.retains)) "
                + "\(label)_releases=\(perEvent(counts.releases))"
        }
        return "\(name) per_event \(side("statecraft", counts.0)) \(side("baseline", counts.1))"
    }

    static func target(_ name: String, _ condition: String, holds: Bool, _ value: String) -> String {
        "target \(name) \(condition): " + (holds ? "HOLDS" : "MISSED (\(value))")
    }

    static func flatCountsTarget(_ name: String, _ counts: Counts) -> String {
        let condition = "mallocs=0,retains=0,releases=0 per event"
        guard retainsCountable else {
            return "target \(name) \(condition): NOT CHECKED (retains cannot be counted here; "
                + "mallocs=\(perEvent(counts.mallocs)))"
        }
        return target(
            name, condition, holds: counts.isZero,
            "mallocs=\(perEvent(counts.mallocs)) retains=\(perEvent(counts.retains)) releases=\(perEvent(counts.releases))"
        )
    }
}
