import Foundation
@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The `conf:` items that need nothing the null datamodel lacks (SCXML Appendix B.1: no data,
/// and `In()` as the only condition): success and failure, targets, types, delays, inline
/// content, `In()`, and the constant conditions.
let nullExpressibleItems: Set<String> = [
    "datamodel", "targetpass", "targetfail", "<pass", "<fail", "illegalTarget", "unreachableTarget",
    "invalidSendType", "delay", "inState", "true", "false", "nonBoolean", "<illegalContent", "<contentFoo",
    "<someInlineVal", "<setUpHTTPTest",
]

/// The W3C SCXML Implementation Report Plan tests, run as `statecraft conformance` runs them,
/// under each profile.
@Suite("W3C conformance", .enabled(if: W3CSuite.folder != nil, W3CSuite.absence))
struct W3CConformanceTests {
    /// Why a test should be skipped under `profile`, from the manifest and the document itself.
    private func expectedSkip(
        _ document: (name: String, number: String, path: String),
        manifest: [String: W3CSuite.ManifestEntry],
        profile: ConformanceProfile
    ) throws -> ConformanceRunner.SkipReason? {
        let entry = manifest[document.number]
        if entry?.manual == true {
            // 178, 230, 250, 301, 307, 313, 314 and 415 are judged (ConformanceRunner.manualJudges);
            // 513 too, but only by a runner with a client outside the session (not this one).
            guard let judge = ConformanceRunner.manualJudges[document.name], judge.post == nil else { return .manual }
            if let reason = judge.notApplicable[profile.name] { return .unsupported(reason) }
        }
        let text = try String(contentsOfFile: document.path, encoding: .utf8)
        let root = try DocumentReader().read(text)
        if let datamodel = root.attribute("datamodel"), !["statecraft", "null"].contains(datamodel) {
            return .datamodelUnavailable(datamodel)
        }
        // The Basic HTTP Event I/O Processor is Appendix C.2; its tests name it.
        if entry?.section == "C.2" || text.range(of: "basichttp", options: .caseInsensitive) != nil {
            return .basicHTTP
        }
        if profile.name == "null", !ConformanceMarkup.items(in: root).isSubset(of: nullExpressibleItems) {
            return .notExpressible("null")
        }
        return nil
    }

    @Test(
        "Every test that applies passes, and every skip has the reason the test's own features give",
        arguments: ["statecraft", "null"]
    )
    func suitePasses(profileName: String) throws {
        let folder = try #require(W3CSuite.folder)
        let profile = try #require(ConformanceProfile.builtIn.first { $0.name == profileName })
        let manifest = try W3CSuite.manifest(in: folder)
        let documents = try W3CSuite.testDocuments(in: folder)
        var expected: [String: ConformanceRunner.SkipReason] = [:]
        var expectedCounts: [ConformanceRunner.SkipReason: Int] = [:]
        for document in documents {
            if let reason = try expectedSkip(document, manifest: manifest, profile: profile) {
                expected[document.name] = reason
                expectedCounts[reason, default: 0] += 1
            }
        }
        var results: [ConformanceRunner.Result] = []
        let summary = try ConformanceRunner(directory: folder, profile: profile).run { results.append($0) }
        #expect(results.map(\.test) == documents.map(\.name))
        for result in results {
            switch result.status {
            case .pass: #expect(expected[result.test] == nil, "\(result.test) passed but should be skipped")
            case .fail: Issue.record("\(result)")
            case .skip: #expect(result.skip == expected[result.test], "\(result)")
            }
        }
        #expect(summary.failed == 0)
        #expect(summary.skips == expectedCounts)
        #expect(summary.passed == documents.count - expected.count)
    }

    @Test("Each test written back as SCXML and read again behaves the same")
    func roundTrip() throws {
        let folder = try #require(W3CSuite.folder)
        let runner = ConformanceRunner(directory: folder)
        var checked = 0
        for path in try runner.testDocuments() {
            guard case .ready(let original, _) = runner.prepare(path) else { continue }
            let written = original.xml
            let reread = try SCXMLDocument(
                root: DocumentReader().read(written, file: path), file: path, loader: original.loader, datamodels: .standard
            )
            #expect(reread.xml == written, "writing is stable for \(path)")
            #expect(reread.stateIDs == original.stateIDs)
            let first = SCXMLSession(document: original), second = SCXMLSession(document: reread)
            first.runToEnd(limit: .seconds(600))
            second.runToEnd(limit: .seconds(600))
            #expect(first.finalState == second.finalState, "\(path)")
            checked += 1
        }
        // Every test that passes was written back too (manual ones are prepared as well).
        let passed = try runner.run().passed
        #expect(checked >= passed)
    }
}
