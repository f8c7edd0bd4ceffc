import Foundation

/// Runs the turnstile's day and prints its lines; with `--simulate`, runs the script on
/// standard input instead (`--json` for JSON lines).
@main
struct Main {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.contains("--simulate") else {
            runExample { print($0) }
            return
        }
        let status = runSimulation(
            lines: AnyIterator { readLine() }, json: arguments.contains("--json"),
            write: { print($0) }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        )
        exit(status)
    }
}
