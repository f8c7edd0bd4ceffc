import Statecraft
import StatecraftSCXML
import StatecraftTools

/// The names `media-player --simulate` reads: the remote's buttons.
let remoteEvents: EventTable<Remote> = {
    let buttons: [Remote] = [.power, .play, .pause, .stop, .mute, .unmute]
    return EventTable(buttons.map { button in
        EventTable.Entry("\(button)") { data in data == nil ? button : nil }
    })
}()

/// Runs a new player on a simulation script and writes one line after the start and after
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
    let chart: Statechart<Player, Remote, Session>
    do {
        chart = try makePlayer()
    } catch let failure {
        error("definition error: \(failure)")
        return 1
    }
    var simulation = MachineSimulation(machine: chart.makeMachine(context: Session()), events: remoteEvents)
    return simulation.run(lines: lines, json: json, write: write, error: error)
}
