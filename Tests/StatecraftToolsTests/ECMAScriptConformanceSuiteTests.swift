import Foundation
import StatecraftECMAScript
@testable import StatecraftTools
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only in a build with JavaScriptCore; otherwise it is skipped, and the skip
    /// says which trait and which apt package bring the engine in.
    static var needsJavaScriptCore: Self {
        .enabled(if: ECMAScriptEngine.isAvailable, Comment(rawValue: ECMAScriptEngine.unavailableReason))
    }
}

/// The W3C SCXML tests in `../shared/scxml-irp`, run in the ECMAScript profile as
/// `statecraft conformance --datamodel ecmascript` runs them.
@Suite("W3C conformance, ECMAScript profile", .needsJavaScriptCore)
struct ECMAScriptConformanceSuiteTests {
    static let suite: String = {
        // Tests/StatecraftToolsTests/<file> → package root → ../shared
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/scxml-irp").path
    }()

    @Test("No test fails; the ECMAScript tests of B.2 and C.2 all run; skips say why")
    func suitePasses() throws {
        try #require(FileManager.default.fileExists(atPath: Self.suite), "the W3C tests are expected at \(Self.suite)")
        var results: [ConformanceRunner.Result] = []
        let summary = try ConformanceRunner(directory: Self.suite, profile: .ecmascript()).run { results.append($0) }
        let failures = results.filter { $0.status == .fail }.map(\.description)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(summary.failed == 0)
        #expect(summary.passed > 140)
        for skip in results where skip.status == .skip {
            let reason = skip.reason ?? ""
            let allowed = reason.hasPrefix("a manual test") || reason.contains("Basic HTTP")
            #expect(allowed, "\(skip)")
        }
        // The documents written in raw ECMAScript (datamodel="ecmascript" on the root) run.
        let raw = ["test444", "test445", "test446", "test448", "test449", "test451", "test452", "test453", "test456", "test457", "test459", "test460", "test557", "test558", "test560", "test561", "test562", "test569", "test578"]
        for name in raw {
            #expect(results.first { $0.test == name }?.status == .pass, "\(name)")
        }
        // The manual tests a program judges (ConformanceRunner.manualJudges) pass here, 307 too.
        for name in ["test230", "test250", "test307"] {
            #expect(results.first { $0.test == name }?.status == .pass, "\(name)")
        }
    }
}
