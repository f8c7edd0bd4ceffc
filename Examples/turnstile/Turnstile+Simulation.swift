import Statecraft
import StatecraftSCXML
import StatecraftTools

/// The names `turnstile --simulate` reads: `coin {"cents": 25}`, `push`, `kick`.
let turnstileEvents = EventTable<Input>([
    .init("coin", example: #"{"cents": 25}"#) { data in
        data?[member: "cents"]?.integer.map { Input.coin(cents: $0) }
    },
    .init("push") { data in data == nil ? .push : nil },
    .init("kick") { data in data == nil ? .kick : nil },
])

/// Runs a new turnstile on a simulation script and writes one line after the start and after
/// each command, as `statecraft simulate` does.
///
/// - Parameters:
///   - lines: The script's lines.
///   - json: Whether to write JSON lines.
///   - write: Receives each output line.
///   - error: Receives an error message.
/// - Returns: The exit status: 0, 1 for a chart error, 2 for a script error.
func runSimulation(
    lines: some IteratorProtocol<String>, json: Bool, write: (String) -> Void, error: (String) -> Void
) -> Int32 {
    let chart: Statechart<Gate, Input, Till>
    do {
        chart = try makeTurnstile()
    } catch let failure {
        error("definition error: \(failure)")
        return 1
    }
    var simulation = MachineSimulation(machine: chart.makeMachine(context: Till()), events: turnstileEvents)
    return simulation.run(lines: lines, json: json, write: write, error: error)
}
