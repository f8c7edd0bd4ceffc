import Foundation
import Statecraft

/// Runs the turnstile's day and prints its lines; with `--draw FORMAT`
/// (`dot`, `mermaid`, `plantuml` or `json`), prints the turnstile's chart instead.
@main
struct Main {
    static func main() {
        switch drawingRequest(CommandLine.arguments) {
        case .none:
            runExample { print($0) }
        case .format(let format):
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
