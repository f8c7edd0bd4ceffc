import BenchmarkCases
import Foundation

/// `compare generated`, and part of `compare`: one SCXML document run as the Swift
/// `statecraft generate` wrote for it, as the same chart written by hand in the DSL, and
/// interpreted by a session, with the targets of issue 29, item 5.
enum GeneratedReport {
    /// `Benchmarks/Documents/generated-ring.scxml`, found from this file.
    static var document: String {
        get throws {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: folder.appendingPathComponent("Documents/generated-ring.scxml"), encoding: .utf8)
        }
    }

    /// Checks that the three sides do the same work, measures them, prints a line each and the
    /// targets.
    static func run() throws {
        let text = try document
        let checks = try [
            GeneratedCase(document: text).runGenerated(10_007), GeneratedCase(document: text).runHandWritten(10_007),
            GeneratedCase(document: text).runInterpreted(10_007),
        ]
        guard Set(checks).count == 1 else {
            throw DifferentWork(description: "scxml.generated: the checksums differ: generated \(checks[0]), "
                + "by hand \(checks[1]), interpreted \(checks[2])")
        }
        let made = try GeneratedCase(document: text)
        let typed = measure(events: 10_000_000, repetitions: 7, statecraft: made.runGenerated, baseline: made.runHandWritten)
        let interpreted = measure(events: 200_000, repetitions: 7, statecraft: made.runInterpreted)
        let overHand = typed.statecraft / typed.baseline!
        let overGenerated = interpreted.statecraft / typed.statecraft
        print("scxml.generated generated_ns=\(fixed(typed.statecraft)) handwritten_ns=\(fixed(typed.baseline!)) "
            + "interpreted_ns=\(fixed(interpreted.statecraft)) generated/handwritten=\(fixed(overHand)) "
            + "interpreted/generated=\(fixed(overGenerated))")
        print(Compare.target("scxml.generated", "generated/handwritten<=1.5", holds: overHand <= 1.5, fixed(overHand)))
        print(Compare.target("scxml.generated", "interpreted/generated>=100", holds: overGenerated >= 100, fixed(overGenerated)))
    }
}
