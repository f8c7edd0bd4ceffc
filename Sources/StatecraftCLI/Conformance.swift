import ArgumentParser
import StatecraftSCXML

/// `statecraft conformance DIR`: runs the W3C SCXML tests in a folder.
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the W3C SCXML conformance tests found in a folder (NNN/testNNN.txml).",
        discussion: """
            Prints one line per test document (PASS, FAIL with the reason, SKIP with the reason) \
            and then 'N passed, N failed, N skipped'. Exits with status 1 when any test fails.

            Example:
              statecraft conformance ../shared/scxml-irp
            """
    )

    @Argument(help: "The folder of tests, laid out as the W3C publishes them.")
    var directory: String

    func run() throws {
        let summary: ConformanceRunner.Summary
        do {
            let terminal = Terminal.standardOutput
            summary = try ConformanceRunner(directory: directory).run { print(Self.painted("\($0)", terminal)) }
        } catch {
            throw ValidationError(error.description)
        }
        print(summary)
        if summary.failed > 0 { throw ExitCode(1) }
    }

    /// A result line with its first word in colour on a terminal.
    static func painted(_ line: String, _ terminal: Terminal) -> String {
        let styles: [(String, Terminal.Style)] = [("PASS", .success), ("FAIL", .error), ("SKIP", .note)]
        guard let (word, style) = styles.first(where: { line.hasPrefix($0.0 + " ") }) else { return line }
        return terminal.paint(word, style) + line.dropFirst(word.count)
    }
}
