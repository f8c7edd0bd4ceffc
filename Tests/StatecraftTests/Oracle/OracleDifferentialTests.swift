import Foundation
import Testing
@testable import Statecraft

/// Random charts over the whole DSL, run on the engine and on a plain transcription of SCXML
/// Appendix D (``AppendixD``) side by side, with random events, time, machine copies and
/// snapshot restores. After the start and after every step both must show the same
/// configuration, action log, history, timers, queues, faults, listener calls and state
/// changes.
///
/// `swift test` runs `defaultCases` cases; `STATECRAFT_ORACLE_CASES=N` runs N, and
/// `STATECRAFT_ORACLE_SEED=S` replays the case of seed S alone (printing it; add
/// `STATECRAFT_ORACLE_LOOPS=1` for a seed of the looping charts). A disagreement is reported
/// with its seed and a shrunk case.
@Suite("The engine agrees with an Appendix D oracle")
struct OracleDifferentialTests {
    static let defaultCases = 2_000
    static let batches = 8

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The seeds batch `batch` runs.
    static func seeds(batch: Int) -> [UInt64] {
        if let seed = environment["STATECRAFT_ORACLE_SEED"].flatMap(UInt64.init) {
            return batch == 0 ? [seed] : []
        }
        let cases = environment["STATECRAFT_ORACLE_CASES"].flatMap(Int.init) ?? defaultCases
        return stride(from: batch, to: cases, by: batches).map { UInt64($0) }
    }

    @Test(arguments: 0 ..< batches)
    func randomChartsAgreeWithTheOracle(batch: Int) {
        let seeds = Self.seeds(batch: batch)
        let tally = Self.run(seeds, loops: Self.environment["STATECRAFT_ORACLE_LOOPS"] == "1")
        // Most random charts must build, and their scripts must run, or the suite compares little.
        guard !tally.disagreed else { return }
        #expect(tally.built * 10 >= seeds.count * 7, "only \(tally.built) of \(seeds.count) random charts were built")
        #expect(tally.steps >= tally.built * 5, "only \(tally.steps) steps compared in \(tally.built) cases")
        if seeds.count >= 200 {
            let missed = Self.expectedCoverage.filter { tally.coverage[$0, default: 0] == 0 }
            #expect(missed.isEmpty, "no case of the batch reached: \(missed.joined(separator: ", "))")
        }
    }

    /// Charts whose eventless transitions may have no guard, so that some loop: the engine cuts
    /// such a macrostep after `Machine.microstepLimit` microsteps, and the oracle models the
    /// cut. Each loop costs ten thousand microsteps on both sides, so only a few seeds run.
    @Test func loopingChartsAreCutAtTheSameMicrostep() {
        let seeds: [UInt64] = Self.environment["STATECRAFT_ORACLE_SEED"] == nil ? Array(0 ..< 24) : []
        let tally = Self.run(seeds, loops: true)
        #expect(seeds.isEmpty || tally.disagreed || tally.cut > 0, "no chart of \(seeds.count) looped to the microstep bound")
    }

    struct Tally {
        var built = 0
        var steps = 0
        var cut = 0
        var disagreed = false
        var coverage: [String: Int] = [:]
    }

    /// What every batch of the default size must reach at least once.
    static let expectedCoverage = [
        "several transitions in a microstep", "conflict removed", "eventless transition", "done event", "error event",
        "delayed transition", "targetless transition", "several targets", "internal transition", "history default",
        "history restored", "finished", "guard threw", "copy", "restore", "parallel state without regions",
    ]

    /// Runs the cases of `seeds`; the first disagreement is recorded as an issue, with its
    /// seed and a shrunk case.
    static func run(_ seeds: [UInt64], loops: Bool) -> Tally {
        var tally = Tally()
        for seed in seeds {
            let spec = OracleGenerator.makeCase(seed: seed, loops: loops)
            if environment["STATECRAFT_ORACLE_SEED"] != nil { print("Seed \(seed):\n\(spec.listing)") }
            switch OracleDifferential.run(spec) {
            case .refused:
                continue
            case .agreed(let steps, let cut, let coverage):
                tally.built += 1
                tally.steps += steps
                if cut { tally.cut += 1 }
                tally.coverage.merge(coverage, uniquingKeysWith: +)
            case .disagreed(let disagreement):
                Issue.record(Comment(rawValue: report(seed: seed, spec: spec, loops: loops, disagreement: disagreement)))
                tally.disagreed = true
                return tally
            }
        }
        return tally
    }

    /// The seed, the disagreement, and the case shrunk while the disagreement persists.
    static func report(
        seed: UInt64, spec: OracleCase, loops: Bool, disagreement: OracleDisagreement
    ) -> String {
        let shrunk = OracleShrinker.shrink(spec)
        return """
            The engine and the Appendix D oracle disagree on seed \(seed)\(loops ? " with loops" : "") \
            (replay: STATECRAFT_ORACLE_SEED=\(seed)\(loops ? " STATECRAFT_ORACLE_LOOPS=1" : "") \
            swift test --filter OracleDifferentialTests)
            \(disagreement)
            Shrunk case\(shrunk.map { ", \($0.1)" } ?? " (no smaller case disagrees)"):
            \((shrunk?.0 ?? spec).listing)
            """
    }
}
