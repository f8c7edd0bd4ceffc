import ArgumentParser
import StatecraftSCXML

/// The `statecraft` command-line tool.
@main
struct StatecraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft",
        abstract: "Tools for Statecraft state machines and SCXML documents.",
        subcommands: [Conformance.self, Check.self, Simulate.self, Paths.self]
    )
}
