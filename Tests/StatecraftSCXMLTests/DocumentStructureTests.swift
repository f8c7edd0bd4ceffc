import Statecraft
import StatecraftSCXML
import Testing

@Suite("SCXML document structure")
struct DocumentStructureTests {
    static let text = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="lamp" initial="off">
          <datamodel><data id="level" expr="0"/></datamodel>
          <state id="off">
            <transition event="power on" cond="level &gt; 0" target="on">
              <assign location="level" expr="level + 1"/><raise event="switched"/>
            </transition>
            <transition event="switched"/>
          </state>
          <state id="on" initial="dim">
            <onentry><send event="tick" delay="1s"/><send event="away" target="#_parent"/></onentry>
            <onexit><log label="leaving"/></onexit>
            <history id="back" type="deep"><transition target="bright"/></history>
            <state id="dim"><transition event="up" target="bright" type="internal"/></state>
            <state id="bright">
              <onentry>
                <if cond="level &gt; 3"><raise event="error.hot"/><else/><send event="cool" target="#_internal"/></if>
              </onentry>
            </state>
            <transition event="error" target="done"/>
          </state>
          <parallel id="both">
            <state id="left"/>
            <state id="right"/>
          </parallel>
          <final id="done"/>
        </scxml>
        """

    static func structure() throws -> ChartStructure {
        try SCXMLDocument(xml: text, file: "lamp.scxml").structure
    }

    @Test func statesFollowTheDocumentWithLineAndColumn() throws {
        let structure = try Self.structure()
        #expect(structure.name == "lamp")
        #expect(structure.eventMatching == .descriptor)
        #expect(structure.states.map(\.id) == ["off", "on", "back", "dim", "bright", "both", "left", "right", "done"])
        #expect(structure.states.map(\.kind) == [
            .atomic, .compound, .history(.deep), .atomic, .atomic, .parallel, .atomic, .atomic, .final,
        ])
        #expect(structure.initial == [0])
        #expect(structure.states[1].initial == [3])
        #expect(structure.states[2].initial == [4])
        #expect(structure.states[1].location == SourceLocation(file: "lamp.scxml", line: 9, column: 3))
        #expect(structure.transitions[0].location == SourceLocation(file: "lamp.scxml", line: 4, column: 5))
    }

    @Test func condsAreGuardLabelsAndExecutableContentIsSummarized() throws {
        let structure = try Self.structure()
        let first = structure.transitions[0]
        #expect(first.trigger == .events(["power", "on"]))
        #expect(first.guardLabel == "level > 0")
        #expect(first.actionLabel == "assign level; raise switched")
        #expect(structure.label(ofTransition: 0) == "power on [level > 0] / assign level; raise switched")
        #expect(structure.transitions[1].targets.isEmpty && !structure.transitions[1].hasAction)
        #expect(structure.transitions[2].type == .internal)   // dim's, written before on's own
        #expect(structure.transitions.map(\.source) == [0, 0, 3, 1])
        #expect(structure.states[1].transitions == [3])
        #expect(structure.states[1].entry == ["send tick; send away"])
        #expect(structure.states[1].exit == ["log leaving"])
        #expect(structure.states[4].entry == ["if level > 3"])
    }

    @Test func eventsRaisedOrSentToTheSessionItselfAreEmitted() throws {
        let emitted = try Self.structure().emittedEvents
        // In document order; the send to #_parent is not the session's own.
        #expect(emitted.map(\.name) == ["switched", "tick", "error.hot", "cool"])
        #expect(emitted.map(\.kind) == [.raise, .send, .raise, .send])
        #expect(emitted[0].transition == 0 && emitted[0].state == nil)
        #expect(emitted[1].state == 1 && emitted[1].transition == nil)
        #expect(emitted[2].location == SourceLocation(file: "lamp.scxml", line: 16, column: 33))
    }

    @Test func anEmittedEventNoTransitionMatchesIsUnhandled() throws {
        let findings = try Self.structure().lint().filter { $0.code == .unhandledEvent }
        // tick and cool match nothing; error.hot matches `error`, switched matches itself.
        #expect(findings.map(\.location?.line) == [10, 16])
        #expect(findings.first?.message == "state 'on' sends itself the event 'tick', which no transition matches; "
            + "handle it, or fix its name")
    }

    @Test func otherLintsPointAtLineAndColumn() throws {
        let findings = try Self.structure().lint()
        let unreachable = findings.filter { $0.code == .unreachableState }
        #expect(unreachable.map(\.state) == [5, 6, 7])
        #expect(unreachable.first?.location == SourceLocation(file: "lamp.scxml", line: 21, column: 3))
        let stuck = findings.filter { $0.code == .noWayOut }.map(\.state)
        #expect(stuck == [6, 7])
    }

    @Test func aDocumentWithoutInitialStartsInItsFirstState() throws {
        let structure = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="a"><state id="a1"/><state id="a2"/></state>
            </scxml>
            """).structure
        #expect(structure.initial == [0])
        #expect(structure.states[0].initial == [1])
        #expect(structure.states[0].location?.file == "document")
    }
}
