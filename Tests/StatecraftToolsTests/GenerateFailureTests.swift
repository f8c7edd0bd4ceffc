import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// What the session fails on every time it runs (SCXML 4.9: the element raises `error.execution`
/// and the rest of its block does not run), which the generated machine does the same way, with
/// a warning; and the types of `<data>` without `expr` that only events' data or nothing give.
@Suite("Generating what fails when it runs")
struct GenerateFailureTests {
    private func statecraft(_ body: String, data: String) -> String { GenerationFixtures.statecraft(body, data: data) }

    private let failing = GenerationFixtures.statecraft("""
          <state id="a">
            <onentry><assign location="count" expr="count +"/><log expr="'after'"/></onentry>
            <onexit><log expr="cuont"/></onexit>
            <transition event="go" target="b"><send event="e" namelist="nowhere"/></transition>
            <transition event="loop" target="b"><foreach array="count" item="item"/></transition>
            <transition event="bad" target="b"><foreach array="all" item="'continue'"/></transition>
          </state>
          <final id="b"/>
        """, data: #"<data id="count" expr="0"/><data id="all" expr="[1, 2]"/><data id="item"/>"#)

    @Test func anElementThatAlwaysFailsRaisesErrorExecutionEndsItsBlockAndIsAWarning() throws {
        #expect(try GenerationFixtures.refusals(failing) == [])
        let warnings = try GenerationFixtures.warnings(failing)
        let raises = "; the generated machine raises error.execution here, as the session does"
        #expect(warnings.count == 5)
        // SCXML 5.4 and 5.9: an expression that does not parse.
        #expect(warnings[0].hasPrefix("<assign> at 4:14: the expression 'count +' does not parse: ") && warnings[0].hasSuffix(raises))
        // A name no <data> declares (the statecraft datamodel reads declared data only).
        #expect(warnings[1] == "<log> at 5:13: 'cuont' names no <data> of the document" + raises)
        // SCXML 6.2: a namelist naming no location; the event is not sent.
        #expect(warnings[2] == "<send> at 6:39: the namelist's 'nowhere' names no <data> of the document" + raises)
        // SCXML 4.6: an array that is not one, an item that is not a location.
        #expect(warnings[3] == "<foreach> at 7:41: the array 'count' is a Double, which cannot be iterated" + raises)
        #expect(warnings[4].hasPrefix("<foreach> at 8:40: the location ''continue'' does not parse: ") && warnings[4].hasSuffix(raises))
        let swift = try GenerationFixtures.generate(failing)
        #expect(swift.contains("do {  // the expression 'count +' does not parse"))
        #expect(swift.contains("do {  // the namelist's 'nowhere' names no <data> of the document: the session raises error.execution"))
        // What follows in the block never runs, and is not written.
        #expect(!swift.contains("\"after\""))
        #expect(!swift.contains("for (index, item) in"))
    }

    /// SCXML 5.3: a `<data>` whose value cannot be evaluated raises error.execution at
    /// initialization and is created unbound; the generated machine raises it when it first
    /// enters a state, before anything the entries raise, once per such `<data>`.
    @Test func dataWhoseExprDoesNotParseRaisesErrorExecutionWhenTheMachineStarts() throws {
        let xml = statecraft("""
              <state id="a" initial="a1">
                <state id="a1"><onentry><assign location="n" expr="2"/></onentry></state>
              </state>
            """, data: #"<data id="n" expr="1 +"/><data id="m" expr="* 2"/>"#)
        #expect(try GenerationFixtures.refusals(xml) == [])
        let warnings = try GenerationFixtures.warnings(xml)
        #expect(warnings.count == 2)
        #expect(warnings.first?.hasPrefix("<data> at 2:14: the expression '1 +' does not parse: ") == true)
        #expect(warnings.first?.hasSuffix("; the generated machine raises error.execution when it starts and the data is unbound "
            + "until assigned, as the session does") == true)
        let swift = try GenerationFixtures.generate(xml)
        // Typed by what the document assigns, unbound until then.
        #expect(swift.contains("var n: Double? = nil"))
        #expect(swift.contains("var startErrors = 2"))
        // In the first state entered (the outermost), not in the inner one.
        let outer = try #require(swift.range(of: "Compound(.a"))
        let raise = try #require(swift.range(of: "while context.startErrors > 0 {"))
        let inner = try #require(swift.range(of: "Atomic(.a1"))
        #expect(outer.upperBound < raise.lowerBound && raise.upperBound < inner.lowerBound)
    }

