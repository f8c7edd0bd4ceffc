import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The W3C tests in `../shared/scxml-irp` beside the package, when they are there.
private let suiteFolder = ToolProcess.packageRoot.appendingPathComponent("../shared/scxml-irp").standardizedFileURL

private let suitePresent = FileManager.default.fileExists(atPath: suiteFolder.path)

/// Every `.txml` document of the suite, in order.
private func suiteDocuments() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: suiteFolder.path).sorted().flatMap { folder -> [String] in
        let path = suiteFolder.appendingPathComponent(folder).path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".txml") }.sorted()
            .map { "\(path)/\($0)" }
    }
}

// The suite is not part of the package: without it these tests cannot run, and say why.
@Suite(
    "simulate and paths on every W3C test document",
    .enabled(if: suitePresent, "the W3C tests were not found in ../shared/scxml-irp beside the package")
)
struct W3CToolsTests {
    @Test func everyDocumentSimulatesOrIsRefusedWithAPosition() throws {
        let documents = try suiteDocuments()
        try #require(documents.count >= 150, "only \(documents.count) documents in \(suiteFolder.path)")
        var simulated = 0
        for path in documents {
            let document: SCXMLDocument
            do {
                document = try ToolDocument.load(path)
            } catch {
                // Refused documents (other datamodels, a manual test that is not XML, a missing
                // script) say where, as the command's exit status 1 does.
                #expect(error.position != nil || error.code == .unreadableFile, "\(path): \(error)")
                continue
            }
            var empty = SCXMLSimulation(document: document, tracing: true)
            let start = try empty.run(script: "")
            #expect(start.count == 1)
            #expect(start[0].line == 0)

            var simulation = SCXMLSimulation(document: document, tracing: true)
            let names = Array(simulation.subject.alphabet.names.prefix(3))
            let script = (names + ["wait 1s", "unknown.event {\"a\": [1, 2]}", "wait 10s"]).joined(separator: "\n")
            let steps = try simulation.run(script: script)
            #expect(steps.count == names.count + 4, "\(path)")
            #expect(steps.allSatisfy { !$0.json.isEmpty })
            simulated += 1
        }
        // 150 of the 172 documents load; the others are written for the ecmascript datamodel,
        // are not XML (a manual test), or name a script that is missing on purpose (test 301).
        #expect(simulated >= 140)
    }

    @Test func everyDocumentsPathSearchEndsWithinItsBounds() throws {
        var searched = 0
        for path in try suiteDocuments() {
            guard let document = try? ToolDocument.load(path) else { continue }
            var search = SCXMLPathSearch(document: document)
            search.maxDepth = 6
            search.maxConfigurations = 200
            let result = search.run()
            #expect(!result.configurations.isEmpty, "\(path)")
            #expect(result.nodes <= 200)
            let report = PathReport(document: document, result: result, cover: .transitions)
            #expect(report.text.hasPrefix("\(result.coveringPaths.count) path"))
            #expect(report.json.hasPrefix("{\"file\":"))
            searched += 1
        }
        #expect(searched >= 140)
    }

    @Test func theBinaryRunsOnEveryDocument() throws {
        var codes: [Int32: Int] = [:]
        for path in try suiteDocuments() {
            let simulate = try ToolProcess.run(["simulate", path, "--json"], input: "wait 2s\n")
            #expect(simulate.status == 0 || simulate.status == 1, "\(path): \(simulate.standardError)")
            if simulate.status == 1 {
                #expect(simulate.standardError.hasPrefix("error: \(path)"), "\(path)")
            }
            codes[simulate.status, default: 0] += 1
            let paths = try ToolProcess.run(["paths", path, "--max-depth", "4", "--cover", "transitions"])
            #expect(paths.status == simulate.status, "\(path)")
        }
        #expect(codes[0, default: 0] >= 140)
    }
}
