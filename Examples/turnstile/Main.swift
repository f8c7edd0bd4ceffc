import Foundation
import Statecraft
import StatecraftTools

/// Runs the turnstile's day and prints its lines; with `--draw FORMAT` (`dot`, `mermaid`,
/// `plantuml` or `json`), prints the turnstile's chart instead; with `--simulate`, runs the
/// script on standard input (`--json` for JSON lines).
@main
struct Main {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--simulate") {
            let status = runSimulation(
                lines: AnyIterator { readLine() }, json: arguments.contains("--json"),
                write: { print($0) }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            )
            exit(status)
        }
        switch ExampleArguments(CommandLine.arguments) {
        case .run:
            runExample { print($0) }
        case .draw(let format):
            do {
                print(try makeTurnstile().structure.drawing(format), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("turnstile: \(error)\n".utf8))
                exit(1)
            }
        case .invalid(let message):
            FileHandle.standardError.write(Data("turnstile: \(message)\n".utf8))
            exit(2)
        }
    }
}
