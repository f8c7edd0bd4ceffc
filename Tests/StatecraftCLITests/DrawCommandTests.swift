#if Tools
import Foundation
import Statecraft
@testable import StatecraftCLI
import StatecraftSCXML
import Testing

@Suite("statecraft draw")
struct DrawCommandTests {
    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func everyW3CDocumentDrawsInEveryTextFormat() throws {
        let documents = try Suite.documents()
        try #require(documents.count > 150, "the W3C tests are expected at \(Suite.folder)")
        var refused: [String] = []
        for path in documents {
            let document: SCXMLDocument
            do {
                document = try DocumentLoading.load(path, anyDatamodel: true)
            } catch {
                // A document the suite means to be refused must say where it is wrong.
                #expect(error.description.contains(path + ":"), "\(error)")
                refused.append(path)
                continue
            }
            for format in DrawingFormat.allCases where format.textFormat != nil {
                let request = DrawingRequest(format: format, highlighted: [])
                let drawing = try request.render(document.structure, search: [], output: nil)
                #expect(!drawing.isEmpty, "\(path) \(format)")
            }
        }
        // Refused on purpose: test301 loads a script that does not exist, test513 is not XML,
        // and the reader refuses a few more the suite leaves to other processors.
        #expect(refused.count <= 5, "\(refused)")
        #expect(refused.contains { $0.hasSuffix("test301.txml") } && refused.contains { $0.hasSuffix("test513.txml") })
    }

    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func graphvizAcceptsTheDOTOfEveryW3CDocument() throws {
        guard let dot = Suite.dot else {
            // Without Graphviz there is nothing to ask; CI installs it (.ci/run).
            print("skipped: Graphviz's dot is not installed (apt-get install graphviz)")
            return
        }
        var graphs = ""
        var count = 0
        for path in try Suite.documents() {
            guard let document = try? DocumentLoading.load(path, anyDatamodel: true) else { continue }
            graphs += document.structure.dot()
            count += 1
        }
        // One run of dot lays out every graph of the file, and fails on the first it refuses.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-irp-\(UUID().uuidString).dot")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(graphs.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", "-o", "/dev/null", file.path]
        let messages = Pipe()
        process.standardError = messages
        try process.run()
        let text = String(decoding: messages.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(count > 150)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.isEmpty, "dot warned: \(text)")
    }

    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func svgAndPNGAreRenderedByGraphviz() throws {
        guard let dot = Suite.dot else {
            print("skipped: Graphviz's dot is not installed (apt-get install graphviz)")
            return
        }
        let document = try DocumentLoading.load(Suite.folder + "/147/test147.txml")
        let folder = URL(fileURLWithPath: dot).deletingLastPathComponent().path
        let svg = try DrawingRequest(format: .svg, highlighted: ["s0"]).render(document.structure, search: [folder], output: nil)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        let png = try DrawingRequest(format: .png, highlighted: []).render(document.structure, search: [folder], output: nil)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let written = try DrawingRequest(format: .svg, highlighted: []).render(document.structure, search: [folder], output: output.path)
        #expect(written.isEmpty)
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func aMissingGraphvizIsAnErrorNamingThePackage() throws {
        let document = try DocumentLoading.load(Suite.folder + "/147/test147.txml")
        #expect {
            try DrawingRequest(format: .svg, highlighted: []).render(document.structure, search: ["/nonexistent"], output: nil)
        } throws: { error in
            "\(error)".contains("the 'graphviz' package") && "\(error)".contains("'dot'")
        }
    }

    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func anUnknownHighlightedStateIsAnError() throws {
        let document = try DocumentLoading.load(Suite.folder + "/147/test147.txml")
        #expect {
            try DrawingRequest(format: .dot, highlighted: ["s0", "nowhere"]).render(document.structure, search: [], output: nil)
        } throws: { error in
            "\(error)".hasPrefix("--highlight 'nowhere' is not a state of the document")
        }
        let drawing = try DrawingRequest(format: .dot, highlighted: ["s0"]).render(document.structure, search: [], output: nil)
        #expect(String(decoding: drawing, as: UTF8.self).contains("fillcolor"))
    }

    @Test func optionsParseAsTheHelpSays() throws {
        let command = try Draw.parse(["a.scxml", "--format", "mermaid", "-o", "a.mmd", "--highlight", "x", "y"])
        #expect(command.file == "a.scxml")
        #expect(command.format == .mermaid)
        #expect(command.output == "a.mmd")
        #expect(command.highlight == ["x", "y"])
        #expect(throws: (any Error).self) { try Draw.parse(["a.scxml", "--format", "gif"]) }
    }
}
#endif
