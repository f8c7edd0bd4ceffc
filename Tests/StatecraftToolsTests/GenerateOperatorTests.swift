@testable import StatecraftTools
import Testing

/// The `statecraft` datamodel's operators in generated code: computed left to right as the
/// session computes them, `+` joining text when either side is a string (the other side written
/// with `scxmlText`), and operands of types the operator refuses failing when they run.
/// `SystemVariablesTests` (StatecraftGenerateTests) compares such joins with the session's logs.
@Suite("Generating operators")
struct GenerateOperatorTests {
    private func document(_ onentry: String, data: String = "") -> String {
        GenerationFixtures.statecraft(
            "<state id=\"a\"><onentry>\(onentry)</onentry></state>",
            data: "<data id=\"count\" expr=\"5\"/><data id=\"flag\" expr=\"true\"/><data id=\"word\"/>" + data
        )
    }

    @Test func plusJoinsTextWhenEitherSideIsAStringAndAddsNumbersOtherwise() throws {
        let swift = try GenerationFixtures.generate(document(
            "<log expr=\"'n=' + count + flag\"/><log expr=\"count + 1 + 'z'\"/><assign location=\"word\" expr=\"'w'\"/>"
                + "<log expr=\"'x' + word\"/><log expr=\"'c' + (count == 5)\"/>"
        ))
        #expect(swift.contains("scxmlText(([\"n=\", scxmlText(context.count), scxmlText(context.flag)] as [String]).joined())"))
        // Left to right: the numbers add first, then the sum is joined.
        #expect(swift.contains("scxmlText(([scxmlText((context.count + 1)), \"z\"] as [String]).joined())"))
        // Data unbound until assigned joins as the session writes it, `undefined` when unbound.
        #expect(swift.contains("([\"x\", (context.word.map { scxmlText($0) } ?? \"undefined\")] as [String]).joined()"))
        #expect(swift.contains("([\"c\", scxmlText((context.count == 5))] as [String]).joined()"))
    }

    @Test func aJoinMadeInADataIsAString() throws {
        let swift = try GenerationFixtures.generate(document("", data: "<data id=\"label\" expr=\"'n=' + count\"/>"))
        #expect(swift.contains("        var label: String\n"))
        #expect(swift.contains("self.label = ([\"n=\", scxmlText(self.count)] as [String]).joined()"))
    }

    @Test func operandsTheOperatorRefusesFailWhenTheyRun() throws {
        let warnings = try GenerationFixtures.warnings(document("<log expr=\"flag + 1\"/><log expr=\"count * 'a'\"/>"))
        #expect(warnings == [
            "<log> at 3:24: '+' adds two numbers or joins a value to a string, but here it has a Bool; the generated machine "
                + "raises error.execution here, as the session does",
            "<log> at 3:46: '*' needs two numbers, but here it has a String; the generated machine raises error.execution "
                + "here, as the session does",
        ])
    }

    @Test func anEventTheExecutableContentRaisesSaysWhereItIsRaised() throws {
        // Not "named by the <transition>": the <log> that fails when it runs raises it.
        let swift = try GenerationFixtures.generate(document("<log expr=\"flag + 1\"/>"))
        #expect(swift.contains("/// `error.execution`, first raised or sent by the executable content at 3:24.\n"))
    }
}
