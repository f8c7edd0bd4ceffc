import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// A `<parallel>` without child states (SCXML 3.4) and an `<scxml>` without states (3.2.2) in
/// the ecmascript datamodel: they run as Appendix D gives, as in the other datamodels
/// (`ChildlessStateTests` in the SCXML tests).
@Suite("ECMAScript documents with childless states", .needsJavaScriptCore)
struct ECMAScriptChildlessStateTests {
    @Test("3.4: a <parallel> without child states is entered, seen by In(), done in its parent parallel, and exited")
    func regionlessParallel() throws {
        let run = try LoggedSession(ecmascript("""
            <parallel id="q">
              <parallel id="p"><onexit><log label="exit" expr="'p'"/></onexit></parallel>
              <state id="r">
                <state id="r1"><transition event="finish" cond="In('p')" target="rf"/></state>
                <final id="rf"/>
              </state>
              <transition event="*"><log label="event" expr="_event.name"/></transition>
            </parallel>
            """))
        run.session.start()
        #expect(run.session.activeStates == ["q", "p", "r", "r1"])
        run.session.send(SCXMLEvent("finish"))
        // done.state.r and done.state.q, never done.state.p.
        #expect(run.logged("event") == ["done.state.r", "done.state.q"])
        #expect(run.logged("exit").isEmpty)
    }

    @Test("3.2.2: an <scxml> without states binds its data, runs its script and never ends")
    func documentWithoutStates() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="n" expr="41"/></datamodel>
            <script>n = n + 1</script>
            """))
        run.session.start()
        #expect(run.session.activeStates.isEmpty)
        run.session.send(SCXMLEvent("e"))
        #expect(!run.session.isFinished)
        let snapshot = try run.session.snapshot()
        #expect(snapshot.variables.contains { $0.name == "n" && $0.value == .number(42) })
    }
}
