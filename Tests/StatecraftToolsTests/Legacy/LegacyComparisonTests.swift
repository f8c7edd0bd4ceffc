import Foundation
import StatecraftECMAScript
@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

// Throwaway (removed in the next commit): the old ECMAScript runner beside the one runner, for
// the byte-for-byte comparison of `statecraft conformance --datamodel ecmascript`.
@Suite("Legacy ECMAScript runner", .needsJavaScriptCore)
struct LegacyComparisonTests {
    @Test func sameLines() throws {
        let suite = try #require(W3CSuite.folder)
        var old: [String] = []
        let oldSummary = try ECMAScriptConformanceRunner(directory: suite).run { old.append("\($0)") }
        old.append("\(oldSummary)")
        var new: [String] = []
        let newSummary = try ConformanceRunner(directory: suite, profile: .ecmascript()).run { new.append("\($0)") }
        new.append("\(newSummary)")
        #expect(old == new)
        if let path = ProcessInfo.processInfo.environment["LEGACY_ECMASCRIPT_OUT"] {
            try (old.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
