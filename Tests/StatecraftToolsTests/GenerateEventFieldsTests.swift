import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// `_event.type`, `.sendid`, `.origin`, `.origintype` and `.invokeid` (SCXML 5.10.1) in generated
/// Swift: known from where the document makes each event, and refused where the ways differ or
/// only the running machine knows. `StatecraftGenerateTests` runs such a chart next to the
/// session (`Origins.scxml`).
@Suite("Generating _event's fields")
struct GenerateEventFieldsTests {
    private func generate(_ xml: String) throws -> String { try GenerationFixtures.generate(xml) }

    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

    private func statecraft(_ body: String) -> String {
        GenerationFixtures.statecraft(body, data: #"<data id="s" expr="''"/><data id="b" expr="false"/>"#)
    }

    @Test func eachFieldIsTheValueTheWayTheEventIsMadeGivesIt() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry><raise event="r"/><send event="s" id="one"/><send event="i" target="#_internal"/></onentry>
                <transition event="r"><assign location="s" expr="_event.type"/><assign location="b" expr="isBound(_event.origin)"/></transition>
                <transition event="s"><assign location="s" expr="_event.sendid"/><assign location="b" expr="isBound(_event.invokeid)"/></transition>
                <transition event="i"><assign location="s" expr="_event.origin"/></transition>
                <transition event="error.execution"><assign location="s" expr="_event.type"/></transition>
                <transition event="app"><assign location="s" expr="_event.type"/></transition>
              </state>
            """))
        #expect(swift.contains("context.s = \"internal\"\n"))
        #expect(swift.contains("context.b = false\n"))
        #expect(swift.contains("context.s = \"one\"\n"))
        #expect(swift.contains("context.s = (\"#_scxml_\" + context.sessionID)\n"))
        #expect(swift.contains("context.s = \"platform\"\n"))
        #expect(swift.contains("context.s = \"external\"\n"))
        // Read as a value, an undefined field raises error.execution, as unbound data does.
        let undefined = try generate(statecraft("""
              <state id="a">
                <onentry><raise event="r"/></onentry>
                <transition event="r"><assign location="s" expr="_event.origintype"/></transition>
              </state>
            """))
        #expect(undefined.contains("guard let bound_event_origintype = (nil as String?) else {"))
    }

    @Test func aDataWithoutExprTakesItsTypeFromAnEventField() throws {
        let swift = try generate(GenerationFixtures.statecraft("""
              <state id="a">
                <onentry><send event="go"/></onentry>
                <transition event="go"><assign location="o" expr="_event.origintype"/></transition>
              </state>
            """, data: #"<data id="o"/>"#))
        #expect(swift.contains("var o: String? = nil"))
        #expect(swift.contains("context.o = \"http://www.w3.org/TR/scxml/#SCXMLEventProcessor\""))
    }

    @Test func aFieldThatIsNotOneValueIsRefusedWithWhy() throws {
        let found = try refusals(statecraft("""
              <state id="a">
                <onentry><raise event="both"/><send event="both"/><send event="late" idlocation="s"/></onentry>
                <transition event="both"><assign location="s" expr="_event.type"/></transition>
                <transition event="late"><assign location="s" expr="_event.sendid"/></transition>
                <transition event="*"><assign location="s" expr="_event.type"/></transition>
                <transition event="both late"><assign location="s" expr="_event.origin"/></transition>
                <onexit><assign location="s" expr="_event.type"/></onexit>
              </state>
            """))
        #expect(found == [
            "<assign> at 6:30: the <send> of 'late' takes its id from idlocation, made when it runs",
            "<assign> at 7:27: _event.type is not generated in a transition taking every event ('*')",
            "<assign> at 8:35: _event.origin is not one value here: 'both' is made in two ways that differ in it "
                + "(undefined and the machine's own origin), and a generated event does not carry where it came from",
            "<assign> at 9:13: _event.type is generated in the condition and actions of a transition with an event; "
                + "here the event is not known",
        ])
    }

    /// 5.10.1: the error a failed `<send>` raises carries its id. Reading an error event's
    /// `sendid` gives the error events the machine raises a struct with the id, which each raise
    /// in a `<send>` fills (the id made for `idlocation` first, as the session makes it before it
    /// evaluates the rest) and every other raise leaves `nil`.
    @Test func anErrorEventsSendIDIsTheFailedSendsID() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry>
                  <send event="out" target="app:x" idlocation="s"/>
                  <send event="late" id="fixed" delayexpr="s"/>
                  <assign location="nowhere" expr="1"/>
                </onentry>
                <transition event="error"><log expr="_event.sendid"/></transition>
                <transition event="late"/>
              </state>
            """))
        #expect(swift.contains("case errorExecution(ErrorExecutionData)"))
        #expect(swift.contains("case errorCommunication") == false)
        // The id first, then the send, whose error carries it.
        let sent = [
            "let sendID = context.newSendID()", "context.s = sendID", "guard context.host.deliver(.out, to: \"app:x\") else {",
            "    effects.raise(.errorExecution(ErrorExecutionData(sendid: sendID)))",
        ]
        #expect(swift.contains(sent.map { String(repeating: " ", count: 24) + $0 }.joined(separator: "\n")))
        #expect(swift.contains("effects.raise(.errorExecution(ErrorExecutionData(sendid: \"fixed\")))"))
        // The <assign> to no <data> is no send's: its error carries no id.
        #expect(swift.contains("effects.raise(.errorExecution(ErrorExecutionData()))"))
        #expect(swift.contains("(ErrorExecutionData(event)?.sendid)"))
    }

    /// Without a read of an error event's `sendid`, the error events carry nothing.
    @Test func errorEventsCarryNoIDUnlessItIsRead() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry><send event="out" target="app:x" id="one"/></onentry>
                <transition event="error"><log expr="_event.name"/></transition>
              </state>
            """))
        #expect(swift.contains("case errorExecution\n"))
        #expect(swift.contains("effects.raise(.errorExecution)"))
    }

    /// 5.10.1: `_event.type` of an event both raised and sent (or sent with a `targetexpr`, which
    /// may name `#_internal`) is the queue it came from, which actions read of the machine
    /// (`Effects.lastEvent`); conditions, and events that reach the machine otherwise, are refused.
    @Test func theTypeOfAnEventMadeInBothQueuesIsReadFromTheMachine() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry><raise event="both"/><send event="both"/><send event="either" targetexpr="s"/></onentry>
                <transition event="both"><assign location="s" expr="_event.type"/></transition>
                <transition event="either"><assign location="b" expr="isBound(_event.type)"/><log expr="_event.type"/></transition>
              </state>
            """))
        #expect(swift.contains("context.s = (effects.lastEvent?.source == .internal ? \"internal\" : \"external\")\n"))
        #expect(swift.contains("context.b = true\n"))
        #expect(swift.contains("actionsSeeLastEvent: true"))
        let found = try refusals(statecraft("""
              <state id="a">
                <onentry><raise event="both"/><send event="both"/><raise event="error.execution"/></onentry>
                <transition event="both" cond="_event.type == 'internal'"/>
                <transition event="error.execution"><assign location="s" expr="_event.type"/></transition>
              </state>
            """))
        #expect(found == [
            "<assign> at 6:41: _event.type is not one value here: 'error.execution' is made by the platform ('platform'), "
                + "and a generated event does not carry where it came from",
        ])
        // A condition reads the queue from the context, where the chart writes each event it takes.
        let condition = try generate(statecraft("""
              <state id="a">
                <onentry><raise event="both"/><send event="both"/></onentry>
                <transition event="both" cond="_event.type == 'internal'"><assign location="s" expr="'raised'"/></transition>
              </state>
            """))
        #expect(condition.contains("return ((context.lastTaken?.source == .internal ? \"internal\" : \"external\") == \"internal\")"))
        #expect(condition.contains("lastEvent: \\.lastTaken)"))
        #expect(condition.contains("var lastTaken: TakenEvent<Event>? = nil"))
        // An event an invocation returns goes through the driver (and its <finalize>), not the queues the machine tells.
        let returned = try refusals(statecraft("""
              <state id="a">
                <onentry><raise event="back"/></onentry>
                <invoke id="kid"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
                  <final id="f"><onentry><send target="#_parent" event="back"/></onentry></final></scxml></content></invoke>
                <transition event="back"><assign location="s" expr="_event.type"/></transition>
              </state>
            """))
        // A delayed send the engine's timer delivers is external, as the queue tells; a delayed
        // transition's event (`After`) is taken by a timer that binds no event.
        let delayed = try generate(statecraft("""
              <state id="a">
                <onentry><raise event="later"/><send event="later" delay="1s"/></onentry>
                <transition event="later"><assign location="s" expr="_event.type"/></transition>
              </state>
            """))
        #expect(delayed.contains("effects.send(.later, after: .milliseconds(1000))"))
        #expect(delayed.contains("context.s = (effects.lastEvent?.source == .internal ? \"internal\" : \"external\")\n"))
        func timedDocument(_ read: String) -> String {
            statecraft("""
                  <state id="a">
                    <onentry><raise event="t"/></onentry>
                    <transition event="t" target="b"><assign location="s" expr="\(read)"/></transition>
                  </state>
                  <state id="b">
                    <onentry><send event="t" delay="1s" id="t"/></onentry>
                    <onexit><cancel sendid="t"/></onexit>
                    <transition event="t" target="a"/>
                  </state>
                """)
        }
        let timed = try generate(timedDocument("_event.name"))
        #expect(timed.contains("After(.seconds(1), to: .a)"))
        // Asking the queue of an event a delayed transition also makes keeps the delayed sends as
        // sends, whose events the machine takes from its external queue.
        let timedType = try generate(timedDocument("_event.type"))
        #expect(!timedType.contains("After("))
        #expect(timedType.contains("effects.send(.t, after: .milliseconds(1000), id: \"t\")"))
        #expect(timedType.contains("effects.cancel(\"t\")"))
        #expect(timedType.contains("context.s = (effects.lastEvent?.source == .internal ? \"internal\" : \"external\")"))
        #expect(returned == [
            "<assign> at 7:30: _event.type is known when it runs here, and 'back' reaches the machine from an invocation or "
                + "the invoking session, whose queue the generated machine does not tell",
        ])
    }

    @Test func eventsBetweenInvokingAndInvokedDocumentsHaveTheFieldsTheirSendsGive() throws {
        let child = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="c">
              <datamodel><data id="t" expr="''"/></datamodel>
              <state id="c">
                <onentry><send target="#_parent" event="up" id="u1"/></onentry>
                <transition event="down"><assign location="t" expr="_event.origintype"/></transition>
                <transition event="along"><assign location="t" expr="_event.name"/></transition>
              </state>
            </scxml>
            """
        let xml = statecraft("""
              <state id="a">
                <invoke id="kid" autoforward="true"><content>\(child)</content></invoke>
                <transition event="up"><assign location="s" expr="_event.invokeid + _event.sendid + _event.origintype"/>
                  <send target="#_kid" event="down"/></transition>
                <transition event="go"><raise event="along"/></transition>
              </state>
            """)
        let swift = try generate(xml)
        #expect(swift.contains("context.s = ([\"kid\", \"u1\", \"http://www.w3.org/TR/scxml/#SCXMLEventProcessor\"] as [String]).joined()"))
        #expect(swift.contains("context.t = \"http://www.w3.org/TR/scxml/#SCXMLEventProcessor\""))
        // What the invoking session forwards keeps its fields, and the invoked session's origin is its own.
        let found = try refusals(xml.replacingOccurrences(of: "_event.invokeid + _event.sendid", with: "_event.origin")
            .replacingOccurrences(of: "expr=\"_event.name\"", with: "expr=\"_event.sendid\""))
        #expect(found == [
            "<assign> at 9:31: an event forwarded by the invoking session (autoforward) keeps the fields it had there, known "
                + "when it runs",
            "<assign> at 12:28: the origin of an event from an invoked session is that session's location, known when it runs",
        ])
        // SCXML 5.10.1: the sendid of what the invoking session sends is its <send>'s id, undefined without one.
        let withoutID = try generate(xml.replacingOccurrences(of: "expr=\"_event.origintype\"", with: "expr=\"_event.sendid\""))
        #expect(withoutID.contains("guard let bound_event_sendid = (nil as String?) else {"))
        let withID = try generate(xml.replacingOccurrences(of: "expr=\"_event.origintype\"", with: "expr=\"_event.sendid\"")
            .replacingOccurrences(of: "<send target=\"#_kid\" event=\"down\"/>", with: "<send target=\"#_kid\" event=\"down\" id=\"d7\"/>"))
        #expect(withID.contains("context.t = \"d7\""))
    }

    /// `_event` as a whole value (5.10.1): the generated `EventValue`, made from the event the
    /// chart keeps in the context; refused where a field of an event the machine may take is not
    /// one value, and as text, which the session writes as an object.
    @Test func theWholeEventIsAValueWhenEveryFieldIsKnown() throws {
        let swift = try generate(GenerationFixtures.statecraft("""
              <state id="a">
                <onentry><raise event="r"/><send event="s" id="one"/></onentry>
                <transition event="r"><assign location="w" expr="_event"/></transition>
                <transition event="s" cond="w != _event" target="b"/>
              </state>
              <final id="b"/>
            """, data: #"<data id="w"/>"#))
        #expect(swift.contains("var w: EventValue? = nil"))
        #expect(swift.contains("guard let bound_event_value = EventValue(effects.lastEvent, context) else {"))
        #expect(swift.contains("return (context.w != EventValue(context.lastTaken, context))"))
        #expect(swift.contains("case \"s\":\n                type = \"external\"\n                sendid = \"one\"\n"))
        #expect(swift.contains("origin = \"#_scxml_\" + context.sessionID"))
        let found = try refusals(GenerationFixtures.statecraft("""
              <state id="a">
                <onentry><raise event="r"/><send event="r"/></onentry>
                <transition event="r"><assign location="w" expr="_event"/><log expr="_event"/></transition>
              </state>
            """, data: #"<data id="w" expr="0"/>"#))
        #expect(found == [
            "<assign> at 5:27: _event as a whole is generated when every field of every event the machine may take is known, "
                + "and _event.origin of 'r' is not: _event.origin is not one value here: 'r' is made in two ways that differ "
                + "in it (undefined and the machine's own origin), and a generated event does not carry where it came from",
            "<log> at 5:63: _event as a whole is generated as a value to store and compare, not as text (the session writes "
                + "it as an object): read its fields",
        ])
    }
}
