import ArgumentParser
import StatecraftSCXML

/// The `statecraft` command-line tool.
@main
struct StatecraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft",
        abstract: "Tools for Statecraft state machines and SCXML documents.",
        subcommands: [Conformance.self, Check.self]
    )
}

/// `statecraft conformance DIR`: runs the W3C SCXML tests in a folder.
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the W3C SCXML conformance tests found in a folder (NNN/testNNN.txml).",
        discussion: """
            Prints one line per test document (PASS, FAIL with the reason, SKIP with the reason) \
            and then 'N passed, N failed, N skipped'. Exits with status 1 when any test fails.
            """
    )

    @Argument(help: "The folder of tests, laid out as the W3C publishes them.")
    var directory: String

    func run() throws {
        let summary: ConformanceRunner.Summary
        do {
            summary = try ConformanceRunner(directory: directory).run { print($0) }
        } catch {
            throw ValidationError(error.description)
        }
        print(summary)
        if summary.failed > 0 { throw ExitCode(1) }
    }
}

/// `statecraft check FILE...`: reads and checks SCXML documents.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read and check SCXML documents; print what is wrong and where."
    )

    @Argument(help: "SCXML documents.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let document = try SCXMLDocument(contentsOfFile: file)
                print("\(file): ok, \(document.stateIDs.count) states, datamodel '\(document.datamodelName)'")
            } catch {
                print(error)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
