#if Tools
import ArgumentParser
import Foundation
import StatecraftSCXML
import StatecraftTools

/// `statecraft paths FILE [--cover states|transitions] [--json] [--max-depth N]
/// [--max-configurations N]`: event sequences that reach every configuration or take every
/// transition.
struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the shortest event sequence to each configuration, or a few that take every transition.",
        discussion: """
            The search sends the events the document's transitions name (a concrete name for
            each descriptor: 'a.b' for 'a.b.*'; error.* and done.* events are left to the
            processor; one made-up name for '*') and lets time pass when a delayed event waits.
            Each path is printed as the lines of a 'statecraft simulate' script.

            --cover states (the default) prints every configuration reached with the shortest
            path to it; --cover transitions prints a small set of paths that together take
            every transition taken in the search. Both then list the states never active and
            the transitions never taken, with their line and column.

            Sessions count as the same configuration when their active states and waiting
            delayed events are the same; data is not compared. The search is bounded by
            --max-depth and --max-configurations and says so when a bound stops it.

            When a replayed path meets a limit that cuts a session short (an eventless or
            <raise> loop, an invocation too deep), the report ends with a line for each
            distinct fault and the first path that met it ("faults" with --json):
              fault: <code>: <location>: <message> (after: <steps>)

            Exit status: 0 when the search ran (bounded or not); 1 for a document error; 2 for
            an error in the --events file.

            Examples:
              statecraft paths light.scxml
              statecraft paths light.scxml --cover transitions --json
              statecraft paths big.scxml --max-depth 8 --max-configurations 200
              statecraft paths fan.scxml --events samples.txt   (a line such as: spin {"speed": 2})
            """
    )

    enum Coverage: String, ExpressibleByArgument, CaseIterable {
        case states, transitions
    }

    @Argument(help: "The SCXML document (.scxml, or a W3C test in .txml).")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "What the paths cover: states (every configuration) or transitions.")
    var cover: Coverage = .states

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: ArgumentHelp(
        "A file of events to try beside the names the transitions use, in the script grammar (NAME or NAME JSON), for guards on event data.",
        valueName: "path"
    ))
    var events: String?

    @Option(help: "The longest path tried.")
    var maxDepth = 20

    @Option(help: "The most configurations the search keeps.")
    var maxConfigurations = 1_000

    func validate() throws {
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must be 0 or more") }
        guard maxConfigurations >= 1 else { throw ValidationError("--max-configurations must be 1 or more") }
    }

    func run() throws {
        let document = try DocumentLoading.loadOrExit(file, readPolicy: reading.policy)
        var search = SCXMLPathSearch(document: document)
        if let events {
            search.sampleEvents = try Self.sampleEvents(from: events)
        }
        search.maxDepth = maxDepth
        search.maxConfigurations = maxConfigurations
        let result = search.run()
        let report = PathReport(document: document, result: result, cover: cover == .states ? .states : .transitions)
        Terminal.write(json ? report.json + "\n" : report.text)
    }

    /// The events of an `--events` file: sends only (`statecraft verify` reads them too).
    static func sampleEvents(from path: String) throws -> [SimulationCommand] {
        guard let data = FileManager.default.contents(atPath: path) else {
            Terminal.writeError("error: \(path): cannot read the events file")
            throw ExitCode(2)
        }
        do {
            return try SimulationScript.commands(in: String(decoding: data, as: UTF8.self)).map { line, _, command in
                guard case .send = command else {
                    throw SimulationScriptError(line: line, column: 1, message: "an events file holds events only, not 'wait'")
                }
                return command
            }
        } catch let error as SimulationScriptError {
            Terminal.writeError("error: \(path):\(error.line):\(error.column): \(error.message)")
            throw ExitCode(2)
        }
    }
}
#endif
