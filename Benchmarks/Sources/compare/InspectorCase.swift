import BenchmarkCases

/// The `runtime.send.inspected` case: an awaited send through a runtime that a started
/// inspector shows, recording included, against the same runtime with no inspector. Printed
/// for the record; it has no target.
enum InspectorCase {
    static let name = "runtime.send.inspected"
    static let events = 20_000

    /// Checks that both sides do the same work, then prints the timing line.
    static func run() async throws {
        let made = try await InspectedSend()
        let statecraft = await made.runStatecraft(1_001)
        let baseline = await made.runBaseline(1_001)
        guard statecraft == baseline else {
            throw DifferentWork(description: "\(name): Statecraft's checksum \(statecraft) != baseline's \(baseline)")
        }
        let timing = await Task.detached {
            await measureAsync(events: events, repetitions: 7, statecraft: made.runStatecraft, baseline: made.runBaseline)
        }.value
        print(Compare.line(name, timing))
        await made.stop()
    }
}
