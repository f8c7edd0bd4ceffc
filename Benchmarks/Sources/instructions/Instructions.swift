import BenchmarkCases

/// `instructions <case> [statecraft|baseline] [events]`: runs one of the synchronous loops of
/// `compare profile` (see ``ProfileLoops``) and nothing else, for `valgrind --tool=callgrind`
/// (`scripts/instructions`).
///
/// A program of its own with a synchronous entry point: valgrind 3.19 stops in libdispatch when
/// it runs `compare`, whose entry point is `async`.
@main
enum Instructions {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let name = arguments.first ?? "flat.toggle"
        let side = arguments.count > 1 ? arguments[1] : "statecraft"
        let events = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
        guard let loop = try ProfileLoops.loop(name, side: side) else {
            print("usage: instructions <case> [statecraft|baseline] [events]; cases: "
                + ProfileLoops.names.joined(separator: ", "))
            return
        }
        print("\(name) \(side) events=\(events) checksum=\(loop(events))")
    }
}
