#if Tools
import ArgumentParser
import StatecraftECMAScript
import StatecraftSCXML
import StatecraftSCXMLHTTP
import StatecraftTools

/// `statecraft conformance DIR [--datamodel NAME]`: runs the W3C SCXML tests in a folder.
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the W3C SCXML conformance tests found in a folder (NNN/testNNN.txml).",
        discussion: """
            Translates each test's conf: markup for the chosen datamodel and runs it. Prints one \
            line per test document (PASS, FAIL with the reason, SKIP with the reason), one line \
            per skip reason with its count ('2 skipped: a manual test: ...'), and then \
            'N passed, N failed, N skipped'. Exits with status 1 when any test fails.

            Examples:
              statecraft conformance ../shared/scxml-irp
              statecraft conformance ../shared/scxml-irp --datamodel null
              statecraft conformance ../shared/scxml-irp --datamodel ecmascript --http
            """
    )

    @Argument(help: "The folder of tests, laid out as the W3C publishes them.")
    var directory: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "The datamodel to run the tests with: \(Self.datamodels.joined(separator: ", ")) (ecmascript: the conf: markup as confEcma.xsl defines it, on JavaScriptCore).")
    var datamodel = ConformanceProfile.statecraft.name

    @Flag(help: "Also run the optional tests of the Basic HTTP Event I/O Processor (SCXML C.2), each session in real time with a server on 127.0.0.1 (a free port).")
    var http = false

    @Option(help: ArgumentHelp("Also write each test the interpreter passes as generated Swift into this folder (one file per test, 'generated.txt' listing their types, 'refused.txt' the tests that cannot be generated and why), for scripts/generated-conformance.", valueName: "folder"))
    var generateInto: String?

    /// The profiles' datamodels: the built-in ones, and `ecmascript`.
    static var datamodels: [String] { ConformanceProfile.builtIn.map(\.name) + [ECMAScriptEngine.datamodelName] }

    func validate() throws {
        guard Self.datamodels.contains(datamodel) else {
            let names = Self.datamodels.map { "'\($0)'" }.joined(separator: ", ")
            throw ValidationError("unknown datamodel '\(datamodel)'; the datamodels are \(names)")
        }
    }

    /// The profile `--datamodel` names.
    ///
    /// - Throws: A `ValidationError` naming the package trait and the apt package when the
    ///   datamodel is `ecmascript` and this build has no JavaScriptCore.
    func profile() throws -> ConformanceProfile {
        if datamodel == ECMAScriptEngine.datamodelName {
            guard ECMAScriptEngine.isAvailable else { throw ValidationError(ECMAScriptEngine.unavailableReason) }
            do {
                return try ConformanceProfile.ecmascript()
            } catch {
                throw ValidationError(error.description)
            }
        }
        guard let profile = ConformanceProfile.builtIn.first(where: { $0.name == datamodel }) else {
            throw ValidationError("unknown datamodel '\(datamodel)'")
        }
        return profile
    }

    func run() throws {
        let profile = try profile()
        var processor: SCXMLHTTPProcessor?
        if http {
            do {
                processor = try SCXMLHTTPProcessor.startedBlocking()
            } catch {
                throw ValidationError("--http: \(error.message)")
            }
        }
        let summary: ConformanceRunner.Summary
        do {
            let terminal = Terminal.standardOutput
            var runner = ConformanceRunner(directory: directory, profile: profile)
            runner.readPolicy = reading.policy
            if let processor {
                runner.basicHTTP = processor.sessionRunner
                runner.basicHTTPClient = { SCXMLHTTPProcessor.postedForm(to: $0, eventName: $1, form: $2) }
            }
            var passed: [String] = []
            summary = try runner.run { result in
                print(Self.painted("\(result)", terminal))
                if result.status == .pass { passed.append(result.test) }
            }
            if let generateInto { try GeneratedConformance.write(passed, of: runner, into: generateInto) }
        } catch {
            throw ValidationError(error.description)
        }
        // The ecmascript profile's output has always ended with the counts alone.
        if profile.name != ECMAScriptEngine.datamodelName { summary.breakdown.forEach { print($0) } }
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
#endif
