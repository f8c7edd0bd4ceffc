import Statecraft
import StatecraftSCXML
import Testing

/// `SendTypes.scxml`, whose `<send>` names a type no processor supports, generated and run next to
/// an `SCXMLSession` of the same document (SCXML 6.2).
@Suite("A <send> of an unsupported type, generated from SCXML, agrees with the interpreter")
struct SendTypeTests {
    @Test func anUnsupportedTypeRaisesErrorExecutionAndEndsTheBlock() throws {
        let (trace, machine) = try runSideBySide(
            SendTypes.makeChart(), context: SendTypes.Context(), document: "SendTypes.scxml", steps: [], name: \.scxmlName
        )
        #expect(trace == [["refused"]])
        #expect(machine.context.after == 0, "the <assign> after the refused <send> did not run")
    }
}
