import Statecraft
import StatecraftSCXML
import Testing

/// `Loaded.scxml`'s top-level script, generated as fields of the context made after the data,
/// run next to an `SCXMLSession` of the same document: the same states, and the same values.
@Suite("A top-level script generated from SCXML agrees with the interpreter")
struct LoadedScriptTests {
    @Test func theScriptsDeclarationsAreMadeWithTheContextAfterTheData() throws {
        let context = Loaded.Context()
        let scale: Double = context.scale, total: Double = context.total, label: String = context.label
        #expect(context.base == 2 && scale == 10 && total == 20 && label == "n=20")
        let (trace, machine) = try runSideBySide(
            Loaded.makeChart(), context: context, document: "Loaded.scxml", steps: [.send(.add), .send(.stop)],
            name: \.scxmlName
        )
        #expect(trace == [["counting"], ["counting"], ["done"]])
        #expect(machine.context.total == 30)
    }
}
