import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The system variables of SCXML 5.10 in generated code: `_ioprocessors` (whole, a member, a
/// processor the generated machine lacks), `isBound` of each, and assignments to them, which fail
/// when they run as the session's do. `SystemVariablesTests` (StatecraftGenerateTests) runs such
/// a chart next to the session.
@Suite("Generating the system variables")
struct GenerateSystemVariableTests {
    private func document(_ onentry: String, onexit: String = "", data: String = "<data id=\"x\" expr=\"0\"/>") -> String {
        GenerationFixtures.statecraft(
            "<state id=\"a\"><onentry>\(onentry)</onentry><onexit>\(onexit)</onexit><transition event=\"go\" target=\"b\"/>"
                + "</state><final id=\"b\"/>",
            data: data
        )
    }

    @Test func ioprocessorsIsTheSCXMLProcessorUnderBothNamesAtTheMachinesLocation() throws {
        let swift = try GenerationFixtures.generate(document(
            "<log expr=\"_ioprocessors['scxml'].location\"/>",
            data: "<data id=\"io\" expr=\"_ioprocessors\"/><data id=\"one\" expr=\"_ioprocessors.scxml\"/>"
        ))
        let location = "(\"#_scxml_\" + self.sessionID)"
        #expect(swift.contains("        var io: [String: [String: String]]\n"))
        #expect(swift.contains("self.io = [\"http://www.w3.org/TR/scxml/#SCXMLEventProcessor\": [\"location\": \(location)], "
            + "\"scxml\": [\"location\": \(location)]]"))
        #expect(swift.contains("        var one: [String: String]\n") && swift.contains("self.one = [\"location\": \(location)]"))
        // Reading it makes the context carry a session id.
        #expect(swift.contains("        let sessionID: String\n"))
        #expect(swift.contains("(\"#_scxml_\" + context.sessionID)"))
    }

    @Test func aProcessorOrMemberTheMachineLacksFailsWhenRead() throws {
        let warnings = try GenerationFixtures.warnings(document(
            "<log expr=\"_ioprocessors['basichttp'].location\"/>", onexit: "<log expr=\"_ioprocessors.scxml.port\"/>"
        ))
        #expect(warnings == [
            "<log> at 3:24: _ioprocessors has no 'basichttp': the generated machine's only I/O processor is SCXML's ('scxml'); "
                + "the generated machine raises error.execution here, as the session does",
            "<log> at 3:91: an I/O processor in _ioprocessors has only 'location', not 'port'; the generated machine raises "
                + "error.execution here, as the session does",
        ])
    }

    @Test func aComputedProcessorNameIsRefused() throws {
        let found = try GenerationFixtures.refusals(document("<log expr=\"_ioprocessors[x].location\"/>"))
        #expect(found == [
            "<log> at 3:24: of _ioprocessors, _ioprocessors['name'] and _ioprocessors['name'].location with a string literal "
                + "name are generated",
        ])
    }

    @Test func isBoundOfASystemVariableIsKnownWhereItIsWritten() throws {
        let swift = try GenerationFixtures.generate(GenerationFixtures.statecraft("""
            <state id="a">
              <transition event="go" cond="isBound(_event) &amp;&amp; isBound(_ioprocessors)" target="b"/>
              <transition event="other" cond="isBound(_name)" target="b"/>
            </state>
            <final id="b"/>
            """, data: ""))
        #expect(swift.contains("return (true && true)") && swift.contains("return false"))
    }

    /// SCXML 5.10: elsewhere `_event` is bound once the machine has taken an event, which the
    /// machine tells actions (`Effects.lastEvent`, `actionsSeeLastEvent`) and conditions (the
    /// context's `lastTaken`, `Statechart(lastEvent:)`).
    @Test func isBoundOfEventElsewhereIsAskedOfTheMachineInActions() throws {
        let swift = try GenerationFixtures.generate(document("<if cond=\"isBound(_event)\"><log expr=\"1\"/></if>"))
        #expect(swift.contains("if (effects.lastEvent != nil) {"))
        #expect(swift.contains("options: StatechartOptions(actionsSeeLastEvent: true)"))
        // Without such a read the chart keeps its fast paths.
        #expect(try !GenerationFixtures.generate(document("<log expr=\"1\"/>")).contains("actionsSeeLastEvent"))
        // A condition reads it from the context, where the chart writes each event the machine takes.
        let condition = try GenerationFixtures.generate(GenerationFixtures.statecraft("""
            <state id="a"><transition cond="isBound(_event)" target="b"/></state><final id="b"/>
            """, data: ""))
        #expect(condition.contains("return (context.lastTaken != nil)"))
        #expect(condition.contains("lastEvent: \\.lastTaken)"))
        // A delayed transition's timer takes no event: a document that asks stays with delayed sends,
        // whose events the machine takes.
        let timed = try GenerationFixtures.generate(GenerationFixtures.statecraft("""
            <state id="a">
              <onentry><send event="t" delay="1s" id="t"/><if cond="isBound(_event)"><log expr="1"/></if></onentry>
              <onexit><cancel sendid="t"/></onexit>
              <transition event="t" target="b"/>
            </state>
            <final id="b"/>
            """, data: ""))
        #expect(timed.contains("effects.send(.t, after: .milliseconds(1000), id: \"t\")"))
        #expect(timed.contains("effects.cancel(\"t\")") && !timed.contains("After("))
        #expect(timed.contains("if (effects.lastEvent != nil) {"))
    }

    /// SCXML 5.10: `_event.name` in an entry, an exit or an eventless transition's actions is the
    /// name of the event taken last (`Effects.lastEvent`); before any event, reading it raises
    /// `error.execution`. Conditions read it from the context; delayed sends stay sends, since a delayed
    /// transition's timer binds no event.
    @Test func eventNameOutsideTransitionsIsTheLastEventsName() throws {
        let swift = try GenerationFixtures.generate(document("<log expr=\"_event.name\"/>"))
        #expect(swift.contains("guard let bound_event_name = effects.lastEvent?.event.scxmlName else {"))
        #expect(swift.contains("actionsSeeLastEvent: true"))
        // In a condition: from the context; unbound before the first event, the guard throws
        // (error.execution, and the transition is not taken), as the session's condition does.
        let condition = try GenerationFixtures.generate(GenerationFixtures.statecraft("""
            <state id="a"><transition cond="_event.name == 'go'" target="b"/></state><final id="b"/>
            """, data: ""))
        #expect(condition.contains("return try (scxmlBound(context.lastTaken?.event.scxmlName, \"_event\") == \"go\")"))
        let timed = try GenerationFixtures.generate(GenerationFixtures.statecraft("""
            <state id="a">
              <onentry><send event="t" delay="1s" id="t"/><log expr="_event.name"/></onentry>
              <onexit><cancel sendid="t"/></onexit>
              <transition event="t" target="b"/>
            </state>
            <final id="b"/>
            """, data: ""))
        #expect(timed.contains("effects.send(.t, after: .milliseconds(1000), id: \"t\")") && !timed.contains("After("))
    }

    @Test func assigningASystemVariableFailsWhenItRuns() throws {
        let warnings = try GenerationFixtures.warnings(document(
            "<assign location=\"_ioprocessors\" expr=\"1\"/>", onexit: "<foreach array=\"[1]\" item=\"_sessionid\"/>"
        ))
        #expect(warnings == [
            "<assign> at 3:24: the system variable _ioprocessors is read-only (SCXML 5.10); the generated machine raises "
                + "error.execution here, as the session does",
            "<foreach> at 3:85: the system variable _sessionid is read-only (SCXML 5.10); the generated machine raises "
                + "error.execution here, as the session does",
        ])
    }
}
