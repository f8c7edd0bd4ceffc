import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Which form of `Event` the generator writes (``EventMatching``): a plain enum matched by
/// equality when every descriptor names exactly one event, SCXML's descriptor matching when one
/// names several or all; and the shapes SCXML allows that the DSL cannot say.
@Suite("Generating the event type")
struct GenerateEventMatchingTests {
    private func generate(_ body: String) throws -> String {
        try SCXMLSwiftGenerator(document: SimulationFixtures.document(document(body))).generate()
    }

    private func document(_ body: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
        \(body)
        </scxml>
        """
    }

    private func matching(_ body: String) throws -> EventMatching {
        let model = try SimulationFixtures.document(document(body)).model
        var transitions: [TransitionModel] = []
        var cases: Set<String> = []
        func visit(_ state: StateModel) {
            transitions += state.transitions
            for transition in state.transitions { cases.formUnion(SwiftChartWriter.eventNames(in: transition.event ?? "")) }
            state.children.forEach(visit)
        }
        model.states.forEach(visit)
        return EventMatching.choose(transitions: transitions, cases: cases)
    }

    @Test func eventsEachDescriptorNamesOnceAreAPlainEnum() throws {
        let swift = try generate("""
              <state id="a"><transition event="go.on stop" target="b"/></state>
              <state id="b"><transition event="go.on.* stop." target="a"/></state>
            """)
        #expect(swift.contains("    enum Event: MachineEvent, Hashable {\n"))
        #expect(!swift.contains("EventDescriptor"))
        #expect(!swift.contains("descriptorName"))
        #expect(!swift.contains("enum Kind"))  // no done events: the event is its own kind
        #expect(swift.contains("On(.goOn, to: .b)  // <transition> at 2:17\n"))
        #expect(swift.contains("On(.stop, to: .b)  // <transition> at 2:17\n"))
        #expect(swift.contains("On(.goOn, to: .a)  // <transition> at 3:17\n"))
    }

    @Test("A descriptor that matches several events, or all, keeps SCXML's matching, and says why", arguments: [
        (#"<state id="a"><transition event="error" target="b"/><transition event="error.net" target="b"/></state><state id="b"/>"#,
         "the descriptor 'error' of the <transition> at 2:15 also matches 'error.net'"),
        (#"<state id="a"><transition event="*" target="b"/><transition event="e" target="b"/></state><state id="b"/>"#,
         "the <transition> at 2:15 matches every event ('*')"),
        (#"<state id="s"><transition event="done" target="f"/><final id="sf"/></state><final id="f"/>"#,
         "the descriptor 'done' of the <transition> at 2:15 also matches 'done.state.f'"),
    ])
    func descriptorsThatMatchSeveralKeepTheDescriptorForm(body: String, reason: String) throws {
        let swift = try generate(body)
        #expect(swift.contains("var kind: EventDescriptor { EventDescriptor(scxmlName) }"))
        #expect(swift.contains("    // Matched by descriptor: \(reason).\n"), "\(swift)")
    }

    @Test func doneEventsGetAKindCasePerState() throws {
        let swift = try generate("""
              <state id="s"><state id="s1"><transition event="end" target="sf"/></state><final id="sf"/></state>
              <state id="t"><transition event="done.state.s" target="s"/></state>
            """)
        #expect(swift.contains("        case doneState(State)\n"))
        #expect(swift.contains("        enum Kind: Hashable, Sendable {\n"))
        #expect(swift.contains("            case end\n"))
        for (state, kind) in [("s", "doneStateS"), ("s1", "doneStateS1"), ("sf", "doneStateSf"), ("t", "doneStateT")] {
            #expect(swift.contains("                case .\(state): .\(kind)\n"))
        }
        #expect(swift.contains("On(.doneStateS, to: .s)"))
    }

    @Test func theChoiceLooksAtEveryCaseAndEveryDescriptor() throws {
        #expect(try matching(#"<state id="a"><transition event="a.b a.c" target="a"/></state>"#) == .exact)
        #expect(try matching(#"<state id="a"><transition event="a.b a" target="a"/></state>"#) != .exact)
        #expect(try matching(#"<state id="a"><transition event="a.b.c" target="a"/><transition event="a.b"/></state>"#) != .exact)
        #expect(try matching(#"<state id="a"><transition event="ab a" target="a"/></state>"#) == .exact)  // token, not text
    }

    @Test func shapesTheDSLCannotSayAreRefusedWithTheirSection() throws {
        let empty = try SCXMLSwiftGenerator(document: SimulationFixtures.document(document("")))
        #expect(throws: SCXMLGenerationError.self) { try empty.generate() }
        do {
            _ = try empty.generate()
        } catch {
            #expect(error.refusals.map(\.description) == [
                "<scxml> at 1:1: a document without states (SCXML 3.2.2 allows one) is not expressible in the DSL: "
                    + "a Statechart declares at least one state",
            ])
        }
        let regionless = try SCXMLSwiftGenerator(document: SimulationFixtures.document(document(#"<state id="a"><parallel id="p"/></state>"#)))
        do {
            _ = try regionless.generate()
            Issue.record("a <parallel> without child states was generated")
        } catch {
            #expect(error.refusals.map(\.description) == [
                "<parallel> at 2:15: a <parallel> without child states (SCXML 3.4 allows one) is not expressible in the DSL, "
                    + "whose Parallel takes at least one region",
            ])
        }
    }
}
