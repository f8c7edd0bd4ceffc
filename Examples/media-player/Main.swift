import Foundation
import Statecraft

/// Runs the media player's scripted session and prints its lines; with `--draw FORMAT`
/// (`dot`, `mermaid`, `plantuml` or `json`), prints the player's chart instead.
@main
struct Main {
    static func main() {
        switch drawingRequest(CommandLine.arguments) {
        case .none:
            runExample { print($0) }
        case .format(let format):
            do {
                print(try makePlayer().structure.drawing(format), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("media-player: \(error)\n".utf8))
                exit(1)
            }
        case .invalid(let message):
            FileHandle.standardError.write(Data("media-player: \(message)\n".utf8))
            exit(2)
        }
    }
}
