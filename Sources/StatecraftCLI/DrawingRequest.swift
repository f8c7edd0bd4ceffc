#if Tools
import Foundation
import Statecraft
import StatecraftSCXML

/// What `statecraft draw` writes: a text format from the library, or an image from Graphviz.
enum DrawingFormat: String, CaseIterable {
    case dot, mermaid, plantuml, json, svg, png

    /// The library's text format, or `nil` for an image.
    var textFormat: ChartStructure.Format? { ChartStructure.Format(rawValue: rawValue) }
}

/// Why a drawing could not be made; exits with status 2.
struct DrawingError: Error, CustomStringConvertible {
    let description: String
}

/// Makes drawings of a document, the work of `statecraft draw` apart from its options.
struct DrawingRequest {
    var format: DrawingFormat
    var highlighted: [String]

    /// The drawing of `structure`: text, or an image made by Graphviz's `dot`.
    ///
    /// - Parameters:
    ///   - structure: The chart.
    ///   - search: The folders to look for `dot` in, in order (`PATH`).
    ///   - output: The file to write an image to; `nil` returns it.
    /// - Returns: The drawing's bytes, empty when `dot` wrote it to `output`.
    /// - Throws: ``DrawingError`` when a highlighted id is no state's, `dot` is missing, or `dot` fails.
    func render(_ structure: ChartStructure, search: [String], output: String?) throws(DrawingError) -> Data {
        let ids = Set(structure.states.map(\.id))
        if let unknown = highlighted.first(where: { !ids.contains($0) }) {
            let known = structure.states.prefix(12).map { "'\($0.id)'" }.joined(separator: ", ")
            throw DrawingError(description: "--highlight '\(unknown)' is not a state of the document; its states include \(known)")
        }
        if let text = format.textFormat {
            return Data(structure.drawing(text, highlighting: Set(highlighted)).utf8)
        }
        return try Self.runDot(structure.dot(highlighting: Set(highlighted)), format: format.rawValue, search: search, output: output)
    }

    /// Where `dot` is: the first executable `dot` in the folders.
    static func findDot(in search: [String]) -> String? {
        search.lazy.map { ($0.isEmpty ? "." : $0) + "/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The folders of `PATH`.
    static var searchPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }

    private static func runDot(_ source: String, format: String, search: [String], output: String?) throws(DrawingError) -> Data {
        guard let dot = findDot(in: search) else {
            throw DrawingError(description: "--format \(format) needs Graphviz's 'dot' program, which is not on PATH; "
                + "install the 'graphviz' package (apt-get install graphviz, brew install graphviz), "
                + "or write --format dot and render it elsewhere")
        }
        let folder = FileManager.default.temporaryDirectory
        let name = "statecraft-\(UUID().uuidString)"
        let input = folder.appendingPathComponent(name + ".dot")
        let messages = folder.appendingPathComponent(name + ".err")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: messages)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(format)", input.path] + (output.map { ["-o", $0] } ?? [])
        let standardOutput = Pipe()
        process.standardOutput = standardOutput
        do {
            try Data(source.utf8).write(to: input)
            _ = FileManager.default.createFile(atPath: messages.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: messages)
            try process.run()
        } catch {
            throw DrawingError(description: "could not run '\(dot)': \(error.localizedDescription)")
        }
        // Its messages go to a file, so reading the image to its end cannot block dot.
        let image = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
            throw DrawingError(description: "'dot -T\(format)' failed with status \(process.terminationStatus): "
                + text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return image
    }
}
#endif
