@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Documents of our own in the W3C's style, in `Tests/W3CStyle`, for the items of
/// `confEcma.xsl` that the W3C's own tests never use; run through the runner as the suite is.
@Suite("W3C-style documents of our own")
struct W3CStyleDocumentTests {
    private let folder = W3CSuite.packageRoot.appendingPathComponent("Tests/W3CStyle").path

    @Test("Every one passes in the statecraft datamodel")
    func statecraft() throws {
        var results: [ConformanceRunner.Result] = []
        let summary = try ConformanceRunner(directory: folder, profile: .statecraft).run { results.append($0) }
        #expect(results.map(\.description) == ["PASS test9001", "PASS test9002", "PASS test9003", "PASS test9004", "PASS test9005"])
        #expect(summary.description == "5 passed, 0 failed, 0 skipped")
    }

    @Test("In the null datamodel the one written without data passes, and the others are skipped for what they need")
    func null() throws {
        var results: [ConformanceRunner.Result] = []
        let summary = try ConformanceRunner(directory: folder, profile: .null).run { results.append($0) }
        #expect(results.map(\.status) == [.skip, .skip, .skip, .skip, .pass])
        #expect(results.prefix(4).allSatisfy { $0.skip == .notExpressible("null") && $0.reason?.contains("conf:id") == true })
        #expect(summary.skips == [.notExpressible("null"): 4])
        #expect(summary.breakdown == ["4 skipped: uses conf: items the null datamodel cannot express"])
    }

    @Test("conf:scriptGoodSrc loads the script the profile supplies; without it the document is refused")
    func goodScriptComesFromTheProfile() throws {
        var bare = ConformanceProfile.statecraft
        bare.resources = [:]
        var results: [ConformanceRunner.Result] = []
        try ConformanceRunner(directory: folder, profile: bare).run { results.append($0) }
        let test9004 = try #require(results.first { $0.test == "test9004" })
        #expect(test9004.status == .fail)
        #expect(test9004.reason?.contains(StatecraftVocabulary.goodScriptName) == true)
    }
}
