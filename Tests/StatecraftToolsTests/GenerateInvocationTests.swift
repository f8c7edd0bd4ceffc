import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// What the generator writes for `<invoke>`, and what it refuses, read as text.
/// `StatecraftGenerateTests/InvocationTests` compiles and runs a generated invocation.
@Suite("Generating <invoke> from SCXML")
struct GenerateInvocationTests {
    private func refusals(_ xml: String) throws -> [String] { try GenerationFixtures.refusals(xml) }

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
                <invoke><param name="x" expr="1"/><content>\(Self.child)</content></invoke>
                <invoke><content expr="x"/></invoke>
                <invoke><finalize><log expr="1"/></finalize><content>\(Self.child)</content></invoke>
                <invoke><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
                  <state id="inner"><invoke><content>\(Self.child)</content></invoke></state></scxml></content></invoke>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<invoke> at 4:5: only SCXML documents are invoked by generated code, not type 'http://example.com/other'",
            "<invoke> at 5:5: an <invoke> with idlocation is not generated yet; give it an id",
            "<invoke> at 6:5: data passed to an invoked document (<param>, namelist) is not generated yet",
            "<invoke> at 7:5: an invoked document named by the expr of <content> is known only when the invocation starts: "
                + "not generated; give it inline in <content> or by 'src'",
            "<invoke> at 8:5: <finalize> is not generated yet",
            // The invoked document's own refusals are at their place in the file.
            "<invoke> at 10:25: an invoked document that invokes another is not generated yet",
        ])
    }

    @Test func autoforwardOfAnEventTheMachineSendsItselfIsRefused() throws {
        let found = try refusals("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a">
                <onentry><send event="tick"/></onentry>
                <invoke autoforward="true"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" \
            datamodel="null"><state id="b"><transition event="tick" target="c"/></state><final id="c"/></scxml></content></invoke>
              </state>
            </scxml>
            """)
        #expect(found == [
            "<invoke> at 4:5: autoforward is not generated when the invoked document takes an event the invoking document "
                + "sends itself ('tick'): those are processed inside the machine, where they cannot be forwarded",
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
}
