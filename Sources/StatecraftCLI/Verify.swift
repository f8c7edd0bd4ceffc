#if Tools
import ArgumentParser
import Foundation
import Statecraft
import StatecraftSCXML
import StatecraftTools

/// `statecraft verify FILE [--never A,B] [--eventually A:B] [--within E:S:N] [--always EXPR] [--properties PATH]
/// [--events PATH] [--timers deadline|any] [--max-configurations N] [--max-depth N] [--max-time S] [--json]`: what a
/// document can do, proven on every reachable configuration or cut by a bound that is named.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explore every reachable configuration and report what can go wrong, with counterexamples.",
        discussion: """
            The search sends the events the document's transitions name (as 'statecraft paths'
            does, plus those of --events) in every configuration, and lets the soonest delayed
            event fall due; with --timers any, it delivers each waiting delayed event next in
            turn, whatever its delay, without moving the clock (a 'wait for NAME' step), so
            that a delay that comes out longer or shorter than written is covered too.
            Two configurations are the same when their active states, what
            their history states remember, their datamodel's variables, whether they have
            ended and their waiting delayed events (name, time until due) are the same.

            Found without being asked: states never entered; transitions never taken; deadlocks
            (not final, and no event nor timer changes anything); livelocks (a step that never
            settles, or configurations from which no final state can be reached when the
            document has one); events the document sends that no transition takes; faults
            (limits that cut a step short).

            Stated properties, as options or one per line of a properties file (--properties,
            or FILE with the extension .verify beside the document when it exists):
              never a, b            a and b are never active together
              eventually A: B       whenever A is active, every run reaches B
              within E: S: N        after the event E, S is active within N steps
              always EXPR           the condition holds in every configuration (on the
                                    datamodel's variables; statecraft and null datamodels)

            Every finding comes with the shortest event sequence from the start that shows it,
            printed as a 'statecraft simulate --script' script. When a bound cuts the search,
            the report says so and a clean result is not a proof.

            Exit status: 0 when nothing was found; 3 when something was (a state never entered
            counts; a transition never taken alone does not); 1 for a document error; 2 for an
            error in the --events or properties file; 64 for a mistake in the options.

            Examples:
              statecraft verify door.scxml
              statecraft verify door.scxml --never open,locked --eventually opening:open
              statecraft verify door.scxml --within lock:locked:1 --json
            """
    )

    @Argument(help: "The SCXML document (.scxml, or a W3C test in .txml).")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: ArgumentHelp("States never active together, separated by commas (repeatable).", valueName: "a,b"))
    var never: [String] = []

    @Option(help: ArgumentHelp("Whenever A is active, every run reaches B (repeatable).", valueName: "A:B"))
    var eventually: [String] = []

    @Option(help: ArgumentHelp("After the event E, S is active within N steps (repeatable).", valueName: "E:S:N"))
    var within: [String] = []

    @Option(help: ArgumentHelp("A condition on the datamodel true in every configuration (repeatable; statecraft and null datamodels).", valueName: "expr"))
    var always: [String] = []

    @Option(help: ArgumentHelp("A file of properties, one per line (default: FILE.verify beside the document, if any).", valueName: "path"))
    var properties: String?

    @Option(help: ArgumentHelp("A file of events to try beside the names the transitions use (NAME or NAME JSON).", valueName: "path"))
    var events: String?

    @Option(help: "The most configurations the search keeps.")
    var maxConfigurations = 100_000

    @Option(help: "The longest path tried.")
    var maxDepth = 1_000

    @Option(help: "The most seconds the search runs.")
    var maxTime = 60

    @Option(help: ArgumentHelp(
        "The order delayed events fall due in: 'deadline' (the soonest first) or 'any' (any waiting one next, whatever its delay).",
        valueName: "order"
    ))
    var timers: TimerChoice = .deadline

    @Flag(help: "Print one JSON object.")
    var json = false

    /// `--timers`.
    enum TimerChoice: String, ExpressibleByArgument, CaseIterable {
        case deadline
        case any

        var order: TimerOrder { self == .any ? .any : .deadline }
    }

    func validate() throws {
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must be 0 or more") }
        guard maxConfigurations >= 1 else { throw ValidationError("--max-configurations must be 1 or more") }
        guard maxTime >= 1 else { throw ValidationError("--max-time must be 1 or more") }
        for (kind, values) in [("never", never), ("eventually", eventually), ("within", within), ("always", always)] {
            for value in values {
                do { _ = try VerifyProperty.parse(kind: kind, argument: value) } catch {
                    throw ValidationError("--\(kind) \(value): \(error.message)")
                }
            }
        }
    }

    func run() throws {
        let document = try DocumentLoading.loadOrExit(file, readPolicy: reading.policy)
        var verifier = SCXMLVerifier(document: document)
        verifier.bounds = StateSpaceBounds(maxConfigurations: maxConfigurations, maxDepth: maxDepth, maxTime: .seconds(maxTime))
        if let events { verifier.sampleEvents = try Paths.sampleEvents(from: events) }
        verifier.properties = try statedProperties(document: document)
        verifier.timerOrder = timers.order
        let result = verifier.run()
        let report = VerifyReport(document: document, result: result)
        Terminal.write(json ? report.json + "\n" : report.text)
        if report.status != 0 { throw ExitCode(report.status) }
    }

    /// The options' properties and those of the properties file; every state they name must
    /// be one of the document's.
    private func statedProperties(document: SCXMLDocument) throws -> [VerifyProperty] {
        var stated: [VerifyProperty] = []
        for (kind, values) in [("never", never), ("eventually", eventually), ("within", within), ("always", always)] {
            stated += try values.map { try VerifyProperty.parse(kind: kind, argument: $0) }
        }
        let beside = (file as NSString).deletingPathExtension + ".verify"
        let path = properties ?? (FileManager.default.fileExists(atPath: beside) ? beside : nil)
        if let path {
            guard let data = FileManager.default.contents(atPath: path) else {
                Terminal.writeError("error: \(path): cannot read the properties file")
                throw ExitCode(2)
            }
            do {
                stated += try VerifyProperty.parse(file: String(decoding: data, as: UTF8.self))
            } catch {
                Terminal.writeError("error: \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let conditionsReadable = ["statecraft", "null"].contains(document.datamodelName)
        if let property = stated.first(where: { if case .always = $0 { !conditionsReadable } else { false } }) {
            Terminal.writeError("error: property '\(property)': 'always' reads the statecraft and null datamodels, not '\(document.datamodelName)'")
            throw ExitCode(2)
        }
        let ids = Set(document.configurableStateIDs)
        for property in stated {
            for state in property.states where !ids.contains(state) {
                Terminal.writeError("error: property '\(property)': the document has no state '\(state)'")
                throw ExitCode(2)
            }
        }
        return stated
    }
}
#endif
