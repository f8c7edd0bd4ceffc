import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// What the generator writes for `<invoke>`, and what it refuses, read as text.
/// `StatecraftGenerateTests/InvocationTests` compiles and runs a generated invocation.
@Suite("Generating <invoke> from SCXML")
struct GenerateInvocationTests {
    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

    private func generate(_ xml: String) throws -> String { try GenerationFixtures.generate(xml) }

    private static let child = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">\
        <final id="end"><onentry><send target="#_parent" event="bye"/></onentry></final></scxml>
        """

    @Test func whatAnInvokeCannotSayIsRefusedAtItsPosition() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="1"/></datamodel>
              <state id="a">
                <invoke type="http://example.com/other"/>
                <invoke idlocation="x"><content>\(Self.child)</content></invoke>
                <invoke><content expr="x"/></invoke>
                <invoke><finalize><log expr="_event.data.n"/></finalize><content>\(Self.child)</content></invoke>
                <invoke><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
                  <state id="inner"><invoke><content>\(Self.child)</content></invoke></state></scxml></content></invoke>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<invoke> at 4:5: only SCXML documents are invoked by generated code, not type 'http://example.com/other'",
            "<invoke> at 5:5: the idlocation 'x' is a Double, and the invocation's id a String",
            // A finalize is translated for the events its invocation returns; this one's return no data.
            "<log> at 7:23: no event the transition takes ('bye done.invoke.a.4') carries data: no <send> of it to the machine "
                + "has <param>, namelist or <content>",
            // The invoked document's own refusals are at their place in the file.
            "<invoke> at 9:25: an invoked document that invokes another is not generated yet",
        ])
    }

    /// SCXML 6.4: autoforward sends the invoked session every external event the invoking one
    /// takes, those it sends itself included. The driver makes the machine hold what it sends
    /// itself (`Machine.holdsSentEvents`), so that each takes its turn in the driver's queue, where
    /// it is forwarded. `ForwardingTests` runs such a document next to the session.
    @Test func autoforwardTakesTheEventsTheMachineSendsItself() throws {
        let swift = try generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a">
                <onentry><send event="tick"/></onentry>
                <invoke autoforward="true"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" \
            datamodel="null"><state id="b"><transition event="tick" target="c"/></state><final id="c"/></scxml></content></invoke>
              </state>
            </scxml>
            """)
        #expect(swift.contains(".makeChart(), context: (), holdingSentEvents: true)"))
        #expect(swift.contains("for event in machine.takeSentEvents() { links.toMachine.append((nil, 0, event)) }"))
        #expect(swift.contains("if let run = invoked1?.run { links.toInvoked.append((run, event.scxmlName)) }  // autoforward"))
    }

    /// A `null` document's events carry no data: a `statecraft` child's `#_parent` send with data
    /// is refused with that reason (not as data of two types).
    @Test func dataSentToANullParentIsRefusedWithTheParentsDatamodel() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a">
                <invoke><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
                  <final id="f"><onentry><send target="#_parent" event="up"><param name="n" expr="1"/></send></onentry></final>
                </scxml></content></invoke>
                <transition event="up" target="b"/>
              </state>
              <final id="b"/>
            </scxml>
            """)
        #expect(found == [
            "<send> at 4:30: the invoking document's datamodel ('null') gives its generated events no data, so the data of "
                + "'up' has nowhere to go: send it to #_parent without data",
        ])
    }

    @Test func aDocumentNamedBySrcIsReadFromTheFolderAndNested() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-invoke-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.child.utf8).write(to: folder.appendingPathComponent("child.scxml"))
        let parent = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" name="Caller">
              <state id="a"><invoke id="helper" src="child.scxml"/><transition event="bye" target="b"/></state>
              <state id="b"><transition event="done.invoke.helper" target="c"/></state>
              <final id="c"/>
            </scxml>
            """
        let path = folder.appendingPathComponent("caller.scxml").path
        try Data(parent.utf8).write(to: URL(fileURLWithPath: path))
        let swift = try SCXMLSwiftGenerator(document: SCXMLDocument(contentsOfFile: path)).generate()
        #expect(swift.contains("\nenum InvokedHelper {\n"))
        #expect(swift.contains("    struct Invocations {\n"))
        #expect(swift.contains("case \"done.invoke.helper\": return .doneInvokeHelper"))
        #expect(swift.contains("links.running[\"helper\"] = run"))

        // A file outside the document's folder is not read.
        let outside = parent.replacingOccurrences(of: "src=\"child.scxml\"", with: "src=\"../outside.scxml\"")
        try Data(outside.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SCXMLGenerationError.self) {
            try SCXMLSwiftGenerator(document: SCXMLDocument(contentsOfFile: path)).generate()
        }
    }

    private static func checking(_ data: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">\
        <datamodel>\(data)</datamodel><final id="end"/></scxml>
        """
    }

    @Test func dataPassedToAnInvokedDocumentIsRefusedWhereItCannotBeTyped() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="1"/><data id="later"/><data id="s" expr="'a'"/>\
            <data xmlns:statecraft="urn:statecraft:scxml" id="o" expr="1" statecraft:type="Double?"/></datamodel>
              <state id="a">
                <invoke namelist="later"><content>\(Self.checking("<data id=\"later\"/>"))</content></invoke>
                <invoke namelist="missing"><content>\(Self.checking(""))</content></invoke>
                <invoke><param name="p" expr="x +"/><content>\(Self.checking(""))</content></invoke>
                <invoke><param name="p" expr="_event.name"/><content>\(Self.checking(""))</content></invoke>
                <invoke><param name="x" expr="s"/><content>\(Self.checking("<data id=\"x\" expr=\"0\"/>"))</content></invoke>
                <invoke namelist="o"><content>\(Self.checking(""))</content></invoke>
                <invoke idlocation="nowhere"><content>\(Self.checking(""))</content></invoke>
                <transition event="go"><assign location="later" expr="2"/></transition>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<invoke> at 4:5: the namelist's 'later': 'later' has no value until assigned (a <data> without expr), and "
                + "reading it here other than with == or != would raise error.execution, which is generated in actions and "
                + "conditions only",
            "<invoke> at 7:5: the <param> 'p': _event is not generated here: <donedata> and the values an <invoke> passes "
                + "are computed where no event is at hand",
            // The invoked document's <data> says what its field is.
            "<data> at 8:143: the <invoke> at 8:5 passes a String as 'x', whose field here is a Double: the generated fields "
                + "do not change type; pass a value of its type",
            "<invoke> at 9:5: the type of the value of the namelist's 'o' is not certain (data unbound until assigned, "
                + "members, objects): the invoked document's data are typed from it",
        ])
        // SCXML 6.4: what fails every time the invocation would start is generated so: it raises
        // error.execution and starts nothing, as the session does, with a warning.
        let warnings = try GenerationFixtures.warnings("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="x" expr="1"/></datamodel>
              <state id="a">
                <invoke namelist="missing"><content>\(Self.checking(""))</content></invoke>
                <invoke><param name="p" expr="x +"/><content>\(Self.checking(""))</content></invoke>
                <invoke idlocation="nowhere"><content>\(Self.checking(""))</content></invoke>
              </state>
            </scxml>
            """)
        let starts = "; the generated machine raises error.execution when it would start, and starts nothing, as the session does"
        #expect(warnings == [
            "<invoke> at 4:5: the namelist's 'missing': 'missing' names no <data> of the document, so the invocation always fails"
                + starts,
            "<invoke> at 5:5: the value of the <param> 'p' does not parse, so the invocation always fails: "
                + "the expression ends where a value is expected" + starts,
            "<invoke> at 6:5: the idlocation: 'nowhere' names no <data> of the document, so the invocation always fails" + starts,
        ])
        let null = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a"><invoke><param name="p" expr="1"/><content>\(Self.child)</content></invoke>
                <invoke idlocation="p"><content>\(Self.child)</content></invoke></state>
            </scxml>
            """)
        #expect(null == [
            "<invoke> at 2:17: data passed to an invoked document (<param>, namelist) is generated in the statecraft datamodel, "
                + "whose expressions the generator translates",
            "<invoke> at 3:5: an <invoke> with idlocation is generated in the statecraft datamodel, which has data",
        ])
    }

    @Test func aTypeexprIsCheckedWhenTheInvocationStarts() throws {
        let swift = try GenerationFixtures.generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" name="Caller">
              <datamodel><data id="t" expr="'scxml'"/></datamodel>
              <state id="a"><invoke id="c" typeexpr="t"><content>\(Self.checking(""))</content></invoke></state>
            </scxml>
            """)
        #expect(swift.contains(#"guard ["scxml", "http://www.w3.org/TR/scxml/", "http://www.w3.org/TR/scxml"].contains(Caller.scxmlText(context.t)) else {"#))
        #expect(swift.contains("raised.append(.errorExecution)"))
        #expect(swift.contains("case errorExecution"), "the machine's Event has error.execution")
        // A literal is a type: checked here.
        let literal = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <state id="a"><invoke typeexpr="'http://example.com/x'"><content>\(Self.checking(""))</content></invoke>\
            <invoke typeexpr="'scxml'"><content>\(Self.checking(""))</content></invoke></state>
            </scxml>
            """)
        #expect(literal == ["<invoke> at 2:17: only SCXML documents are invoked by generated code, not type 'http://example.com/x'"])
        let null = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a"><invoke typeexpr="t"><content>\(Self.child)</content></invoke></state>
            </scxml>
            """)
        #expect(null == [
            "<invoke> at 2:17: an <invoke> with typeexpr is generated in the statecraft datamodel, whose expressions the "
                + "generator translates",
        ])
    }

    @Test func passedDataAreArgumentsOfTheInvokedContextComputedWhenItStarts() throws {
        let swift = try GenerationFixtures.generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" name="Caller">
              <datamodel><data id="x" expr="1"/></datamodel>
              <state id="a"><invoke id="c" namelist="x"><content>\
            \(Self.checking("<data id=\"x\" expr=\"0\"/><data id=\"y\"/><data id=\"z\" expr=\"x + 1\"/>"))</content></invoke>\
            <invoke id="d"><param name="y" expr="x * 2"/><content>\(Self.checking("<data id=\"y\"/>"))</content></invoke></state>
            </scxml>
            """)
        #expect(swift.contains("init(x: Double? = nil) {"), "a parameter per value passed, none for a <data> not passed")
        #expect(swift.contains("if let x { self.x = x }"))
        #expect(swift.contains("self.z = (self.x + 1)"), "computed after the values passed")
        #expect(swift.contains("let context = machine.context"))
        #expect(swift.contains("makeMachine(context: InvokedC.Context(x: context.x))"))
        #expect(swift.contains("init(y: Double? = nil) {"), "a <data> without expr takes the type of the value passed")
        #expect(swift.contains("var y: Double?"))
        #expect(swift.contains("if let y { self.y = y }"))
        #expect(swift.contains("makeMachine(context: InvokedD.Context(y: (context.x * 2)))"))
    }

    /// SCXML 6.4: a document named by `srcexpr` or `<content expr>` is known when the invocation
    /// starts; the driver computes it then and runs it interpreted, reading a file from the
    /// folder it is given. What cannot cross to it by name is refused with why.
    @Test func aDocumentNamedWhenItStartsRunsInterpreted() throws {
        let swift = try generate("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="file" expr="'child.scxml'"/><data id="text" expr="''"/></datamodel>
              <state id="a">
                <invoke srcexpr="file" id="one"/>
                <invoke><content expr="text"/></invoke>
                <transition event="done.invoke.one" target="b"/>
              </state>
              <final id="b"/>
            </scxml>
            """)
        #expect(swift.contains("import Statecraft\nimport StatecraftSCXML\n"))
        #expect(swift.contains("document = try SCXMLDocument(reference: context.file, relativeTo: documentFolder, readPolicy: readPolicy)"))
        #expect(swift.contains("document = try SCXMLDocument(xml: context.text, file: \"<invoke> at 5:5\", baseDirectory: documentFolder, "
            + "readPolicy: readPolicy)"))
        #expect(swift.contains("init(documentFolder: String? = nil, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder)"))
        #expect(swift.contains("private var invoked1: (session: SCXMLSession, run: Int, start: Duration)?"))
        // A document that cannot be read is error.execution, which the chart then knows.
        #expect(swift.contains("case errorExecution"))
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="file" expr="'child.scxml'"/><data id="n" expr="1"/></datamodel>
              <state id="a">
                <onentry><send target="#_two" event="ping"><param name="n" expr="n"/></send><send event="go" namelist="n"/></onentry>
                <invoke srcexpr="file"><param name="n" expr="n"/></invoke>
                <invoke srcexpr="file" id="two"/>
                <invoke srcexpr="file" autoforward="true"/>
                <invoke srcexpr="file +"/>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<send> at 4:14: a <send> out of the machine with <param> is not generated yet: an event sent to the host carries "
                + "no data; data is generated in an event to the machine itself, and in one an invoked document sends #_parent",
            "<invoke> at 5:5: values passed to a document named when the invocation starts (<param>, namelist) are not generated: "
                + "it runs interpreted, and its data are not known when generating",
            "<invoke> at 6:5: the machine sends 'ping' with data to this invocation, whose document runs interpreted: events "
                + "cross to it by name, without data",
            "<invoke> at 7:5: autoforward to a document named when the invocation starts forwards every event by name, without "
                + "data, and 'go' carries data",
        ])
        // The null datamodel evaluates no expression.
        let null = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a"><invoke srcexpr="'child.scxml'"/></state>
            </scxml>
            """)
        #expect(null == [
            "<invoke> at 2:17: an <invoke> with srcexpr or <content expr> is generated in the statecraft datamodel, whose "
                + "expressions the generator translates",
        ])
    }
}
