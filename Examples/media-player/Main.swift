import StatecraftTools

/// Runs the media player's scripted session and prints its lines; with `--draw FORMAT` (`dot`, `mermaid`,
/// `plantuml` or `json`), prints the chart instead; with `--simulate`, runs the script on
/// standard input (`--json` for JSON lines).
@main
struct Main {
    static func main() {
        ExampleProgram.main(
            name: "media-player",
            run: { runExample { print($0) } },
            structure: { try makePlayer().structure },
            simulate: { runSimulation(lines: $0, json: $1, write: $2, error: $3) }
        )
    }
}
