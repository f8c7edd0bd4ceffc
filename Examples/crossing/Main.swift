import Foundation

/// Runs the pedestrian crossing's day (`Crossing.swift`) and prints a line per step.
@main
struct Main {
    static func main() {
        do {
            try runExample { print($0) }
        } catch {
            FileHandle.standardError.write(Data("crossing: \(error)\n".utf8))
            exit(1)
        }
    }
}
