import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The Swift that `SCXMLSwiftGenerator` writes, read as text: names, escaping, the DSL it writes
/// for each kind of element, and the documents it refuses. `StatecraftGenerateTests` compiles
/// and runs generated charts.
@Suite("Generating Swift from SCXML")
struct GenerateTests {
    private func generate(_ xml: String, name: String? = nil) throws -> String {
        try GenerationFixtures.generate(xml, name: name)
    }

    /// What the generator refuses in `xml`, or `[]` when it generates it.
    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

    private func generationError(_ xml: String) throws -> SCXMLGenerationError? {
        let generator = SCXMLSwiftGenerator(document: try SimulationFixtures.document(xml))
        do {
            _ = try generator.generate()
            return nil
        } catch {
            return error
        }
    }

    private func document(_ body: String, attributes: String = "") -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null"\(attributes)>
        \(body)
        </scxml>
        """
    }

    /// 5.3 and 3.12: the datamodel's variables are untyped. A `<data>` given values of several
    /// types that the document reads only as text is a `String` holding the text (with a warning);
    /// one read as a value stays refused, with why.
    @Test func dataOfSeveralTypesReadOnlyAsTextHoldTheirText() throws {
        let body = """
              <state id="a">
                <onentry><assign location="v" expr="'x'"/><log expr="v"/></onentry>
              </state>
            """
        let document = GenerationFixtures.statecraft(body, data: #"<data id="v" expr="1"/>"#)
        let swift = try GenerationFixtures.generate(document)
        #expect(swift.contains(#"var v: String = "1""#))
        #expect(swift.contains(#"context.v = scxmlText("x")"#))
        #expect(try GenerationFixtures.warnings(document) == [
            "<data> at 2:14: 'v' is given values of several types, and the document reads it only as text: the generated "
                + "field is a String that holds the text of its value, as the session writes it",
        ])
        let asValue = GenerationFixtures.statecraft(
            body.replacingOccurrences(of: #"<log expr="v"/>"#, with: #"<log expr="v + 1"/>"#), data: #"<data id="v" expr="1"/>"#
        )
        #expect(try GenerationFixtures.refusals(asValue) == [
            "<assign> at 4:14: the value assigned to 'v' is a String, and its field a Double: the datamodel's variables change "
                + "type, the generated fields do not; give it one type, or state one with statecraft:type",
        ])
    }

    /// Markup content (of `<data>`, `<assign>`, `<send>`) is its text, serialized as the session
    /// serializes it (`DocumentWriter`): a `String`; assigned to data of another type read only as
    /// text, the data holds text too.
    @Test func markupContentIsItsSerializedText() throws {
        let document = GenerationFixtures.statecraft("""
              <state id="a">
                <onentry>
                  <assign location="n"><item xmlns="urn:example" id="2"/></assign>
                  <send event="e"><content><p>hi</p></content></send>
                  <log expr="n"/>
                </onentry>
                <transition event="e"><log expr="_event.data"/></transition>
              </state>
            """, data: #"<data id="m"><item xmlns="urn:example" id="1"/></data><data id="n" expr="0"/>"#)
        let swift = try GenerationFixtures.generate(document)
        #expect(swift.contains(#"var m: String = "<item xmlns=\"urn:example\" id=\"1\"/>""#))
        #expect(swift.contains(#"context.n = "<item xmlns=\"urn:example\" id=\"2\"/>""#))
        #expect(swift.contains(#"effects.send(.e(EData(value: "<p xmlns=\"http://www.w3.org/2005/07/scxml\">hi</p>")))"#))
    }

    @Test func theTypeIsNamedAfterTheDocumentTheGivenNameOrTheFile() throws {
        let body = #"<state id="a"/>"#
        #expect(try generate(document(body, attributes: #" name="traffic-light""#)).contains("\nenum TrafficLight {\n"))
        #expect(try generate(document(body, attributes: #" name="traffic-light""#), name: "my light").contains("\nenum MyLight {\n"))
        #expect(try generate(document(body)).contains("\nenum Test {\n"))  // the fixture's file, test.scxml
        #expect(try generate(document(body, attributes: #" name="statechart""#)).contains("\nenum StatechartChart {\n"))
        // A name the generated code writes would be hidden by the type: it gets a suffix.
        for element in ["Final", "OnEntry", "OnExit", "DoneData"] {
            #expect(SwiftNames.typeName(element) == element + "Chart")
        }
        #expect(SwiftNames.typeName("9 lives") == "_9Lives")
        #expect(SwiftNames.typeName("---") == "GeneratedChart")
    }

    @Test func statesAndEventsSayWhereTheyCameFrom() throws {
        let swift = try generate(document("""
              <state id="red-light">
                <transition event="timer.expired" target="green"/>
              </state>
              <state id="green"/>
            """, attributes: #" name="light""#))
        #expect(swift.contains("""
                    /// `<state id="red-light">` at 2:3.
                    case redLight = "red-light"
            """))
        #expect(swift.contains("""
                    /// `timer.expired`, first named by the `<transition>` at 3:5.
                    case timerExpired
            """))
        #expect(swift.contains(#"case .timerExpired: "timer.expired""#))
        #expect(swift.contains("On(.timerExpired, to: .green)  // <transition> at 3:5"))
        #expect(swift.contains("Atomic(.green)\n"))
        #expect(!swift.contains("doneState"))  // no compound or parallel state: no done events
    }

    @Test func eventsComeInTheOrderTheDocumentFirstNamesThem() throws {
        let swift = try generate(document("""
              <state id="p">
                <state id="a"><transition event="first" target="b"/></state>
                <state id="b"/>
                <transition event="second first" target="a"/>
              </state>
            """))
        let first = try #require(swift.range(of: "case first\n"))
        let second = try #require(swift.range(of: "case second\n"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(swift.components(separatedBy: "\n        case first\n").count == 2)  // declared once (and once in Kind)
    }

    @Test func keywordsAreEscapedAndCollisionsNumberedInDocumentOrder() throws {
        let swift = try generate(document("""
              <state id="default"><transition event="switch" target="a.b"/></state>
              <state id="a.b"><transition event="a.b" target="aB"/></state>
              <state id="aB"><transition event="aB kind" target="self"/></state>
              <state id="self"/>
            """))
        #expect(swift.contains("case `default`\n"))
        #expect(swift.contains(#"case aB = "a.b""#))
        #expect(swift.contains("case aB_2\n"))
        #expect(swift.contains(#"case self_ = "self""#))
        #expect(swift.contains("case `switch`\n"))
        #expect(swift.contains("case kind_2\n"))  // `kind` is the event's own property
        #expect(swift.contains(#"case .aB_2: "aB""#))
        #expect(swift.contains("On(.`switch`, to: .aB)"))
        // One transition of two names is one On per name, in the order written.
        let first = try #require(swift.range(of: "On(.aB_2, to: .self_)  // <transition> at 4:18\n"))
        let second = try #require(swift.range(of: "On(.kind_2, to: .self_)  // <transition> at 4:18\n"))
        #expect(first.upperBound < second.lowerBound)
        #expect(swift.contains("Atomic(.`default`) {"))
    }

    @Test func manyTextsWithOneBaseAreNumberedInOrderInLinearTime() {
        var table = SwiftNameTable(reserved: ["aB_3"])
        let texts = (0..<3000).map { "a" + String(repeating: "-", count: $0 % 7 + 1) + String(repeating: ".", count: $0 / 7 + 1) + "b" }
        let names = texts.map { table.name(for: $0, fallback: "x") }
        #expect(Set(names).count == 3000)
        #expect(names.prefix(4) == ["aB", "aB_2", "aB_4", "aB_5"])  // aB_3 is the type's own
        #expect(names.last == "aB_3001")
        #expect(table.name(for: texts[1], fallback: "x") == "aB_2")  // the same text, the same name
    }

    @Test func textFromTheDocumentCannotEndALiteral() {
        #expect(SwiftNames.literal(#"a"b\(c)"#) == #""a\"b\\(c)""#)
        #expect(SwiftNames.literal("line\nbreak\u{202E}") == #""line\u{A}break\u{202E}""#)
        #expect(SwiftNames.member("caf\u{E9}.menu", fallback: "x") == "cafUE9Menu")
        #expect(SwiftNames.member("*", fallback: "event") == "event")
    }

    @Test func structureBecomesTheDSL() throws {
        let swift = try generate(document("""
              <state id="s" initial="s2">
                <transition event="error.* fail" target="f" type="internal"/>
                <transition cond="In('p')" target="p"/>
                <state id="s1"/>
                <state id="s2"><transition event="go" target="p"/></state>
                <history id="h" type="deep"><transition target="s1"/></history>
              </state>
              <parallel id="p">
                <state id="r1"><initial><transition target="r1b"/></initial><state id="r1a"/><state id="r1b"/></state>
                <state id="r2"><transition event="*" target="r1a r2"/></state>
              </parallel>
              <final id="f"/>
            """, attributes: #" initial="p""#))
        #expect(swift.contains("try Statechart(initial: .p, options: StatechartOptions(doneEvent: { state, _ in .doneState(state) })) {"))
        #expect(swift.contains("""
                        Compound(.s) {
                            Initial(to: .s2)
                            On("error.* fail", to: .f, type: .internal)  // <transition> at 3:5
                            When(in: .p) { Always(to: .p) }  // <transition> at 4:5
            """))
        #expect(swift.contains("History(.h, .deep, default: .s1)"))
        #expect(swift.contains("Parallel(.p) {"))
        #expect(swift.contains("Initial(to: .r1b)"))
        #expect(swift.contains(#"On("*", targets: [.r1a, .r2])"#))
        #expect(swift.contains("Final(.f)"))
        #expect(swift.contains("case fail\n"))
        #expect(swift.contains("case error\n"))
        #expect(swift.contains(#"case .doneState(let state): "done.state." + state.rawValue"#))
    }

    @Test func doneStateDescriptorsOfKnownStatesAreTheDoneCase() throws {
        let swift = try generate(document("""
              <state id="s"><transition event="done.state.s done.state.other" target="e"/><final id="sf"/></state>
              <final id="e"/>
            """))
        // `done.state.other` names no state: an event of its own. `done.state.s` is s's done
        // event, a case of the kind only.
        #expect(swift.contains("\n        case doneStateOther\n"))
        #expect(!swift.contains("\n        case doneStateS\n"))
        #expect(swift.contains("\n            case doneStateS\n"))
        #expect(swift.contains("case .s: .doneStateS"))
        #expect(swift.contains("On(.doneStateS, to: .e)"))
        #expect(swift.contains("On(.doneStateOther, to: .e)"))
    }

    @Test func executableContentBecomesSwiftOverTheContext() throws {
        let swift = try generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:statecraft="urn:statecraft:scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="1"/><data id="names" expr="['a']"/><data id="n" statecraft:type="Int"/></datamodel>
              <state id="a">
                <onentry><log expr="x % 2"/><raise event="go"/></onentry>
                <transition event="go" cond="x &gt; 1 || !(length(names) == 1)" target="b"><assign location="x" expr="-x * 2"/></transition>
              </state>
              <final id="b"/>
            </scxml>
            """)
        #expect(swift.contains("        var x: Double = 1\n"))
        #expect(swift.contains("        var names: [String] = [\"a\"]\n"))
        #expect(swift.contains("        var n: Int? = nil\n"))  // a stated type without expr: unbound until assigned
        #expect(swift.contains("context.host.log(label: \"\", message: scxmlText(context.x.truncatingRemainder(dividingBy: 2)))"))
        #expect(swift.contains("return ((context.x > 1) || (!(Double(context.names.count) == 1)))"))
        #expect(swift.contains("context.x = ((-context.x) * 2)"))
        // Swift reports an error in generated code at the document's line.
        #expect(swift.contains("#sourceLocation(file: \"test.scxml\", line: 5)\n                    context.x = "))
        #expect(swift.contains("static func makeChart() throws(DefinitionError) -> Statechart<State, Event, Context> {"))
    }

    @Test func whatCannotBeTranslatedIsRefusedAtItsPosition() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="1"/><data id="o" expr="{a: 1}"/><data id="y"/></datamodel>
              <state id="a">
                <onentry><log expr="_sessionid"/><assign location="x.y" expr="2"/><send event="e" namelist="x"/></onentry>
                <transition event="go" cond="typeof(x) == 'number'" target="b"><assign location="z" expr="In('a')"/></transition>
                <invoke type="scxml" srcexpr="'child.scxml'"/>
              </state>
              <final id="b"><donedata><param name="n" expr="x"/></donedata></final>
            </scxml>
            """)
        #expect(found == [
            "<data> at 2:37: a <data>'s expr is generated when it is a literal or an expression over the data declared "
                + "before it and the system variables _sessionid, _name and _ioprocessors (object values ({...}) have no generated type yet)",
            "<assign> at 4:38: a location with members or indices ('x' followed by . or [) is not generated: the generated "
                + "context's fields are whole values",
            "<transition> at 5:5: typeof() is not generated: in the generated code every value's type is known when it is built",
            "<donedata> at 8:17: the done data of a top-level final is the invoking session's done.invoke data, which is "
                + "not generated yet: events cross between machines without data",
        ])
    }

    @Test func aSendEventexprToTheMachineItselfIsGeneratedWithoutData() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="n" expr="'e'"/></datamodel>
              <state id="a"><onentry><send eventexpr="n" namelist="n"/><send eventexpr="n" target="#_parent"/></onentry></state>
            </scxml>
            """)
        #expect(found == [
            "<send> at 3:26: a <send eventexpr> with namelist is not generated: the data an event carries are typed by "
                + "its name, known here only when the send runs",
            "<send> at 3:60: a <send eventexpr> out of the machine is not generated: the events sent out are the cases of "
                + "Outgoing, named in the document",
        ])
    }

    @Test func lateBindingGivesAStatesDataTheirValuesOnItsFirstEntry() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" binding="late">
              <datamodel><data id="top" expr="2"/></datamodel>
              <state id="a">
                <datamodel><data id="x" expr="top * 2"/><data id="s">text</data><data id="e" expr="[]"/></datamodel>
              </state>
            </scxml>
            """
        // SCXML 5.3: the top-level data are bound at the start; a state's when it is first entered.
        #expect(try refusals(xml) == [
            "<data> at 4:69: with binding=\"late\", the type of the value this <data> gets when its state is first entered "
                + "cannot be inferred; state it with statecraft:type",
        ])
        let swift = try generate(xml.replacingOccurrences(of: #"<data id="e" expr="[]"/>"#, with: ""))
        #expect(swift.contains("var top: Double = 2\n"))
        #expect(swift.contains("var x: Double? = nil\n") && swift.contains("var s: String? = nil\n"))
        #expect(swift.contains("guard context.lateBound.insert(\"a\").inserted else { return }"))
        #expect(swift.contains("context.x = (context.top * 2)"))
        #expect(swift.contains("context.s = \"text\""))
    }

    @Test func inStateInAnActionAsksTheConfigurationAsTheMicrostepChangesIt() throws {
        // The null datamodel's one condition, in an <if>: the chart's actions see state changes.
        let null = try generate(document(#"<state id="a"><onentry><if cond="In('a')"><raise event="e"/></if></onentry></state>"#))
        #expect(null.contains("if effects.isActive(State.a) {"))
        #expect(null.contains("options: StatechartOptions(actionsSeeStateChanges: true)"))
        // Any other null expression always fails, as the session's null datamodel evaluates none.
        let warned = try GenerationFixtures.warnings(document(#"<state id="a"><onentry><log expr="'x'"/></onentry></state>"#))
        #expect(warned == [
            "<log> at 2:24: the null datamodel evaluates no expression (''x''); the generated machine raises error.execution "
                + "here, as the session does",
        ])
        // statecraft: In() inside an expression; an id that names no state is false, as in the session.
        let swift = try generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="seen" expr="false"/></datamodel>
              <state id="a"><onexit><assign location="seen" expr="In('a') &amp;&amp; !In('nowhere')"/></onexit></state>
            </scxml>
            """)
        #expect(swift.contains("context.seen = (effects.isActive(State.a) && (!false))"))
        #expect(swift.contains("actionsSeeStateChanges: true"))
        // A chart that asks In() only in transitions' conditions keeps the fast paths.
        let guarded = try generate(document(#"<state id="a"><transition event="e" cond="In('a')" target="a"/></state>"#))
        #expect(!guarded.contains("actionsSeeStateChanges"))
    }

    @Test func systemVariablesAreReadAndAssigningOneOrUndeclaredDataRaisesErrorExecution() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" name="box">
              <datamodel><data id="x" expr="1"/><data id="y" expr="x + 1"/><data id="id" expr="_sessionid"/></datamodel>
              <state id="a">
                <onentry><assign location="_name" expr="1"/><log expr="'never'"/></onentry>
                <onexit><assign location="nothing" expr="1"/></onexit>
                <transition event="e" cond="_name == 'box'" target="b"/>
              </state>
              <final id="b"/>
            </scxml>
            """
        let swift = try generate(xml)
        #expect(swift.contains("        var y: Double\n") && swift.contains("            self.y = (self.x + 1)\n"))
        #expect(swift.contains("        let sessionID: String\n") && swift.contains("            self.id = self.sessionID\n"))
        #expect(swift.contains("init(host: any Host, sessionID: String = Context.randomSessionID()) {"))
        #expect(swift.contains("do {  // the system variable _name is read-only (SCXML 5.10): the session raises error.execution"))
        #expect(swift.contains("do {  // 'nothing' names no <data>: the session raises error.execution"))
        // What follows a statement that always ends its block is not written: it never runs.
        #expect(!swift.contains("context.host.log(") && !swift.contains("\"never\""))
        #expect(swift.contains("return (\"box\" == \"box\")"))
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="later + 1"/><data id="later" expr="1"/><data id="io" expr="_ioprocessors.basichttp"/></datamodel>
              <state id="a"><onentry><log expr="_name"/><log expr="_x"/></onentry></state>
            </scxml>
            """)
        #expect(found == [
            "<data> at 2:14: a <data>'s expr is generated when it is a literal or an expression over the data declared "
                + "before it and the system variables _sessionid, _name and _ioprocessors ('later' names no <data> of the "
                + "document)",
            "<data> at 2:72: a <data>'s expr is generated when it is a literal or an expression over the data declared "
                + "before it and the system variables _sessionid, _name and _ioprocessors (_ioprocessors has no 'basichttp': "
                + "the generated machine's only I/O processor is SCXML's ('scxml'))",
            "<log> at 3:26: _name is undefined in a document without a name, which is not generated; give the <scxml> a name",
            "<log> at 3:45: the system variable '_x' is not generated; _event.name, _sessionid, _name and _ioprocessors are",
        ])
    }

    @Test func targetexprIsChosenWhenTheSendRunsAndAValueOfAnotherTypeIsRefused() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="n" expr="1"/><data id="to" expr="'#_internal'"/></datamodel>
              <state id="a"><onentry><send event="e" targetexpr="to"/><assign location="n" expr="'text'"/><log expr="n * 2"/></onentry></state>
            </scxml>
            """
        let found = try refusals(xml)
        #expect(found == [
            "<assign> at 3:59: the value assigned to 'n' is a String, and its field a Double: the datamodel's variables change "
                + "type, the generated fields do not; give it one type, or state one with statecraft:type",
        ])
        let swift = try generate(xml.replacingOccurrences(of: "'text'", with: "2"))
        #expect(swift.contains("let target = scxmlText(context.to)\n"))
        #expect(swift.contains("if target == \"#_internal\" {\n") && swift.contains("effects.raise(.e)"))
        #expect(swift.contains("} else if target == \"#_scxml_\" + context.sessionID {\n") && swift.contains("effects.send(.e)"))
        #expect(swift.contains("} else if !context.host.deliver(.e, to: target) {\n"))
        #expect(swift.contains("effects.raise(target.hasPrefix(\"#_\") ? .errorCommunication : .errorExecution)"))
        let delayed = try refusals(xml.replacingOccurrences(of: "targetexpr=\"to\"", with: "targetexpr=\"to\" delay=\"1s\""))
        #expect(delayed.first == "<send> at 3:26: a delayed <send> with targetexpr is not generated: its target, known "
            + "when it runs, may be the machine itself or out of it; write the target")
    }

    @Test func dataWithoutExprTakesTheTypeOfWhatIsPutInItAndIsUnwrappedWhereUndefinedIsAnError() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="n"/><data id="all" expr="[1, 2]"/><data id="one"/><data id="i"/></datamodel>
              <state id="a">
                <onentry><assign location="n" expr="n * 2"/><foreach array="all" item="one" index="i"/></onentry>
                <transition event="e" cond="n == 1" target="b"><assign location="n" expr="1"/></transition>
              </state>
              <final id="b"/>
            </scxml>
            """
        let swift = try generate(xml)
        #expect(swift.contains("        var n: Double? = nil\n"))
        #expect(swift.contains("        var one: Double? = nil\n") && swift.contains("        var i: Double? = nil\n"))
        #expect(swift.contains("do {\n") && swift.contains("guard let bound_n = context.n else {\n"))
        #expect(swift.contains("effects.raise(.errorExecution)") && swift.contains("context.n = (bound_n * 2)"))
        #expect(swift.contains("return (context.n == 1)"))
        let found = try refusals(xml.replacingOccurrences(of: "expr=\"n * 2\"", with: "expr=\"'two'\""))
        #expect(found == [
            "<data> at 2:14: a <data> without 'expr' takes its type from what the document puts in it, but 'n' is given "
                + "both String and Double; state its type with statecraft:type",
            "<assign> at 4:14: 'n' names a <data> that is not generated (the <data> says why)",
            "<transition> at 5:5: 'n' names a <data> that is not generated (the <data> says why)",
            "<assign> at 5:52: 'n' names a <data> that is not generated (the <data> says why)",
        ])
        // In a guard, a read as a value throws when unbound: the chart takes the guard as false and
        // raises error.execution, as the session does.
        let guarded = try generate(xml.replacingOccurrences(of: "cond=\"n == 1\"", with: "cond=\"n &gt; 1\""))
        #expect(guarded.contains("return try (scxmlBound(context.n, \"n\") > 1)"))
        #expect(guarded.contains("options: StatechartOptions(guardErrorEvent: { _ in .errorExecution })"))
    }

    @Test func eventlessTransitionsAndHistoryDefaultsMayNameSeveralTargets() throws {
        let swift = try generate(document("""
              <state id="top">
                <history id="h" type="deep"><transition target="a b"><raise event="back"/></transition></history>
                <parallel id="p">
                  <state id="a"><transition target="a b"/></state>
                  <state id="b"><transition event="e" target="a"/></state>
                </parallel>
              </state>
            """))
        #expect(swift.contains("Always(targets: [.a, .b])"))
        #expect(swift.contains("History(.h, .deep, defaults: [.a, .b]) { context, event, effects in"))
    }

    @Test func inStateOfAnIdThatNamesNoStateIsNeverTakenWithAWarning() throws {
        // SCXML 5.9.1: In() asks whether the state is in the configuration; an id that names no
        // state never is. The session runs such a transition as never taken; so does the
        // generated chart, and the generator warns, as a condition that never holds is a mistake.
        let xml = document("""
              <parallel id="p">
                <state id="a"/>
                <state id="b"><transition event="e" cond="In('nowhere')" target="a"/></state>
              </parallel>
            """)
        let swift = try generate(xml)
        #expect(swift.contains("On(.e, to: .a, guard: { _, _ in false })"))
        #expect(!swift.contains("When(in:"))
        #expect(try GenerationFixtures.warnings(xml) == [
            "<transition> at 4:19: the condition 'In('nowhere')' names no state of the document, so it is false; "
                + "the generated transition is never taken, as the session never takes it",
        ])
        // An id that names a state is the chart's state condition, with no warning.
        let known = document(#"<state id="a"><transition event="e" cond="In('a')" target="a"/></state>"#)
        #expect(try generate(known).contains("When(in: .a) { On(.e, to: .a) }"))
        #expect(try GenerationFixtures.warnings(known).isEmpty)
    }

    @Test func theErrorNamesTheFileAndReadsAsCompilerDiagnostics() throws {
        let error = try #require(try generationError(document(#"<state id="a"><onexit><assign location="x" expr="1"/></onexit></state>"#)))
        #expect("\(error)".hasPrefix("test.scxml: <assign> at 2:23: the null datamodel has no locations"))
        #expect(error.diagnostics.first?.hasPrefix("test.scxml:2:23: error: <assign>: the null datamodel has no locations") == true)
    }

    @Test func theCommandWritesToStandardOutputOrAFileAndRefusesWithStatusOne() throws {
        let light = document(#"<state id="a"><transition event="go" target="b"/></state><final id="b"/>"#, attributes: #" name="light""#)
        let refused = document(#"<state id="a"><onentry><assign location="x" expr="1"/></onentry></state>"#)
        let folder = try ToolProcess.folder(with: ["light.scxml": light, "refused.scxml": refused])
        let output = try ToolProcess.run(["generate", "light.scxml"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("enum Light {"))
        #expect(output.standardOutput == (try generate(light)).replacingOccurrences(of: "test.scxml", with: "light.scxml"))
        let named = try ToolProcess.run(["generate", "light.scxml", "--name", "Lamp", "--public", "--output", "Lamp.swift"], in: folder)
        #expect(named.status == 0 && named.standardOutput.isEmpty)
        let written = try String(contentsOf: folder.appendingPathComponent("Lamp.swift"), encoding: .utf8)
        #expect(written.contains("public enum Lamp {") && written.contains("public static func makeChart()"))
        let failed = try ToolProcess.run(["generate", "refused.scxml"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.standardOutput.isEmpty)
        #expect(failed.standardError.contains("refused.scxml: <assign> at 2:24: the null datamodel has no locations to assign"))
    }
}
