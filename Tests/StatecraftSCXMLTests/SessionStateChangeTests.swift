import StatecraftSCXML
import Testing

/// A session's record of the states it exits and enters is the engine's record
/// (`Machine.recordsStateChanges`): the same exits at the end, through the engine's exit path,
/// whether the session finishes or is cancelled.
@Suite("The session's state changes")
struct SessionStateChangeTests {
    @Test("Recording asked for before start includes the initial entries; the end exits every state (Appendix D, exitInterpreter)")
    func recordsFromTheStartToTheEnd() throws {
        let session = SCXMLSession(document: try SCXMLDocument(xml: """
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml" initial="a">
              <state id="outer">
                <state id="a"><transition event="go" target="b"/></state>
                <state id="b"><transition event="stop" target="end"/></state>
              </state>
              <final id="end"/>
            </scxml>
            """))
        session.recordsStateChanges = true
        session.start()
        #expect(session.recordsStateChanges)
        #expect(session.takeStateChanges() == [.entered("outer"), .entered("a")])
        session.send(SCXMLEvent("go"))
        #expect(session.takeStateChanges() == [.exited("a"), .entered("b")])
        session.send(SCXMLEvent("stop"))
        #expect(session.takeStateChanges() == [.exited("b"), .exited("outer"), .entered("end"), .exited("end")])
        #expect(session.finalState == "end")
        session.recordsStateChanges = false
        #expect(session.takeStateChanges().isEmpty)
    }

    @Test("Cancelling an invoked session runs its onexit handlers in exit order, on the engine's exit path (6.4)")
    func cancelledChildExitsThroughTheEngine() throws {
        let session = SCXMLSession(document: try SCXMLDocument(xml: """
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml" datamodel="statecraft">
              <state id="parent">
                <invoke id="kid" type="scxml">
                  <content>
                    <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml" datamodel="statecraft">
                      <state id="c1">
                        <onexit><log label="exit" expr="'c1'"/></onexit>
                        <state id="c2"><onexit><log label="exit" expr="In('c1') ? 'c2 in c1' : 'c2 alone'"/></onexit></state>
                      </state>
                    </scxml>
                  </content>
                </invoke>
                <transition event="leave" target="away"/>
              </state>
              <state id="away"/>
            </scxml>
            """))
        var lines: [String] = []
        session.logHandler = { label, message in lines.append("\(label): \(message)") }
        session.start()
        #expect(lines.isEmpty)
        session.send(SCXMLEvent("leave"))
        #expect(session.activeStates == ["away"])
        // The child's handlers ran deepest first and still saw the configuration they exit.
        #expect(lines == ["exit: c2 in c1", "exit: c1"])
        // Nothing of the cancelled child runs again.
        session.send(SCXMLEvent("leave"))
        #expect(lines.count == 2)
    }
}
