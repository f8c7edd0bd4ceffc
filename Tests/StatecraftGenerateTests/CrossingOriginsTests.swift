import Statecraft
import StatecraftSCXML
import Testing

/// `CrossingOrigins.scxml`, whose documents read `_event`'s fields of the events they send each
/// other, generated (the fields fixed by where the events are made) and run next to an
/// `SCXMLSession` of the same document.
@Suite("The fields of events between invoking and invoked documents, generated, agree with the interpreter")
struct CrossingOriginsTests {
    @Test func eachSideSeesTheOthersEventsAsTheSessionDoes() throws {
        let (session, interpreted) = try startedSession("CrossingOrigins.scxml")
        let host = LogRecorder()
        let driver = try CrossingOrigins.Invocations(host: host)
        // The invoked document checked the reply's fields and answered `fine`.
        #expect(driver.activeStates == [.done] && session.activeStates == ["done"])
        #expect(host.logs == ["hello: kid greeting external http://www.w3.org/TR/scxml/#SCXMLEventProcessor"])
        #expect(host.logs == interpreted.logs)
        #expect(driver.machine.context.seen == "kid greeting external http://www.w3.org/TR/scxml/#SCXMLEventProcessor")
    }
}

extension LogRecorder: CrossingOrigins.Host {
    /// The document sends nothing out of its machines: `#_kid` and `#_parent` stay in the driver.
    func deliver(_ event: CrossingOrigins.Outgoing, to target: String) -> Bool { false }
}
