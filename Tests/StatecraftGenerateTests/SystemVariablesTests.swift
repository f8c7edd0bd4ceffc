import Statecraft
import StatecraftSCXML
import Testing

/// `SystemVariables.scxml`'s data computed from other data, `_sessionid` and `_name`, and its
/// assignments the session refuses (to system variables, to a variable no `<data>` declares), run
/// next to an `SCXMLSession` of the same document: the same states, the same logs, the same data.
@Suite("Computed data and system variables generated from SCXML agree with the interpreter")
struct SystemVariablesTests {
    final class Recorder: SystemVariables.Host {
        var logs: [String] = []
        var delivered: [String] = []

        func deliver(_ event: SystemVariables.Outgoing, to target: String) -> Bool {
            delivered.append("\(event.rawValue) to \(target)")
            return true
        }

        func log(label: String, message: String) {
            logs.append("\(label): \(message)")
        }
    }

    @Test func assigningASystemVariableOrUndeclaredDataRaisesErrorExecutionAsInTheSession() throws {
        let host = Recorder()
        var sessionLogs: [String] = [], sessionSent: [String] = []
        let (trace, machine) = try runSideBySide(
            SystemVariables.makeChart(), context: SystemVariables.Context(host: host), document: "SystemVariables.scxml",
            steps: [.wait(.seconds(2))], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
                session.externalSendHandler = { event, target, _ in
                    sessionSent.append("\(event.name) to \(target)")
                    return true
                }
            }
        )
        // Each error.execution ends its block: no "never" is written, and each state is left for the next.
        #expect(trace == [["done"], ["done"]])
        #expect(host.logs == ["doubled: 5", "name: systemVariables systemVariables", "big: true", "joins: n=2 true true 3z3", "sent: true", "word: hello world",
            "location: true", "processors: true", "bound: true", "inner: raised"])
        #expect(host.logs == sessionLogs)
        // targetexpr: the host takes what goes out; #_internal and the machine's own #_scxml_ id stay in it.
        #expect(host.delivered == ["away to app:systemVariables"] && host.delivered == sessionSent)
        #expect(machine.context.count == 2 && machine.context.base == 2 && machine.context.word == "hello world")
        // The id idlocation stored is the session's form, under this machine's session id; the send was cancelled.
        #expect(machine.context.sent == "send.\(machine.context.sessionID).1" && machine.nextDeadline == nil)
    }

    @Test func dataComputedFromOtherDataAndTheSessionIDHasTheirTypes() {
        let context = SystemVariables.Context(host: Recorder(), sessionID: "abc")
        let doubled: Double = context.doubled, label: String = context.label, big: Bool = context.big
        #expect(doubled == 5 && label == "id:abc" && context.me == "systemVariables" && big)
        let summary: String = context.summary
        #expect(summary == "base 2 3")
        // _ioprocessors: the SCXML processor under its type URI and its short name, at the machine's own location.
        let processors: [String: [String: String]] = context.processors
        #expect(processors == ["http://www.w3.org/TR/scxml/#SCXMLEventProcessor": ["location": "#_scxml_abc"], "scxml": ["location": "#_scxml_abc"]])
        #expect(context.location == "#_scxml_abc")
        #expect(context.sessionID == "abc")
    }

    @Test func eachContextHasItsOwnRandomSessionIDUnlessGivenOne() {
        let first = SystemVariables.Context(host: Recorder()), second = SystemVariables.Context(host: Recorder())
        #expect(first.sessionID.count == 16 && first.sessionID != second.sessionID)
        #expect(first.label == "id:" + first.sessionID)
    }
}
