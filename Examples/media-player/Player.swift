import Statecraft
import Synchronization

/// The states of a media player. `resume` is a history pseudo-state.
enum Player: Hashable, Sendable {
    case off, on
    case playback, stopped, buffering, playing, paused
    case audio, loud, muted
    case resume
}

/// The player's remote control.
enum Remote: MachineEvent {
    case power, play, pause, stop, mute, unmute
}

/// What the player counts.
struct Session: Sendable {
    var tracksStarted = 0
}

/// The player: while on, playback and audio are two parallel regions; buffering turns into
/// playing after two seconds; powering on again resumes where the player was, in both regions.
func makePlayer() throws(DefinitionError) -> Statechart<Player, Remote, Session> {
    try Statechart {
        Atomic(.off) {
            On(.power, to: .resume)
        }
        Parallel(.on) {
            Compound(.playback) {
                Atomic(.stopped) { On(.play, to: .buffering) }
                Atomic(.buffering) {
                    After(.seconds(2), to: .playing)
                    On(.stop, to: .stopped)
                }
                Atomic(.playing) {
                    OnEntry { session, _ in session.tracksStarted += 1 }.labelled("count track")
                    On(.pause, to: .paused)
                    On(.stop, to: .stopped)
                }
                Atomic(.paused) {
                    On(.play, to: .playing)
                    On(.stop, to: .stopped)
                }
            }
            Compound(.audio) {
                Atomic(.loud) { On(.mute, to: .muted) }
                Atomic(.muted) { On(.unmute, to: .loud) }
            }
            History(.resume, .deep)
            On(.power, to: .off)
        }
    }
}

/// One step of the scripted session: press a button, or let time pass.
enum Step {
    case press(Remote)
    case wait(Duration)
}

/// Runs a scripted session on the machine's own clock and writes, for each step, what it did
/// (the transitions taken, as the chart's arrows read, or why a button was ignored), then the
/// active configuration.
func runExample(write: @escaping @Sendable (String) -> Void) {
    let chart: Statechart<Player, Remote, Session>
    do {
        chart = try makePlayer()
    } catch {
        write("definition error: \(error)")
        return
    }
    var player = chart.makeMachine(context: Session())
    func show() {
        write("      now " + player.activeStates.map { "\($0)" }.joined(separator: ", "))
    }
    write("\(format(player.now))s start")
    show()
    let script: [Step] = [
        .press(.power), .press(.play), .wait(.seconds(1)), .wait(.seconds(1)), .press(.mute),
        .press(.pause), .press(.power), .press(.power), .press(.play), .press(.unmute), .press(.stop),
        .press(.pause),
    ]
    for step in script {
        switch step {
        case .press(let button):
            let report = player.sendReporting(button)
            write("\(format(player.now))s \(report)")
        case .wait(let duration):
            // A timer's transitions reach the listener: collect them for the line.
            let fired = Mutex<[String]>([])
            player.onTransition = { transition in fired.withLock { $0.append("\(transition)") } }
            player.advance(by: duration)
            player.onTransition = nil
            let taken = fired.withLock { $0.isEmpty ? "nothing fired" : $0.joined(separator: ", then ") }
            write("\(format(player.now))s wait \(duration.components.seconds)s: \(taken)")
        }
        show()
    }
    write("tracks started: \(player.context.tracksStarted)")
}

/// A non-negative duration in seconds with one decimal, rounded to the nearest tenth.
func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
}
