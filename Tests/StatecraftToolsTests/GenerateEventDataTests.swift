import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Events with data: the structs generated for them, the events built with their data, the reads
/// of `_event.data`, and what cannot be typed, refused at its element. `StatecraftGenerateTests`
/// runs such charts next to the session (`EventData.scxml`).
@Suite("Generating events with data")
struct GenerateEventDataTests {
    private func generate(_ xml: String) throws -> String { try GenerationFixtures.generate(xml) }

    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

    private func statecraft(_ body: String, data: String = #"<data id="x" expr="1"/>"#) -> String {
        GenerationFixtures.statecraft(body, data: data)
    }

    @Test func anEventCarriesAStructOfItsFieldsAndTransitionsReadThem() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry>
                  <send event="go"><param name="n" expr="x + 1"/><param name="s" expr="'a'"/></send>
                  <send event="go" target="#_internal" namelist="x"><param name="n" expr="2"/></send>
                </onentry>
                <transition event="go" cond="_event.data.n == 2"><assign location="x" expr="_event.data.n"/></transition>
              </state>
            """))
        #expect(swift.contains("case go(GoData)"))
        #expect(swift.contains("struct GoData: Hashable, Sendable {"))
        #expect(swift.contains("var n: Double\n"))
        #expect(swift.contains("var s: String?\n"))
        #expect(swift.contains("var x: Double?\n"))
        #expect(swift.contains("init(n: Double, s: String? = nil, x: Double? = nil) {"))
        #expect(swift.contains(#"effects.send(.go(GoData(n: (context.x + 1), s: "a")))"#))
        #expect(swift.contains("effects.raise(.go(GoData(n: 2, x: context.x)))"))
        #expect(swift.contains("return ((GoData(event)?.n) == 2)"))
        #expect(swift.contains("guard let bound_eventData_n = (GoData(event)?.n) else {"))
        #expect(swift.contains("context.x = bound_eventData_n"))
        // With data, the exact form matches by a payload-free kind.
        #expect(swift.contains("enum Kind: Hashable, Sendable {"))
        #expect(swift.contains("On(.go, guard:"))
    }

    @Test func dataThatCannotBeTypedIsRefusedAtItsElement() throws {
        let found = try refusals(statecraft("""
              <state id="a">
                <onentry>
                  <send event="one"><param name="n" expr="1"/></send>
                  <send event="one"><param name="n" expr="'text'"/></send>
                  <send event="two"><content expr="1"/></send>
                  <send event="two"><param name="n" expr="1"/></send>
                  <send event="three"><param name="n" expr="1"/><param name="n" expr="2"/></send>
                  <send event="four"><param name="n" expr="y"/></send>
                  <send event="five" target="#_parent"><param name="n" expr="1"/></send>
                  <send event="error.mine"><param name="n" expr="1"/></send>
                  <send event="six" namelist="nothing"/>
                  <send event="seven"><param name="n" expr="1"/></send>
                  <send event="eight"><param name="n" expr="'a'"/></send>
                  <log expr="_event.data.n"/>
                </onentry>
                <transition event="*" cond="_event.data.n == 1"/>
                <transition event="seven eight" cond="_event.data.n == 1"/>
                <transition event="nine" cond="_event.data.n == 1"/>
                <transition event="seven" cond="_event.data == 1"/>
                <transition event="seven" cond="_event.data.m == 1"/>
              </state>
            """, data: #"<data id="x" expr="1"/><data id="y"/>"#))
        #expect(found == [
            "<data> at 2:37: a <data> without 'expr' needs its Swift type in statecraft:type (xmlns:statecraft=\"urn:statecraft:scxml\") "
                + "when the document puts no literal, typed data or foreach item or index in it",
            "<send> at 6:7: the event 'one' gives 'n' a String here and a Double at 5:7: its data has no one type; give it one type",
            "<send> at 8:7: the event 'two' is sent with <content> and with <param> or namelist (at 7:7): its data has no one "
                + "type; send it one way",
            "<send> at 9:7: the <send> gives 'n' twice (namelist and <param>, or two <param>s), which is not generated: an "
                + "event's data has one field of a name",
            "<send> at 10:7: the type of the <param name=\"n\">'s expr cannot be inferred (it reads data that may be unbound, "
                + "_event, members, or objects); give it a literal, typed data, or an expression of them",
            "<send> at 11:7: a <send> out of the machine with <param> is not generated yet: an event sent to the host carries "
                + "no data; data is generated in an event to the machine itself",
            "<send> at 12:7: the event 'error.mine' is one the processor raises (error.*, done.*), which carries no data the "
                + "document gives",
            "<send> at 13:7: the namelist's 'nothing' names no <data> of the document",
            "<log> at 16:7: _event.data is generated in the condition and actions of a transition with an event, whose "
                + "event's data has a type; here the event is not known",
            "<transition> at 18:5: _event.data is not generated in a transition taking every event ('*'): the events' data "
                + "have different types",
            "<transition> at 19:5: the transition takes events of several data shapes ('eight', 'seven'), so _event.data has "
                + "no one type; read it in one transition per event",
            "<transition> at 20:5: no event the transition takes ('nine') carries data: no <send> of it to the machine has "
                + "<param>, namelist or <content>",
            "<transition> at 21:5: _event.data as a whole is generated for data given by <content>; the event 'seven' carries "
                + "<param>s: read _event.data.name",
            "<transition> at 22:5: no <send> of the event 'seven' gives 'm'",
        ])
    }
}
