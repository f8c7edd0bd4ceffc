import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// A step of a side-by-side run: an event sent to both, or time let pass on both clocks.
enum SideBySideStep<Event> {
    case send(Event)
    case wait(Duration)
}

/// Runs `steps` on a machine of `chart` and a session of the document, both on a test clock,
/// and returns the machine's active states (their ids) after the start and after each step;
/// after each, both must have the same active states, agree on whether they are done, and (after
/// a wait) have fired as many timers.
func runSideBySide<State: RawRepresentable<String>, Event>(
    _ chart: Statechart<State, Event, Void>, document file: String, steps: [SideBySideStep<Event>], name: (Event) -> String
) throws -> [[String]] {
    try runSideBySide(chart, context: (), document: file, steps: steps, name: name).trace
}

/// ``runSideBySide(_:document:steps:name:)`` for a chart with a context (a document with data or
/// executable content): the machine starts with `context`, `configure` prepares the session before
/// it starts (its log and external send handlers), `data` gives the data the session is sent with
/// each event (what the generated event carries), and the machine is returned with the trace, to
/// read its context.
func runSideBySide<State: RawRepresentable<String>, Event, Context>(
    _ chart: Statechart<State, Event, Context>, context: Context, document file: String, steps: [SideBySideStep<Event>],
    name: (Event) -> String, data: (Event) -> SCXMLValue = { _ in .undefined },
    configure: (SCXMLSession) -> Void = { _ in }
) throws -> (trace: [[String]], machine: Machine<State, Event, Context>) {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file).path
    let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: path))
    configure(session)
    session.start()
    var machine = chart.makeMachine(context: context)
    var trace = [machine.activeStates.map(\.rawValue)]
    #expect(trace[0] == session.activeStates, "at the start")
    var now = Duration.zero  // the session's group's clock starts at zero, as the machine's
    for (index, step) in steps.enumerated() {
        let label: String
        switch step {
        case .send(let event):
            label = "step \(index): \(name(event))"
            _ = machine.send(event)
            session.send(SCXMLEvent(name(event), data: data(event)))
        case .wait(let duration):
            label = "step \(index): wait \(duration)"
            let fired = machine.advance(by: duration)
            now += duration
            let delivered = session.advance(to: now)
            #expect(fired == delivered, "timers fired, \(label)")
        }
        let states = machine.activeStates.map(\.rawValue)
        #expect(states == session.activeStates, "\(label)")
        #expect((machine.status == .done) == session.isFinished, "done, \(label)")
        trace.append(states)
    }
    return (trace, machine)
}

/// A session of the test folder's `file`, started, and what its `<log>`s write (as
/// ``LogRecorder`` keeps them): the interpreted side of a test that drives the generated side
/// itself (an `Invocations` driver, a machine sent events by hand).
func startedSession(_ file: String) throws -> (session: SCXMLSession, logs: LogRecorder) {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file).path
    let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: path))
    let logs = LogRecorder()
    session.logHandler = { label, message in logs.log(label: label, message: message) }
    session.start()
    return (session, logs)
}

/// A generated chart's `Host` that keeps what `<log>` writes, as `label: message`: each test
/// declares its conformance to the chart's `Host` whose only requirement is `log`.
final class LogRecorder {
    var logs: [String] = []

    func log(label: String, message: String) {
        logs.append("\(label): \(message)")
    }
}
