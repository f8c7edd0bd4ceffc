import Foundation
@testable import StatecraftSCXML
import Testing

/// The W3C SCXML Implementation Report Plan tests in `../shared/scxml-irp`, run as
/// `statecraft conformance` runs them.
@Suite("W3C conformance")
struct W3CConformanceTests {
    static let suite: String = {
        // Tests/StatecraftSCXMLTests/W3CConformanceTests.swift → package root → ../shared
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/scxml-irp").path
    }()

    @Test("Every automatic test that applies passes")
    func suitePasses() throws {
        try #require(FileManager.default.fileExists(atPath: Self.suite), "the W3C tests are expected at \(Self.suite)")
        var failures: [String] = []
        var skips: [ConformanceRunner.Result] = []
        let summary = try ConformanceRunner(directory: Self.suite).run { result in
            if result.status == .fail { failures.append(result.description) }
            if result.status == .skip { skips.append(result) }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(summary.passed > 100)
        // Skips are only for what cannot apply to this processor.
        for skip in skips {
            let reason = skip.reason ?? ""
            let allowed = reason.hasPrefix("a manual test") || reason.contains("ECMAScript") || reason.contains("Basic HTTP")
            #expect(allowed, "\(skip)")
        }
    }

    @Test("Each test written back as SCXML and read again behaves the same")
    func roundTrip() throws {
        try #require(FileManager.default.fileExists(atPath: Self.suite), "the W3C tests are expected at \(Self.suite)")
        let runner = ConformanceRunner(directory: Self.suite)
        var checked = 0
        for path in try runner.testDocuments() {
            guard case .ready(let original) = ConformanceRunner.prepare(path) else { continue }
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
        #expect(checked > 100)
    }
}
