import Statecraft
import StatecraftSCXML
import Testing

/// `FailedSends.scxml`, whose transitions read the `sendid` of error events (SCXML 5.10.1: the
/// error of a failed `<send>` carries the send's id), generated and run next to an `SCXMLSession`
/// of the same document: the same states and the same logs.
@Suite("The errors of failed sends carry the send's id, generated as in the interpreter")
struct FailedSendsTests {
    /// Refuses every event sent out of the machine, as the session's handler below does.
    final class Refusing: FailedSends.Host {
        var logs: [String] = []
        var refused: [String] = []

        func deliver(_ event: FailedSends.Outgoing, to target: String) -> Bool {
            refused.append("\(event.rawValue) to \(target)")
            return false
        }

        func log(label: String, message: String) {
            logs.append("\(label): \(message)")
        }
    }

    @Test func eachErrorOfAFailedSendCarriesItsIDAndOtherErrorsNone() throws {
        let host = Refusing()
        var sessionLogs: [String] = [], sessionRefused: [String] = []
        let (trace, machine) = try runSideBySide(
            FailedSends.makeChart(), context: FailedSends.Context(host: host), document: "FailedSends.scxml",
            steps: [], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
                session.externalSendHandler = { event, target, _ in
                    sessionRefused.append("\(event.name) to \(target)")
                    return false
                }
            }
        )
        #expect(trace == [["end"]])
        #expect(host.logs == [
            "refused: error.execution true true", "unbound: literal-1", "typed: true true",
            "expressed: error.communication literal-2", "plain: error.execution false",
        ])
        #expect(host.logs == sessionLogs)
        // A `#_` target computed when the send runs goes to the generated machine's host (it has no
        // invocation of that id); the session answers it itself. Both raise error.communication.
        #expect(host.refused == ["away to app:nowhere", "away to #_gone"])
        #expect(sessionRefused == ["away to app:nowhere"])
        // The second idlocation made a new id, in the session's form.
        #expect(machine.context.made == "send.\(machine.context.sessionID).2")
    }

    @Test func anErrorEventMadeWithoutAnIDCarriesNone() {
        // What an app sends the machine: the error event with its struct, built without an id.
        let event = FailedSends.Event.errorExecution(FailedSends.ErrorExecutionData())
        #expect(FailedSends.ErrorExecutionData(event)?.sendid == nil && event.scxmlName == "error.execution")
        #expect(FailedSends.ErrorExecutionData(.errorCommunication(.init(sendid: "x"))) == nil)
        #expect(FailedSends.ErrorCommunicationData(.errorCommunication(.init(sendid: "x")))?.sendid == "x")
    }
}
