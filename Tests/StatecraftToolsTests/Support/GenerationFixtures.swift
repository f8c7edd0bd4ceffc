import StatecraftSCXML
@testable import StatecraftTools

/// What the generator's tests ask of it: the Swift of a document, what it refuses, and a
/// `statecraft` document around a body of states.
enum GenerationFixtures {
    /// The Swift the generator writes for `xml`.
    static func generate(_ xml: String, name: String? = nil) throws -> String {
        try SCXMLSwiftGenerator(document: SimulationFixtures.document(xml), typeName: name).generate()
    }

    /// What the generator refuses in `xml`, one line per element, or `[]` when it generates it.
    static func refusals(_ xml: String) throws -> [String] {
        let generator = SCXMLSwiftGenerator(document: try SimulationFixtures.document(xml))
        do {
            _ = try generator.generate()
            return []
        } catch {
            return error.refusals.map(\.description)
        }
    }

    /// The generator's warnings for `xml` (``SCXMLSwiftGenerator/generateWithWarnings()``), one
    /// line each.
    static func warnings(_ xml: String) throws -> [String] {
        try SCXMLSwiftGenerator(document: SimulationFixtures.document(xml)).generateWithWarnings().warnings.map(\.description)
    }

    /// A `statecraft` document of `body`'s states with `data` in its `<datamodel>`.
    static func statecraft(_ body: String, data: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
          <datamodel>\(data)</datamodel>
        \(body)
        </scxml>
        """
    }
}
