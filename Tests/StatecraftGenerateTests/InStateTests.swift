import Statecraft
import Testing

/// `InState.scxml` and `NullInState.scxml`, whose actions ask `In()`, generated (the chart made
/// with `StatechartOptions(actionsSeeStateChanges:)`) and run next to an `SCXMLSession` of the
/// same document: a state is active from before its onentry until after its onexit, as
/// Appendix D keeps the configuration; each wrong answer would lead to `wrong`.
@Suite("In() in actions, generated from SCXML, agrees with the interpreter")
struct InStateTests {
    @Test func statecraftDatamodel() throws {
        let trace = try runSideBySide(
            InState.makeChart(), document: "InState.scxml", steps: [.send(.go)], name: \.scxmlName
        )
        #expect(trace == [["outer", "ready"], ["outer", "right"]])
    }

    @Test func nullDatamodel() throws {
        let trace = try runSideBySide(
            NullInState.makeChart(), document: "NullInState.scxml", steps: [.send(.go)], name: \.scxmlName
        )
        #expect(trace == [["outer", "ready"], ["outer", "right"]])
    }
}
