import Statecraft
import StatecraftSCXML
import Testing

/// `Scripts.scxml`, whose scripts in executable content declare and assign data, generated and
/// run next to an `SCXMLSession` of the same document.
@Suite("Scripts in executable content, generated, agree with the interpreter")
struct ScriptsTests {
    @Test func declarationsAreDataFromThenOn() throws {
        let (session, interpreted) = try startedSession("Scripts.scxml")
        session.send(SCXMLEvent("go"))
        let host = LogRecorder()
        var machine = try Scripts.makeChart().makeMachine(context: Scripts.Context(host: host))
        // Unbound until the script runs.
        #expect(machine.context.later == nil)
        machine.send(.go)
        #expect(host.logs == ["seen: a", "count: 1", "count: 10", "later: done"])
        #expect(host.logs == interpreted.logs)
        #expect(machine.context.later == "done" && machine.context.seen == "a")
    }
}

extension LogRecorder: Scripts.Host {}
