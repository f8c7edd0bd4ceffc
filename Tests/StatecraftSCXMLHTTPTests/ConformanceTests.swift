#if HTTP
import Foundation
import StatecraftECMAScript
import StatecraftSCXML
import StatecraftSCXMLHTTP
import StatecraftTools
import Testing

/// The optional W3C tests of the Basic HTTP Event I/O Processor, run as `statecraft conformance
/// --http` runs them: each session in real time with an endpoint on a server on loopback.
@Suite("W3C tests of the Basic HTTP processor", .enabled(if: HTTPSuite.folder != nil, HTTPSuite.absence))
struct ConformanceTests {
    /// The tests whose markup or type names the processor (SCXML C.2, and 201 of 6.2).
    static let httpTests: Set<String> = [
        "test201", "test509", "test510", "test518", "test519", "test520", "test522", "test531", "test532",
        "test534", "test567", "test577",
    ]

    func run(_ profile: ConformanceProfile) async throws -> [ConformanceRunner.Result] {
        let folder = try #require(HTTPSuite.folder)
        let processor = SCXMLHTTPProcessor()
        try await processor.start()
        var runner = ConformanceRunner(directory: folder, profile: profile)
        runner.basicHTTP = processor.sessionRunner
        let ready = runner
        let results = await onThread { () -> [ConformanceRunner.Result] in
            var results: [ConformanceRunner.Result] = []
            _ = try? ready.run { results.append($0) }
            return results
        }
        await processor.stop()
        return results
    }

    @Test func everyTestOfTheProcessorThatTheStatecraftDatamodelExpressesPasses() async throws {
        let results = try await run(.statecraft)
        let http = results.filter { Self.httpTests.contains($0.test) }
        #expect(http.count == 12)
        #expect(!results.contains { $0.skip == .basicHTTP })
        #expect(!results.contains { $0.status == .fail })
        // 567 assigns a posted value (the string "2") and compares it with the number 2: the
        // statecraft datamodel's == does not convert (ECMAScript's does).
        let skipped = http.filter { $0.status != .pass }
        #expect(skipped.map(\.test) == ["test567"])
        #expect(skipped.first?.reason?.contains("compares a value posted over HTTP, which is text, with a number") == true)
    }

    @Test(.enabled(if: ECMAScriptEngine.isAvailable, "the ecmascript datamodel is not in this build (trait ECMAScript)"))
    func everyTestOfTheProcessorPassesInTheECMAScriptProfile() async throws {
        let results = try await run(try ConformanceProfile.ecmascript())
        let http = results.filter { Self.httpTests.contains($0.test) }
        #expect(http.count == 12 && http.allSatisfy { $0.status == .pass })
        #expect(!results.contains { $0.status == .fail })
    }

    @Test func withoutTheProcessorTheyAreSkippedWithThatReason() throws {
        let folder = try #require(HTTPSuite.folder)
        var results: [ConformanceRunner.Result] = []
        _ = try ConformanceRunner(directory: folder, profile: .statecraft).run { results.append($0) }
        let skipped = results.filter { $0.skip == .basicHTTP }.map(\.test)
        #expect(Set(skipped) == Self.httpTests)
    }
}

/// Where the W3C tests are: `STATECRAFT_SCXML_IRP`, or `../shared/scxml-irp` beside the package.
enum HTTPSuite {
    static let expectedFolder: String = {
        if let named = ProcessInfo.processInfo.environment["STATECRAFT_SCXML_IRP"], !named.isEmpty { return named }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("../shared/scxml-irp").standardizedFileURL.path
    }()

    static let folder: String? = FileManager.default.fileExists(atPath: expectedFolder + "/manifest.xml") ? expectedFolder : nil

    static let absence = Comment(
        rawValue: "the W3C SCXML tests were not found at \(expectedFolder): put them at ../shared/scxml-irp or set STATECRAFT_SCXML_IRP"
    )
}
#endif
