import Statecraft
import StatecraftSCXML
import Testing

/// `HistoryDefault.scxml`, whose history's default transition has executable content, generated
/// (`History(...) { context, event, effects in ... }`) and run next to an `SCXMLSession` of the
/// same document: the same states, and the same logs in the same order (SCXML 3.10).
@Suite("A history's default transition with actions, generated from SCXML, agrees with the interpreter")
struct HistoryDefaultTests {
    @Test func theDefaultContentRunsAfterTheParentsEntryAndOnlyWhileNothingIsRemembered() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            HistoryDefault.makeChart(), context: HistoryDefault.Context(host: host), document: "HistoryDefault.scxml",
            steps: [.send(.enter), .send(.next), .send(.leave), .send(.enter), .send(.leave), .send(.fresh)],
            name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.map { $0.last ?? "" } == ["outside", "first", "second", "outside", "second", "outside", "second"])
        // Through the history before `inside` was visited: its entry, the default content (which
        // raises `defaulted`), the default target's entry. Once visited: `second` is restored and
        // the default content does not run, whether the history is the target or the initial one.
        #expect(host.logs == [
            "step: inside entered", "step: default 1", "step: first entered", "step: defaulted seen",
            "step: second entered", "step: inside entered", "step: second entered", "step: inside entered", "step: initial",
            "step: second entered",
        ])
        #expect(host.logs == sessionLogs)
        #expect(machine.context.visits == 1)
    }
}

extension LogRecorder: HistoryDefault.Host {}
