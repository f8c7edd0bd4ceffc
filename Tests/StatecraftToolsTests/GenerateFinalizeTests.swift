import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// `<finalize>` (SCXML 6.5) and data an invoked document sends `#_parent` (6.4), as the generator
/// writes and refuses them. `StatecraftGenerateTests/FinalizeTests` runs them next to the session.
@Suite("Generating <finalize> and data sent #_parent")
struct GenerateFinalizeTests {
    /// A child sending `result` with `value` (by default its own data `base`, which the parent may replace).
    private static func child(value: String = "expr=\"base\"") -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">\
        <datamodel><data id="base" expr="1"/></datamodel>\
        <final id="end"><onentry><send target="#_parent" event="result"><param name="value" \(value)/></send>\
        </onentry></final></scxml>
        """
    }

    private static func parent(invoke: String = "", finalize: String, child: String = child()) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
          <datamodel><data id="total" expr="0"/></datamodel>
          <state id="a">
            <invoke id="w"\(invoke)><content>\(child)</content><finalize>\(finalize)</finalize></invoke>
            <transition event="result" cond="total &gt; 0" target="b"/>
          </state>
          <final id="b"/>
        </scxml>
        """
    }

    @Test func theChildMakesTheParentsDataAndTheDriverRunsFinalizeBeforeTheEvent() throws {
        let swift = try GenerationFixtures.generate(Self.parent(finalize: "<assign location=\"total\" expr=\"_event.data.value\"/>"),
            name: "Asker")
        // The parent's event carries the data; the child's host hands it over typed.
        #expect(swift.contains("case result(ResultData)"))
        #expect(swift.contains("func deliver(_ event: Outgoing, with data: Asker.ResultData, to target: String) -> Bool"))
        #expect(swift.contains("context.host.deliver(.result, with: Asker.ResultData(value: context.base), to: \"#_parent\")"))
        #expect(swift.contains("links.toMachine.append((run, 1, .result(data)))"))
        // SCXML 6.5: finalize, with the invocation's events, before the machine takes the event.
        #expect(swift.contains("private static func finalize1(_ context: inout Context, _ event: Event, _ effects: inout Effects<Event>)"))
        #expect(swift.contains("case 1 where machine.isActive(.a): machine.send(event, preparedBy: Asker.finalize1)"))
    }

    @Test func dataTheParentPassesOfAnotherTypeIsRefused() throws {
        // The parent passes a string for the child's number base, which its result's value reads.
        let found = try GenerationFixtures.refusals(Self.parent(
            invoke: "", finalize: "<log expr=\"_event.name\"/>"
        ).replacingOccurrences(of: "<content>", with: "<param name=\"base\" expr=\"'text'\"/><content>"))
        #expect(found == [
            "<data> at 4:158: the <invoke> at 4:5 passes a String as 'base', whose field here is a Double: the generated "
                + "fields do not change type; pass a value of its type",
            "<send> at 4:221: the type of the <param name=\"value\">'s expr cannot be inferred (it reads data that may be "
                + "unbound, _event, members, or objects); give it a literal, typed data, or an expression of them",
        ])
    }

    @Test func dataThatAlwaysFailsRaisesErrorExecutionInTheChild() throws {
        let warnings = try GenerationFixtures.warnings(Self.parent(
            finalize: "<log expr=\"_event.name\"/>", child: Self.child(value: "location=\"nowhere\"")
        ))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'nowhere' names no <data>") == true)
    }

    @Test func autoforwardOfAnEventWithDataIsRefused() throws {
        let found = try GenerationFixtures.refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <state id="a">
                <onentry><send event="job" target="#_internal"><param name="n" expr="1"/></send></onentry>
                <invoke autoforward="true"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" \
            datamodel="null"><state id="b"><transition event="job" target="c"/></state><final id="c"/></scxml></content></invoke>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<invoke> at 4:5: autoforward is not generated when a forwarded event carries data ('job'): events cross between "
                + "the machines by name, without data",
        ])
    }

    @Test func anEventTheParentSendsWithoutDataCannotCarryRequiredDataInTheChild() throws {
        let found = try GenerationFixtures.refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <state id="a">
                <invoke id="w"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">\
            <state id="b"><onentry><send event="go"><param name="n" expr="1"/></send></onentry>\
            <transition event="go" cond="_event.data.n == 1" target="c"/></state><final id="c"/></scxml></content></invoke>
                <onentry><send target="#_w" event="go"/></onentry>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<scxml> at 3:29: the event 'go' carries data here and comes from the invoking document too, which gives it "
                + "none: events the invoking document sends an invoked one cross without data",
        ])
    }

    /// A `<finalize>` runs for every event its invocation returns: reading data only one carries
    /// is generated (the others raise error.execution there, as in the session).
    @Test func finalizeIsTranslatedForTheInvocationsEvents() throws {
        let swift = try GenerationFixtures.generate(Self.parent(finalize: "<log expr=\"_event.data.value\"/>"), name: "Asker")
        #expect(swift.contains("(ResultData(event)?.value)"))
        #expect(swift.contains("effects.raise(.errorExecution)"))
    }
}
