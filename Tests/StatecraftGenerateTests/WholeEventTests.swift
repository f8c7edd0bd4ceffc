import Statecraft
import StatecraftSCXML
import Testing

/// `WholeEvent.scxml`, which stores `_event` as a whole value and compares it with later ones
/// (SCXML 5.10.1), and reads `_event` in conditions outside a transition with an event (5.10),
/// generated and run next to an `SCXMLSession` of the same document: the same states and logs.
@Suite("_event as a whole value and in conditions, generated, agrees with the interpreter")
struct WholeEventTests {
    @Test func storedComparedAndReadInConditionsAsTheSessionDoes() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            WholeEvent.makeChart(), context: WholeEvent.Context(host: host), document: "WholeEvent.scxml",
            steps: [], name: \.scxmlName,
            configure: { session in session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") } }
        )
        #expect(trace.last == ["end"])
        #expect(host.logs == [
            "strayed: stray", "saved: internal", "compare: the same event", "again: a ping raised again has the same fields",
            "data: same data", "data: other data: 2", "end: d",
        ])
        #expect(host.logs == sessionLogs)
        // The value the machine kept: the first d, sent (external) with its data and no send id.
        let saved = try #require(machine.context.saved)
        #expect(saved.name == "d" && saved.type == "external" && saved.sendid == nil)
        #expect(saved.origintype == "http://www.w3.org/TR/scxml/#SCXMLEventProcessor")
    }
}

extension LogRecorder: WholeEvent.Host {}
