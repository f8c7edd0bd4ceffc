import StatecraftSCXML
import Testing

/// SCXML 1.0, appendix C.1 (the SCXML event I/O processor): send targets, the fields of the
/// event the receiver builds, and `_ioprocessors`.
@Suite("Recommendation C.1: SCXML event I/O processor")
struct AppendixC1EventProcessorTests {
    static func child(_ body: String) -> String {
        Section6ExternalCommunicationsTests.child(body)
    }

    @Test("C.1: '#_internal' puts the event on the sender's internal queue, ahead of external events")
    func internalTarget() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="outside"/><send event="inside" target="#_internal"/></onentry>
              <transition event="*"><log expr="_event.name + ' ' + _event.type"/></transition>
            </state>
            """)
        #expect(run.log == ["inside internal", "outside external"])
    }

    @Test("C.1: without a target the event goes to the sender's own external queue")
    func noTarget() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="later"/><raise event="sooner"/></onentry>
              <transition event="*"><log expr="_event.name + ' ' + _event.type"/></transition>
            </state>
            """)
        #expect(run.log == ["sooner internal", "later external"])
    }

    @Test("C.1: '#_parent' reaches the invoking session and '#_<invokeid>' the invoked one")
    func parentAndChildTargets() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <state id="c">
                  <onentry><send event="ready" target="#_parent"/></onentry>
                  <transition event="ping"><send event="pong" target="#_parent"/></transition>
                </state>
                """))</invoke>
              <transition event="ready"><send event="ping" target="#_kid"/></transition>
              <transition event="pong"><log expr="'pong'"/></transition>
            </state>
            """)
        #expect(run.log == ["pong"])
    }

    @Test("C.1: '#_scxml_<sessionid>' reaches that session's external queue")
    func sessionTarget() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="parentID" expr="_sessionid"/></datamodel>
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <datamodel><data id="parentID"/></datamodel>
                <state id="c"><onentry><send event="direct" targetexpr="'#_scxml_' + parentID"/></onentry></state>
                """))<param name="parentID" expr="parentID"/></invoke>
              <transition event="direct"><log expr="_event.origin == '#_scxml_' + _sessionid ? 'own origin' : 'child origin'"/></transition>
            </state>
            """)
        #expect(run.log == ["child origin"])
    }

    @Test("C.1: the receiver builds name, origin, origintype, sendid and data from what was sent")
    func eventFields() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <datamodel><data id="payload" expr="{'n': 1}"/></datamodel>
                <state id="c">
                  <onentry><send event="report" id="r1" target="#_parent"><param name="payload" expr="payload"/></send></onentry>
                  <transition event="reply"><log expr="'child got reply'"/></transition>
                </state>
                """))</invoke>
              <transition event="report">
                <log expr="_event.name + '|' + _event.sendid + '|' + _event.origintype + '|' + _event.invokeid + '|' + _event.data.payload.n"/>
                <send event="reply" targetexpr="_event.origin"/>
              </transition>
            </state>
            """)
        #expect(run.log == ["report|r1|http://www.w3.org/TR/scxml/#SCXMLEventProcessor|kid|1", "child got reply"])
    }

    @Test("C.1: the data received is a copy: changing it in the receiver leaves the sender's alone")
    func dataIsCopied() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="shared" expr="{'n': 1}"/><data id="received"/></datamodel>
            <state id="s">
              <onentry><send event="e" namelist="shared"/></onentry>
              <transition event="e">
                <assign location="received" expr="_event.data"/>
                <assign location="received.shared.n" expr="2"/>
                <log expr="shared.n + ' ' + received.shared.n"/>
              </transition>
            </state>
            """)
        #expect(run.log == ["1 2"])
    }

    @Test("C.1: a session id that does not exist raises error.communication in the sender")
    func unknownSession() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="e" target="#_scxml_nobody"/></onentry>
              <transition event="error.communication"><log expr="_event.type"/></transition>
            </state>
            """)
        #expect(run.log == ["platform"])
    }

    @Test("C.1: _ioprocessors has an 'scxml' entry whose location reaches this session")
    func ioProcessorsLocation() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="toSelf" targetexpr="_ioprocessors.scxml.location"/></onentry>
              <transition event="toSelf"><log expr="_ioprocessors['http://www.w3.org/TR/scxml/#SCXMLEventProcessor'].location == _ioprocessors.scxml.location"/></transition>
            </state>
            """)
        #expect(run.log == ["true"])
    }

    @Test("C.1 and 5.10.1: what the processor delivers has a raw form (its params as a form, in order); raised events have none")
    func rawForm() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry>
                <raise event="raised"/>
                <send event="sent"><param name="a" expr="'x y'"/><param name="a" expr="2"/><param name="b&amp;" expr="'é'"/></send>
                <send event="content"><content>some text</content></send>
              </onentry>
              <transition event="raised"><log expr="isBound(_event.raw)"/></transition>
              <transition event="sent"><log expr="_event.raw"/></transition>
              <transition event="content"><log expr="_event.raw"/></transition>
            </state>
            """)
        #expect(run.log == [
            "false",
            "_scxmleventname=sent&a=x%20y&a=2&b%26=%C3%A9",
            "_scxmleventname=content\n\nsome%20text",
        ])
    }
}
