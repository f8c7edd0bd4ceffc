import Statecraft

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

/// Runs a scripted session on the machine's own clock and writes the active configuration
/// after each step.
func runExample(write: @escaping @Sendable (String) -> Void) {
    let chart: Statechart<Player, Remote, Session>
    do {
        chart = try makePlayer()
    } catch {
        write("definition error: \(error)")
        return
    }
    var player = chart.makeMachine(context: Session())
    func show(_ label: String) {
        let states = player.activeStates.map { "\($0)" }.joined(separator: ", ")
        write("\(format(player.now))s \(label): \(states)")
    }
    show("start")
    let script: [Step] = [
        .press(.power), .press(.play), .wait(.seconds(1)), .wait(.seconds(1)), .press(.mute),
        .press(.pause), .press(.power), .press(.power), .press(.play), .press(.unmute), .press(.stop),
        .press(.pause),
    ]
    for step in script {
        switch step {
        case .press(let button):
            let result = player.send(button)
            if case .rejected(let rejection) = result {
                show("\(button) (ignored: \(rejection.code))")
            } else {
                show("\(button)")
            }
        case .wait(let duration):
            player.advance(by: duration)
            show("wait \(duration.components.seconds)s")
        }
    }
    write("tracks started: \(player.context.tracksStarted)")
}

/// A non-negative duration in seconds with one decimal, rounded to the nearest tenth.
func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
}
