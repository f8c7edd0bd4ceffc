#if Tools
import ArgumentParser
import StatecraftSCXML

/// The `statecraft` command-line tool.
@main
struct StatecraftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecraft",
        abstract: "Tools for Statecraft state machines and SCXML documents.",
        discussion: """
            Examples:
              statecraft check light.scxml
              statecraft draw light.scxml --format svg --output light.svg
              printf 'go\\nwait 2s\\n' | statecraft simulate light.scxml
              statecraft paths light.scxml --cover transitions
              statecraft verify door.scxml --never open,locked
              statecraft conformance ../shared/scxml-irp
              statecraft inspect light.scxml --port 8137

            Shell completions: statecraft --generate-completion-script bash (or zsh, fish).
            Colour is used only on a terminal, and never when NO_COLOR is set.
            """,
        subcommands: [Conformance.self, Check.self, Draw.self, Simulate.self, Paths.self, Verify.self, Inspect.self, Generate.self]
    )
}
#endif
