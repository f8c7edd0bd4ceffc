import Statecraft
import StatecraftSCXML
import Testing

/// `Origins.scxml`, whose transitions read `_event.type`, `.sendid`, `.origin`, `.origintype` and
/// `.invokeid` (SCXML 5.10.1), generated and run next to an `SCXMLSession` of the same document:
/// the same states and the same logs for a raised event, a sent one, one sent to `#_internal`, a
/// done event, an error and an event from the app.
@Suite("_event's fields generated from SCXML agree with the interpreter")
struct OriginsTests {
    @Test func eachEventHasTheFieldsTheSessionGivesIt() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            Origins.makeChart(), context: Origins.Context(host: host), document: "Origins.scxml",
            steps: [.send(.app)], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.last == ["end"])
        #expect(host.logs == [
            "raised: internal false false", "inside: internal http://www.w3.org/TR/scxml/#SCXMLEventProcessor",
            "sent: external tick-1 true", "error: platform false", "done: internal false", "app: external false",
        ])
        #expect(host.logs == sessionLogs)
        #expect(machine.context.origin == "#_scxml_" + machine.context.sessionID)
    }
}

extension LogRecorder: Origins.Host {}
