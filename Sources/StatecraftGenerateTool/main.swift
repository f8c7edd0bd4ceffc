// What the build-tool plugin StatecraftGeneratePlugin runs for each `.scxml` file of a target:
// `StatecraftGenerateTool INPUT.scxml OUTPUT.swift`. It writes the Swift that `statecraft
// generate` writes, and reports a document it cannot read or generate as errors in the
// compilers' form (`file:line:column: error: message`), so that the build shows each at its place.
// It links the reader and the generator only: no server, no argument parser.
import Foundation
import StatecraftSCXML
import StatecraftTools

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
    FileHandle.standardError.write(Data("usage: StatecraftGenerateTool INPUT.scxml OUTPUT.swift\n".utf8))
    exit(64)
}

let swift: String
do {
    let document = try ToolDocument.load(input, anyDatamodel: true)
    let warnings: [SCXMLGenerationError.Refusal]
    (swift, warnings) = try SCXMLSwiftGenerator(document: document).generateWithWarnings()
    for warning in warnings {
        let line = SCXMLGenerationError.diagnostic(warning, file: document.file ?? input, severity: "warning")
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
} catch let error as SCXMLError {
    let place = error.position.map { "\(error.file ?? input):\($0.line):\($0.column)" } ?? (error.file ?? input)
    FileHandle.standardError.write(Data("\(place): error: \(error.message)\n".utf8))
    exit(1)
} catch let error as SCXMLGenerationError {
    FileHandle.standardError.write(Data((error.diagnostics.joined(separator: "\n") + "\n").utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(input): error: \(error)\n".utf8))
    exit(1)
}

do {
    // Written only when it changed, so that the files compiled from it are not rebuilt for nothing.
    let url = URL(fileURLWithPath: output)
    if (try? Data(contentsOf: url)) != Data(swift.utf8) {
        try Data(swift.utf8).write(to: url, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write the generated Swift: \(error.localizedDescription)\n".utf8))
    exit(1)
}