    /// SCXML 5.3: a `<data src>` is read when generating, through the document's read policy as
    /// the session reads it, and its content is the value; a file the policy refuses or that
    /// cannot be read is error.execution when the machine starts, and the data unbound.
    @Test func dataSrcIsReadInTheDocumentsFolderAndWhatCannotBeReadFailsAtStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-data-src-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[1, 2, 3]\n".utf8).write(to: folder.appendingPathComponent("list.txt"))
        let document = statecraft("""
              <state id="a"><onentry><assign location="later" expr="'x'"/></onentry></state>
            """, data: #"<data id="list" src="list.txt"/><data id="later" src="../outside.txt"/>"#)
        let path = folder.appendingPathComponent("doc.scxml").path
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let generator = SCXMLSwiftGenerator(document: try SCXMLDocument(contentsOfFile: path))
        let (swift, warnings) = try generator.generateWithWarnings()
        #expect(swift.contains("var list: [Double] = [1, 2, 3]"))
        // Outside the document's folder: not read; unbound, typed by what the document assigns.
        #expect(swift.contains("var later: String? = nil"))
        #expect(warnings.count == 1)
        let warning = warnings.first?.description ?? ""
        #expect(warning.hasPrefix("<data> at 2:"))
        #expect(warning.contains("'../outside.txt' cannot be read: "))
        #expect(warning.hasSuffix("; the generated machine raises error.execution when it starts and the data is unbound "
            + "until assigned, as the session does"))
    }

    @Test func theCommandWritesTheSwiftAndReportsEachWarningAtItsPlace() throws {
        let folder = try ToolProcess.folder(with: ["failing.scxml": failing])
        let output = try ToolProcess.run(["generate", "failing.scxml"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("enum Failing {"))
        #expect(output.standardError.contains("warning: failing.scxml: <log> at 5:13: 'cuont' names no <data> of the document;"))
        #expect(output.standardError.components(separatedBy: "warning:").count == 6)
    }

    @Test func aDiagnosticHasTheCompilersForm() {
        let warning = SCXMLGenerationError.Refusal(element: "log", position: TextPosition(line: 5, column: 13), reason: "why")
        #expect(SCXMLGenerationError.diagnostic(warning, file: "a.scxml", severity: "warning") == "a.scxml:5:13: warning: <log>: why")
    }

    @Test func dataAssignedAFieldOfAnEventsDataTakesItsTypeThroughAnyNumberOfEvents() throws {
        // `b` is typed by its literal; `a` by `one`'s field `n`, given `b`; `c` by `two`'s field `m`,
        // given `a`; `d` by `three`'s <content>: each round types the data the one before made possible.
        let swift = try GenerationFixtures.generate(statecraft("""
              <state id="s">
                <onentry>
                  <assign location="b" expr="'x'"/>
                  <send event="one"><param name="n" location="b"/></send>
                  <send event="two"><param name="m" location="a"/></send>
                  <send event="three"><content expr="1"/></send>
                </onentry>
                <transition event="one"><assign location="a" expr="_event.data.n"/></transition>
                <transition event="two"><if cond="true"><assign location="c" expr="_event.data.m"/></if></transition>
                <transition event="three"><assign location="d" expr="_event.data"/></transition>
              </state>
            """, data: #"<data id="a"/><data id="b"/><data id="c"/><data id="d"/>"#))
        #expect(swift.contains("        var a: String? = nil\n"))
        #expect(swift.contains("        var b: String? = nil\n"))
        #expect(swift.contains("        var c: String? = nil\n"))
        #expect(swift.contains("        var d: Double? = nil\n"))
    }

    @Test func aFieldOfEventsOfSeveralShapesOrOfEveryEventGivesNoType() throws {
        let found = try GenerationFixtures.refusals(statecraft("""
              <state id="s">
                <onentry>
                  <send event="one"><param name="n" expr="1"/></send>
                  <send event="two"><param name="n" expr="'x'"/></send>
                </onentry>
                <transition event="one two"><assign location="a" expr="_event.data.n"/></transition>
                <transition event="*"><assign location="b" expr="_event.data.n"/></transition>
              </state>
            """, data: #"<data id="a"/><data id="b"/>"#))
        // The value is refused first, with its own reason; the data stay without a type.
        #expect(found == [
            "<assign> at 8:33: the transition takes events of several data shapes ('one', 'two'), so _event.data has no one "
                + "type; read it in one transition per event",
            "<assign> at 9:27: _event.data is not generated in a transition taking every event ('*'): the events' data have "
                + "different types",
        ])
    }

    @Test func dataNothingGivesAValueNeverHoldsOneAndReadingItIsRefused() throws {
        let xml = statecraft("""
              <state id="s">
                <transition event="e" cond="isBound(unused)" target="t"/>
              </state>
              <final id="t"/>
            """, data: #"<data id="unused"/>"#)
        let swift = try GenerationFixtures.generate(xml)
        #expect(swift.contains("/// Never holds a value: nothing in the document gives it one (SCXML's `undefined`).\n        var unused: Never? = nil\n"))
        #expect(swift.contains("return false"))
        let read = try GenerationFixtures.refusals(xml.replacingOccurrences(of: "isBound(unused)", with: "unused == 1"))
        #expect(read == [
            "<transition> at 4:5: 'unused' is a <data> without 'expr' whose type cannot be inferred: the document puts no "
                + "literal, typed data or foreach item or index in it; state its Swift type in statecraft:type "
                + "(xmlns:statecraft=\"urn:statecraft:scxml\")",
        ])
    }
}
