#if Inspector
import Foundation
import Statecraft
import StatecraftInspector
import StatecraftRuntime
import StatecraftSCXML
import StatecraftTesting

/// A small player: `stopped`, `playing` and `paused` inside `on`, with `off` beside it; `load`
/// carries a track number into the context.
enum Deck: Hashable, Sendable { case off, on, stopped, playing, paused }

enum Button: MachineEvent, Equatable, Codable {
    case power, play, pause, stop, load(track: Int)

    enum Kind: Hashable, Sendable { case power, play, pause, stop, load }

    var kind: Kind {
        switch self {
        case .power: .power
        case .play: .play
        case .pause: .pause
        case .stop: .stop
        case .load: .load
        }
    }
}

struct Tape: Sendable, Codable, Equatable {
    var track = 0
    var plays = 0
}

typealias DeckRuntime = MachineRuntime<Machine<Deck, Button, Tape>>

func deckChart() throws -> Statechart<Deck, Button, Tape> {
    try Statechart {
        Atomic(.off) { On(.power, to: .on) }
        Compound(.on) {
            Atomic(.stopped) {
                On(.play, to: .playing)
                On(.load) { tape, event in if case .load(let track) = event { tape.track = track } }
            }
            Atomic(.playing) {
                OnEntry { tape, _ in tape.plays += 1 }
                On(.pause, to: .paused)
                On(.stop, to: .stopped)
            }
            Atomic(.paused) {
                On(.play, to: .playing)
                After(.seconds(30), to: .stopped)
            }
            On(.power, to: .off)
        }
    }
}

/// Names for the deck's buttons; `load` takes `{"track": N}`.
let deckEvents = InspectorEvents<Button>(
    InspectorEvents<Button>.cases([.power, .play, .pause, .stop]).entries + [
        .init("load", example: #"{"track": 3}"#) { data in
            guard case .object(let members)? = data, members.count == 1, members[0].name == "track",
                  case .number(let value) = members[0].value, let track = Int(exactly: value) else { return nil }
            return .load(track: track)
        },
    ]
)

/// An SCXML light: `red` schedules `timer` after 5 s; `go` with data sets `speed`.
let lightXML = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="red">
      <datamodel><data id="speed" expr="0"/></datamodel>
      <state id="red">
        <onentry><send id="t" event="timer" delay="5s"/></onentry>
        <transition event="go" target="green"><assign location="speed" expr="_event.data.speed"/></transition>
        <transition event="timer" target="green"/>
      </state>
      <state id="green">
        <transition event="stop" target="red"/>
      </state>
    </scxml>
    """

/// The token of the inspectors `startedInspector` starts.
let fixtureToken = "secret-token"

/// An inspector on a free port, with a known token, started.
func startedInspector(
    historyLimit: Int = 50, historyByteLimit: Int = InspectorConfiguration.defaultHistoryByteLimit, maxBodySize: Int = 4_096
) async throws -> (Inspector, Int) {
    let inspector = Inspector(configuration: InspectorConfiguration(
        port: 0, token: fixtureToken, historyLimit: historyLimit, historyByteLimit: historyByteLimit, maxBodySize: maxBodySize
    ))
    let address = try await inspector.start()
    return (inspector, address.port)
}

/// A deck on a manual clock, inspected as `id`.
func inspectedDeck(_ inspector: Inspector, id: String = "deck") throws -> DeckRuntime {
    let chart = try deckChart()
    let runtime = DeckRuntime(chart: chart, context: Tape(), clock: ManualClock())
    try inspector.inspect(runtime, chart: chart, id: id, events: deckEvents)
    return runtime
}

/// Waits until the inspector has recorded `sequence` for `id` (the recorder reads the runtime's
/// activity on a task of its own). Bounded: gives up after about ten seconds.
func waitForRecord(_ inspector: Inspector, _ id: String, _ sequence: Int) async throws {
    for _ in 0..<1_000 {
        if let latest = inspector.latestSequence(of: id), latest >= sequence { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw WireError("record \(sequence) of \(id) never came")
}

/// A JSON object's member.
func member(_ json: Any?, _ path: String...) -> Any? {
    var current = json
    for key in path { current = (current as? [String: Any])?[key] }
    return current
}
#endif
