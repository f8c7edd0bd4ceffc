#if Tools
import ArgumentParser
import Foundation
import StatecraftSCXML
import StatecraftTools

/// `statecraft generate FILE`: writes an SCXML document as typed Swift.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an SCXML document as Swift: typed states and events, and its chart in the Statecraft DSL.",
        discussion: """
            Writes one Swift file: a type named after the document's name (or --name, or the file's \
            name), an enum State of its states (each case's raw value is the state's id), an enum \
            Event of the event names its transitions use (matched by SCXML descriptor, so that \
            'error' also takes 'error.execution'; done.state.<id> is Event.doneState(.id)), and \
            makeChart(), the chart in the Statecraft DSL for the typed engine.

            It translates the document's structure: compound and parallel states, initial states, \
            finals and their done events, shallow and deep history with defaults, transitions with \
            and without events, internal and external, In('id') conditions, and delayed sends to \
            the session itself as delays. For null and statecraft documents the <datamodel> \
            becomes a Context struct and executable content becomes Swift over it (assign, if, \
            foreach, raise, send, cancel, log, the expressions), so an expression of the wrong \
            type is a build error; sends out of the machine reach a Host protocol. What the \
            session fails on every time it runs (an expression that does not parse, a name no \
            <data> declares) raises error.execution in the generated machine too, and is reported \
            as a warning with its line and column. An <invoke> of an inline or \
            src SCXML document generates that document as a nested type, run with its parent by \
            a generated Invocations driver. What cannot be generated yet is refused, with each \
            element at its line and column and the reason (the DocC article "Generating Swift \
            from SCXML" lists what is generated).

            An ecmascript document gets the same State and Event, and instead of makeChart() a \
            class Session that interprets the document (embedded in the file) on JavaScriptCore: \
            typed events in, typed active states out, and what it sends out and logs through a \
            Host protocol.

            Examples:
              statecraft generate light.scxml > Light.swift
              statecraft generate light.scxml --name Light --output Sources/App/Light.swift

            Exit status: 0 when the Swift was written; 1 when the document cannot be read, is not \
            valid SCXML, or cannot be generated (each reason with its line and column); 2 when \
            the output cannot be written; 64 for a mistake in the options.
            """
    )

    @Argument(help: "The SCXML document.")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "The generated type's name (made a valid Swift name); the document's name by default.")
    var name: String?

    @Flag(help: "Declare the generated type and its members public.")
    var `public` = false

    @Option(name: .shortAndLong, help: "Write the Swift to this file instead of standard output.")
    var output: String?

    func run() throws {
        let swift: String
        do {
            let document = try DocumentLoading.load(file, anyDatamodel: true, readPolicy: reading.policy)
            let generator = SCXMLSwiftGenerator(document: document, typeName: name, access: `public` ? .public : .internal)
            let warnings: [SCXMLGenerationError.Refusal]
            (swift, warnings) = try generator.generateWithWarnings()
            for warning in warnings {
                Terminal.writeError("\(Terminal.standardError.paint("warning:", .warning)) \(document.file.map { "\($0): " } ?? "")\(warning)")
            }
        } catch {
            Terminal.writeError("\(Terminal.standardError.paint("error:", .error)) \(error)")
            throw ExitCode(1)
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(swift.utf8))
            return
        }
        do {
            try Data(swift.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            Terminal.writeError("\(Terminal.standardError.paint("error:", .error)) cannot write '\(output)': \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }
}
#endif
