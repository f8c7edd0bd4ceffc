import ArgumentParser
import StatecraftSCXML

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

    @Option(help: "The profile: 'statecraft' (the default) or 'ecmascript' (the conf: markup as confEcma.xsl defines it).")
    var datamodel = "statecraft"

    func run() throws {
        switch datamodel {
        case "statecraft": break
        case "ecmascript": return try ConformanceECMAScript.run(directory: directory)
        default: throw ValidationError("no conformance profile for the datamodel '\(datamodel)'; use 'statecraft' or 'ecmascript'")
        }
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
