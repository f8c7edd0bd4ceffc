import Statecraft
import StatecraftSCXML
import Testing

/// `LastEvent.scxml`, whose actions read `_event` outside the transition that took it
/// (`isBound(_event)` and `_event.name` in an entry, SCXML 5.10) and `_event.type` of events made in both queues
/// (5.10.1), generated and run next to an `SCXMLSession` of the same document: the generated
/// machine asks `Effects.lastEvent`, and logs what the session logs.
@Suite("_event after its transition, generated from SCXML, agrees with the interpreter")
struct GeneratedLastEventTests {
    @Test func boundAndTypedAsTheSessionSays() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, _) = try runSideBySide(
            LastEvent.makeChart(), context: LastEvent.Context(host: host), document: "LastEvent.scxml",
            steps: [.wait(.seconds(1))], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.last == ["end"])
        #expect(host.logs == [
            "start: false", "ping: internal", "pong: internal", "between: true", "between: pong", "ping: external",
            "pong: external", "tick: internal", "tick: external", "end: tick",
        ])
        #expect(host.logs == sessionLogs)
    }
}

extension LogRecorder: LastEvent.Host {
    /// The `targetexpr` sends name the machine itself here; nothing goes out of it.
    func deliver(_ event: LastEvent.Outgoing, to target: String) -> Bool { false }
}
