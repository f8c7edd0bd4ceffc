import Statecraft

/// What happens to the crossing in the example: a walker presses the button, time passes, a
/// fault sets the lights flashing. The events are the cases of `PedestrianCrossing.Event`, which
/// the build generated from `crossing.scxml`, so a misspelt event does not compile.
enum CrossingStep {
    /// An event from outside the chart.
    case send(PedestrianCrossing.Event)
    /// Time passing on the machine's clock, which fires the delayed transitions that fall due.
    case wait(Duration)
}

/// The example's day at the crossing.
let crossingDay: [CrossingStep] = [
    .send(.button), .wait(.seconds(2)), .send(.button), .wait(.seconds(1)), .wait(.seconds(2)),
    .wait(.seconds(5)), .send(.button), .wait(.milliseconds(2500)),
    .send(.button), .wait(.seconds(4)), .send(.fault), .wait(.seconds(10)), .send(.repaired),
]

/// Runs the crossing's day on the typed engine and reports each step: the time, what happened,
/// and the active states afterwards (outermost first).
///
/// - Parameter write: Receives one line per step.
/// - Throws: `DefinitionError` if the generated chart were not valid.
func runExample(write: (String) -> Void) throws {
    var machine = try PedestrianCrossing.makeChart().makeMachine()
    var now = Duration.zero
    func report(_ what: String) {
        let states = machine.activeStates.map(\.rawValue).joined(separator: " > ")
        let timers = machine.pendingTimerCount == 1 ? "1 timer" : "\(machine.pendingTimerCount) timers"
        write("\(seconds(now).padding(6))\(what.padding(26))\(states) (\(timers) waiting)")
    }
    report("start")
    for step in crossingDay {
        switch step {
        case .send(let event):
            let result = machine.send(event)
            report("\(event.scxmlName)\(result.isTaken ? "" : " (ignored)")")
        case .wait(let duration):
            let fired = machine.advance(by: duration)
            now += duration
            report("wait \(seconds(duration)): \(fired) fired")
        }
    }
}

/// `2.5s`, `10s`.
func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    guard milliseconds != 0 else { return "\(whole)s" }
    var fraction = String(milliseconds + 1000).dropFirst()
    while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
    return "\(whole).\(fraction)s"
}

extension String {
    /// The text followed by spaces up to `width` characters, and at least one.
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
