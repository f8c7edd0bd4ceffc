#if Tools
import ArgumentParser
import Foundation
import Statecraft
import StatecraftSCXML

extension DrawingFormat: ExpressibleByArgument {}

/// `statecraft draw FILE`: draws an SCXML document.
struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw an SCXML document's states and transitions.",
        discussion: """
            Writes the document (SCXML, or a W3C test's .txml with its conformance markup \
            translated; any datamodel, since nothing is run) as Graphviz DOT (the default), a Mermaid stateDiagram-v2, \
            PlantUML, or JSON (the chart's structure), or renders it as SVG or PNG with Graphviz's \
            'dot' program, which must then be installed (the 'graphviz' package). Compound states \
            are clusters, parallel regions dashed, final states double circles, history states \
            H and H*; transitions read 'event [guard] / action'.

            Examples:
              statecraft draw light.scxml > light.dot
              statecraft draw light.scxml --format svg --output light.svg
              statecraft draw light.scxml --format mermaid --highlight red walk

            Exit status: 0 when the drawing was written; 1 when the document cannot be read or \
            is not valid SCXML (the message gives line and column); 2 when the drawing cannot be \
            made (an unknown --highlight id, 'dot' missing or failing, the output not writable); \
            64 for a mistake in the options.
            """
    )

    @Argument(help: "The SCXML document.")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "dot, mermaid, plantuml, json, svg or png.")
    var format: DrawingFormat = .dot

    @Option(name: .shortAndLong, help: "Write the drawing to this file instead of standard output.")
    var output: String?

    @Option(parsing: .upToNextOption, help: "Ids of states to draw filled (write them after the document).")
    var highlight: [String] = []

    func validate() throws {
        if format == .png && output == nil && isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("a PNG is binary: give --output PATH, or redirect standard output to a file")
        }
    }

    func run() throws {
        let document = try DocumentLoading.loadOrExit(file, anyDatamodel: true, readPolicy: reading.policy)
        do {
            let request = DrawingRequest(format: format, highlighted: highlight)
            let drawing = try request.render(
                document.structure, search: DrawingRequest.searchPath,
                output: format.textFormat == nil ? output : nil
            )
            if let output, format.textFormat != nil {
                do {
                    try drawing.write(to: URL(fileURLWithPath: output))
                } catch {
                    throw DrawingError(description: "cannot write '\(output)': \(error.localizedDescription)")
                }
            } else if !drawing.isEmpty {
                FileHandle.standardOutput.write(drawing)
            }
        } catch let error as DrawingError {
            Terminal.writeError("\(Terminal.standardError.paint("error:", .error)) \(error)")
            throw ExitCode(2)
        }
    }
}
#endif
