import ArgumentParser
import StatecraftSCXML

/// `statecraft conformance DIR [--datamodel NAME]`: runs the W3C SCXML tests in a folder.
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the W3C SCXML conformance tests found in a folder (NNN/testNNN.txml).",
        discussion: """
            Translates each test's conf: markup for the chosen datamodel and runs it. Prints one \
            line per test document (PASS, FAIL with the reason, SKIP with the reason), one line \
            per skip reason with its count ('9 skipped: a manual test: ...'), and then \
            'N passed, N failed, N skipped'. Exits with status 1 when any test fails.
            """
    )

    @Argument(help: "The folder of tests, laid out as the W3C publishes them.")
    var directory: String

    @Option(help: "The datamodel to run the tests with: \(ConformanceProfile.builtIn.map(\.name).joined(separator: " or ")).")
    var datamodel = ConformanceProfile.statecraft.name

    func validate() throws {
        guard ConformanceProfile.builtIn.contains(where: { $0.name == datamodel }) else {
            let names = ConformanceProfile.builtIn.map { "'\($0.name)'" }.joined(separator: ", ")
            throw ValidationError("unknown datamodel '\(datamodel)'; the datamodels are \(names)")
        }
    }

    func run() throws {
        guard let profile = ConformanceProfile.builtIn.first(where: { $0.name == datamodel }) else {
            throw ValidationError("unknown datamodel '\(datamodel)'")
        }
        let summary: ConformanceRunner.Summary
        do {
            summary = try ConformanceRunner(directory: directory, profile: profile).run { print($0) }
        } catch {
            throw ValidationError(error.description)
        }
        summary.breakdown.forEach { print($0) }
        print(summary)
        if summary.failed > 0 { throw ExitCode(1) }
    }
}
