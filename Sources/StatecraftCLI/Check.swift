#if Tools
import ArgumentParser
import Statecraft
import StatecraftECMAScript
import StatecraftSCXML

/// `statecraft check FILE...`: reads and checks SCXML documents, then lints them.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read and check SCXML documents; print what is wrong and where.",
        discussion: """
            Each document (SCXML, or a W3C test's .txml with its conformance markup translated) \
            is read and checked as the library reads it; a \
            mistake is an error with its line and column. A valid document is then linted, and \
            each finding is a warning with its line and column:
              unreachableState    no transition from the initial state reaches the state
              shadowedTransition  an earlier transition of the same state, without guard, \
            takes every event this one would
              noWayOut            a state that is not final and that no transition leaves
              unhandledEvent      a <raise> or <send> to the session itself that no \
            transition matches
              endlessEventlessTransition  an eventless transition without target or cond \
            that no other transition can end: it loops until the microstep limit

            Examples:
              statecraft check light.scxml
              statecraft check --strict machines/*.scxml
              statecraft check --allow-read shared/fixtures machines/order.scxml

            A document reads only regular files inside its own folder unless --allow-read \
            widens it, and a document larger than 4 MiB is refused before it is read.

            Exit status: 0 when every document is valid (warnings allowed); 1 when a document \
            cannot be read or is not valid SCXML; 2 with --strict when a valid document has \
            lint findings (they are then printed as errors); 64 for a mistake in the options.
            """
    )

    @Flag(help: "Treat lint findings as errors (exit status 2).")
    var strict = false

    @OptionGroup var reading: ReadOptions

    @Argument(help: "SCXML documents.")
    var files: [String]

    func run() throws {
        var report = CheckReport(strict: strict, terminal: .standardOutput, readPolicy: reading.policy)
        for file in files { report.check(file) }
        for line in report.lines { print(line) }
        if report.status != 0 { throw ExitCode(report.status) }
    }
}

/// What `statecraft check` prints and the status it exits with.
struct CheckReport {
    let strict: Bool
    let terminal: Terminal
    private(set) var lines: [String] = []
    /// 0, 1 for an invalid document, 2 for lint findings under `--strict`.
    private(set) var status: Int32 = 0
    /// Which files the documents may read.
    let readPolicy: SCXMLDocument.ReadPolicy

    init(strict: Bool, terminal: Terminal, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder) {
        self.strict = strict
        self.terminal = terminal
        self.readPolicy = readPolicy
    }

    /// Reads, checks and lints one document.
    ///
    /// - Parameter file: The document's path.
    mutating func check(_ file: String) {
        let document: SCXMLDocument
        do {
            document = try DocumentLoading.load(file, readPolicy: readPolicy)
        } catch {
            lines.append("\(terminal.paint("error:", .error)) \(error)")
            status = 1
            return
        }
        let findings = document.structure.lint()
        for finding in findings {
            let severity = strict ? terminal.paint("error:", .error) : terminal.paint("warning:", .warning)
            let place = finding.location.map { "\($0): " } ?? "\(file): "
            lines.append("\(place)\(severity) \(finding.message) [\(finding.code)]")
        }
        if strict && !findings.isEmpty && status == 0 { status = 2 }
        let summary = findings.isEmpty
            ? terminal.paint("ok", .success)
            : "\(findings.count) \(findings.count == 1 ? "finding" : "findings")"
        lines.append("\(file): \(summary), \(document.stateIDs.count) states, datamodel '\(document.datamodelName)'")
    }
}
#endif
