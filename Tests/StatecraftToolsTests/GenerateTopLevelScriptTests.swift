import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// A `statecraft` document's top-level `<script>`: its declarations are fields made with the
/// context, after the data; what else it does is refused at the script's line and column.
/// `StatecraftGenerateTests` runs such a chart next to the session.
@Suite("Generating a top-level script")
struct GenerateTopLevelScriptTests {
    private func generate(_ script: String, datamodel: String = "statecraft") throws -> Result<String, SCXMLGenerationError> {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="\(datamodel)">
              <datamodel><data id="base" expr="2"/></datamodel>
              <script>\(script)</script>
              <state id="a"/>
            </scxml>
            """
        let generator = SCXMLSwiftGenerator(document: try SimulationFixtures.document(xml))
        do {
            return .success(try generator.generate())
        } catch {
            return .failure(error)
        }
    }

    private func refusals(_ script: String, datamodel: String = "statecraft") throws -> [String] {
        guard case .failure(let error) = try generate(script, datamodel: datamodel) else { return [] }
        return error.refusals.map(\.description)
    }

    @Test func declarationsAreFieldsAfterTheData() throws {
        let swift = try generate("var n = 1; var twice = base * 2").get()
        #expect(swift.contains("        var base: Double = 2\n        /// `var n` in the top-level `<script>` at 3:3.\n        var n: Double = 1\n"))
        #expect(swift.contains("        var twice: Double\n"))
        #expect(swift.contains("self.twice = (self.base * 2)"))
    }

    @Test func whatIsNotADeclarationWithAValueIsRefusedAtTheScript() throws {
        let prefix = "<script> at 3:3: "
        #expect(try refusals("base = 3") == [prefix + "of a top-level <script> only declarations with a value ('var name = expr') "
            + "are generated; write the rest in the initial state's <onentry>"])
        #expect(try refusals("var base = 3") == [prefix + "'var base' in a top-level <script> declares a name already "
            + "declared or a system variable, which is not generated"])
        #expect(try refusals("var later = missing + 1") == [prefix + "the value of 'var later' in a top-level <script> is "
            + "generated when it is a literal or an expression of a certain type over the data"])
        #expect(try refusals("var = 1").first?.hasPrefix(prefix + "the script does not parse: ") == true)
        #expect(try refusals("var n = 1", datamodel: "null").contains(prefix + "a top-level <script> is not generated yet; "
            + "write it in the initial state's <onentry>"))
    }
}
