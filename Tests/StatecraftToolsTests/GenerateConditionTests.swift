import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Conditions the session cannot evaluate as a boolean, generated as guards that throw: the chart
/// raises `error.execution` for them (`StatechartOptions.guardErrorEvent`) and takes them as
/// false, as the session does. `StatecraftGenerateTests` runs such charts next to the session.
@Suite("Generating conditions that raise error.execution")
struct GenerateConditionTests {
    private func generate(_ xml: String) throws -> String { try GenerationFixtures.generate(xml) }

    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

    private func statecraft(_ body: String, data: String = "") -> String {
        GenerationFixtures.statecraft(body, data: data)
    }

    @Test func aConditionThatIsNotABooleanThrowsWhatTheSessionSays() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <transition event="go" cond="7" target="b"/>
                <transition event="go" cond="count" target="b"/>
                <transition event="go" cond="'yes'" target="b"/>
                <transition event="go" cond="count == 1" target="b"/>
              </state>
              <final id="b"/>
            """, data: #"<data id="count" expr="1"/>"#))
        #expect(swift.contains(#"return try scxmlConditionError("the condition '7' is a number, not a boolean")"#))
        #expect(swift.contains(#"return try scxmlConditionError("the condition 'count' is a number, not a boolean")"#))
        #expect(swift.contains(#"return try scxmlConditionError("the condition ''yes'' is a string, not a boolean")"#))
        #expect(swift.contains("return (context.count == 1)"))  // a boolean does not throw
        #expect(swift.contains("options: StatechartOptions(guardErrorEvent: { _ in .errorExecution })"))
        #expect(swift.contains("case errorExecution"))
        #expect(swift.contains("static func scxmlConditionError(_ reason: String) throws(ConditionError) -> Bool {"))
    }

    @Test func aChartWhoseGuardsCannotThrowHasNoErrorEvent() throws {
        let swift = try generate(statecraft(#"<state id="a"><transition event="go" cond="count == 1" target="b"/></state><final id="b"/>"#,
            data: #"<data id="count" expr="1"/>"#))
        #expect(!swift.contains("guardErrorEvent") && !swift.contains("scxmlConditionError") && !swift.contains("errorExecution"))
    }

    @Test func theNullDatamodelsConditionsOtherThanInThrow() throws {
        let swift = try generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a" initial="a1">
                <state id="a1">
                  <transition event="go" cond="true" target="b"/>
                  <transition event="go" cond="In('a1')" target="b"/>
                </state>
              </state>
              <final id="b"/>
            </scxml>
            """)
        #expect(swift.contains(#"return try scxmlConditionError("a condition must be In('state id'), but it is 'true'")"#))
        #expect(swift.contains("When(in: .a1) { On(.go, to: .b) }"))
        #expect(swift.contains(
            "options: StatechartOptions(doneEvent: { state, _ in .doneState(state) }, guardErrorEvent: { _ in .errorExecution })"))
    }

    @Test func hasOfEventIsKnownForEveryMemberAndOtherObjectsAreRefused() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <transition event="go" cond="has(_event, 'origintype') &amp;&amp; !has(_event, 'raw')" target="b"/>
              </state>
              <final id="b"/>
            """))
        #expect(swift.contains("return (true && (!false))"))
        let found = try refusals(statecraft("""
              <state id="a">
                <transition cond="has(_event, 'name')" target="b"/>
                <transition event="go" cond="has(list, 0)" target="b"/>
              </state>
              <final id="b"/>
            """, data: #"<data id="list" expr="[1]"/>"#))
        #expect(found == [
            "<transition> at 4:5: has(_event, ...) is generated where an event triggers the code (a transition with an "
                + "event): elsewhere _event may be unbound",
            "<transition> at 5:5: has() is generated for has(_event, 'member'); it reads other objects, which have no "
                + "generated type yet",
        ])
    }
}
