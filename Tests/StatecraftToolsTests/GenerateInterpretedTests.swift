import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// What `statecraft generate` writes for an `ecmascript` document: typed states and events around
/// a session that interprets the embedded document (`InterpretedSessionTests` in
/// StatecraftGenerateTests compile and run such a file).
@Suite("Generating a typed session of an ecmascript document")
struct GenerateInterpretedTests {
    private static let bell = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" name="bell">
          <datamodel><data id="n" expr="0"/></datamodel>
          <state id="idle">
            <transition event="press" cond="n &lt; 2" target="ringing"><assign location="n" expr="n + 1"/></transition>
          </state>
          <state id="ringing">
            <onentry>
              <send event="chime" target="app:speaker"/>
              <send event="tick" target="#_internal"/>
              <send eventexpr="'x'" target="#_parent"/>
              <if cond="n == 2"><send event="twice" targetexpr="'app:' + n"/><log expr="n"/></if>
            </onentry>
            <transition event="release" target="idle"/>
          </state>
        </scxml>
        """

    private func generate(_ xml: String) throws -> String {
        var datamodels = SCXMLDatamodels.standard
        datamodels.register("ecmascript", SCXMLNullDatamodel.self)  // as the CLI reads it without JavaScriptCore
        return try SCXMLSwiftGenerator(document: SCXMLDocument(xml: xml, file: "bell.scxml", datamodels: datamodels)).generate()
    }

    @Test func theFileHoldsTheTypesAndASessionOfTheEmbeddedDocument() throws {
        let swift = try generate(Self.bell)
        #expect(swift.contains("enum Bell {"))
        #expect(swift.contains("import StatecraftECMAScript\nimport StatecraftSCXML\n"))
        #expect(swift.contains("    enum State: String, Hashable, Sendable, CaseIterable {"))
        #expect(swift.contains("        case idle\n"))
        #expect(swift.contains("        case press\n"))
        #expect(!swift.contains("makeChart"))
        #expect(swift.contains("    final class Session {"))
        #expect(swift.contains("        init(host: any Host, datamodels: SCXMLDatamodels? = nil) throws {"))
        // `target="#_internal"` holds `"#`: the literal's delimiter has two.
        #expect(swift.contains("    static let scxml = ##\"\"\"\n<?xml"))
        #expect(swift.contains(#"datamodel="ecmascript""#))
        // Only the literal events sent outside the session; #_internal and #_parent stay inside.
        #expect(swift.contains("    enum Outgoing: String, Hashable, Sendable, CaseIterable {\n        /// `chime`.\n        case chime\n"
            + "        /// `twice`.\n        case twice\n    }"))
        #expect(swift.contains("        func deliver(_ event: Outgoing, to target: String) -> Bool\n"))
        #expect(swift.contains("        func log(label: String, message: String)\n"))
        // A session nobody invoked gives its #_parent sends to the handler, which the host does not
        // take: they fail with error.communication, as a session without a parent's do.
        #expect(swift.contains(##"guard delay == .zero, !target.hasPrefix("#_"), let outgoing = Outgoing(rawValue: event.name) else"##))
    }

    @Test func aDocumentThatReachesNothingOutsideHasNoHost() throws {
        let swift = try generate(#"""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <state id="a"><transition event="go" target="a"/></state>
            </scxml>
            """#)
        #expect(!swift.contains("protocol Host") && !swift.contains("enum Outgoing"))
        #expect(swift.contains("        init(datamodels: SCXMLDatamodels? = nil) throws {"))
    }

    @Test func filesNamedRelativeToTheDocumentAreRefused() throws {
        let xml = #"""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <state id="a">
                <invoke srcexpr="'child.scxml'"/>
              </state>
            </scxml>
            """#
        #expect(throws: SCXMLGenerationError.self) { try generate(xml) }
        do {
            _ = try generate(xml)
        } catch let error as SCXMLGenerationError {
            #expect(error.refusals.map(\.description) == [
                "<invoke> at 3:5: an ecmascript document is embedded in the generated file and interpreted from there, where "
                    + "it has no folder to read a file from; write the file's content in the document",
            ])
        }
    }

    @Test func theEmbeddedTextCannotEndTheLiteral() {
        #expect(SwiftChartWriter.rawLiteral("a") == "#\"\"\"\na\n\"\"\"#")
        #expect(SwiftChartWriter.rawLiteral("say \"\"\"## and \\#(x)\n") == "###\"\"\"\nsay \"\"\"## and \\#(x)\n\"\"\"###")
    }
}
