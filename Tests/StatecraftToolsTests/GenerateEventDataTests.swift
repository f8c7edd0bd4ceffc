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

    /// SCXML 5.10.1 and B.1: `_event.data` of an event sent without data is undefined, and a
    /// member of it is an error. A descriptor that also takes events without data (a prefix
    /// `ping` of `ping.bare`, several names) reads the member as a value that may be missing:
    /// `error.execution` when it is, never a silent undefined.
    @Test func aMemberOfDataAnEventTakenWithoutDataRaisesErrorExecution() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry><send event="ping"><param name="n" expr="1"/></send><raise event="ping.bare"/></onentry>
                <transition event="ping"><log expr="_event.data.n"/></transition>
              </state>
            """))
        #expect(swift.contains("guard let bound_eventData_n = (PingData(event)?.n) else {"))
        // Only `ping` itself: every event the transition takes carries n, read as it is.
        let exact = try generate(statecraft("""
              <state id="a">
                <onentry><send event="ping"><param name="n" expr="1"/></send></onentry>
                <transition event="ping"><log expr="_event.data.n"/></transition>
              </state>
            """))
        #expect(!exact.contains("guard let bound_eventData_n"))
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
        // `y`, which nothing gives a value, never holds one; the namelist naming no <data> fails when it runs.
        #expect(found == [
            "<send> at 6:7: the event 'one' gives 'n' a String here and a Double at 5:7: its data has no one type; give it one type",
            "<send> at 8:7: the event 'two' is sent with <content> and with <param> or namelist (at 7:7): its data has no one "
                + "type; send it one way",
            "<send> at 9:7: the <send> gives 'n' twice (namelist and <param>, or two <param>s), which is not generated: an "
                + "event's data has one field of a name",
            "<send> at 10:7: the type of the <param name=\"n\">'s expr cannot be inferred (it reads data that may be unbound, "
                + "_event, members, or objects); give it a literal, typed data, or an expression of them",
            "<send> at 11:7: a <send> out of the machine with <param> is not generated yet: an event sent to the host carries "
                + "no data; data is generated in an event to the machine itself, and in one an invoked document sends #_parent",
            "<send> at 12:7: the event 'error.mine' is one the processor raises (error.*, done.*), which carries no data the "
                + "document gives",
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

    /// SCXML 5.7: a final's `<donedata>` gives its parent's done event data, built by `DoneData`;
    /// a final of the same parent without one gives the event without data (`doneState`).
    @Test func doneDataGivesTheParentsDoneEventATypedStruct() throws {
        let swift = try generate(statecraft("""
              <state id="order" initial="choosing">
                <state id="choosing">
                  <transition event="pay" target="paid"/>
                  <transition event="cancel" target="cancelled"/>
                </state>
                <final id="paid">
                  <donedata><param name="total" expr="x * 2"/><param name="card" location="x"/></donedata>
                </final>
                <final id="cancelled"/>
                <transition event="done.state.order" cond="isBound(_event.data)" target="end">
                  <log expr="_event.data.total"/>
                </transition>
              </state>
              <final id="end"/>
            """))
        #expect(swift.contains("case doneStateOrder(DoneStateOrderData)"))
        #expect(swift.contains("case .doneStateOrder: \"done.state.order\""))
        #expect(swift.contains("var total: Double?\n"))
        #expect(swift.contains("doneEvent: { state, data in data ?? .doneState(state) }"))
        #expect(swift.contains("DoneData { context, effects in"))
        #expect(swift.contains("return .doneStateOrder(DoneStateOrderData(total: (context.x * 2), card: context.x))"))
        #expect(swift.contains("return (DoneStateOrderData(event) != nil)"))
        // The exact form: the done event with data has its state's done kind.
        #expect(swift.contains("case .doneStateOrder: .doneStateOrder"))
        #expect(swift.components(separatedBy: "            case doneStateOrder\n").count == 2)  // one Kind case
    }

    /// SCXML 5.7: when evaluating `<donedata>` fails, the processor raises `error.execution` and
    /// the done event has no data: a location naming no `<data>`, an expression that does not
    /// parse. (An expression reading data that may be unbound is refused: its type is not inferred.)
    @Test func doneDataThatFailsRaisesErrorExecutionAndGivesNoData() throws {
        let swift = try generate(statecraft("""
              <state id="a" initial="a1">
                <final id="a1"><donedata><param name="n" expr="x +"/></donedata></final>
                <transition event="done.state.a" cond="!isBound(_event.data)" target="b"/>
              </state>
              <state id="b" initial="b1">
                <final id="b1"><donedata><param name="n" location="nowhere"/></donedata></final>
                <transition event="done.state.b" cond="!isBound(_event.data)" target="c"/>
              </state>
              <state id="c" initial="c1">
                <final id="c1"><donedata><content expr="1 +"/></donedata></final>
                <transition event="error.execution" target="end"/>
              </state>
              <final id="end"/>
            """))
        #expect(swift.contains("effects.raise(.errorExecution)  // the expression 'x +' of the <param name=\"n\"> does not parse"))
        #expect(swift.contains("effects.raise(.errorExecution)  // the <param name=\"n\">'s location names no <data> ('nowhere')"))
        #expect(swift.contains("effects.raise(.errorExecution)  // the <content>'s expression '1 +' does not parse"))
        // b's done event never has data: no event the transition takes carries any.
        #expect(swift.contains("return (!false)"))
    }

    /// Only a read of `_event` is refused in `<donedata>`, not data whose id merely contains it.
    @Test func doneDataReadsDataWhoseIdContainsEvent() throws {
        let swift = try generate(statecraft("""
              <state id="a" initial="a1">
                <final id="a1"><donedata><param name="n" expr="my_event + 1"/></donedata></final>
                <transition event="done.state.a" target="end"/>
              </state>
              <final id="end"/>
            """, data: #"<data id="my_event" expr="1"/>"#))
        #expect(swift.contains("return .doneStateA(DoneStateAData(n: (context.my_event + 1)))"))
    }

    @Test func doneDataThatCannotBeGeneratedIsRefusedAtItsElement() throws {
        let found = try refusals(statecraft("""
              <state id="a" initial="a1">
                <final id="a1"><donedata><param name="n" expr="1"/></donedata></final>
                <final id="a2"><donedata><param name="n" expr="'one'"/></donedata></final>
              </state>
              <state id="b" initial="b1">
                <final id="b1"><donedata><param name="n" expr="_event.name"/></donedata></final>
              </state>
              <final id="end"><donedata><param name="n" expr="1"/></donedata></final>
            """))
        #expect(found == [
            "<donedata> at 5:20: the event 'done.state.a' gives 'n' a String here and a Double at 4:20: its data has no one "
                + "type; give it one type",
            "<donedata> at 8:20: _event is not generated here: <donedata> and the values an <invoke> passes are computed "
                + "where no event is at hand",
            "<donedata> at 10:19: the done data of a top-level final is the invoking session's done.invoke data, which is "
                + "not generated yet: events cross between machines without data",
        ])
        let null = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a" initial="a1"><final id="a1"><donedata><content>21</content></donedata></final></state>
            </scxml>
            """)
        #expect(null == [
            "<donedata> at 2:45: done data is generated in the statecraft datamodel, whose expressions the generator translates",
        ])
    }
}
