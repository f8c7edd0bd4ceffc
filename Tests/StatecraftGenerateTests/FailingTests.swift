import Statecraft
import StatecraftSCXML
import Testing

/// `Failing.scxml`, whose `<data>` and `<invoke>` fail every time they are evaluated, generated
/// and run next to an `SCXMLSession` of the same document.
@Suite("What always fails at initialization and at an invocation's start, generated, agrees with the interpreter")
struct FailingTests {
    @Test func theErrorsComeWhereTheSessionRaisesThem() throws {
        let (session, interpreted) = try startedSession("Failing.scxml")
        let host = LogRecorder()
        let driver = try Failing.Invocations(host: host)
        // SCXML 5.3: the data's error comes before what the first entry raised, and the data is
        // unbound until assigned; 6.4: the invocation raises error.execution and never starts.
        #expect(host.logs == [
            "bound at start: false", "error: 1", "assigned: 42", "invoke failed: 1",
        ])
        #expect(host.logs == interpreted.logs)
        #expect(driver.activeStates == [.done] && session.activeStates == ["done"])
    }
}

extension LogRecorder: Failing.Host {}
