import Statecraft
import Testing

/// `LateBinding.scxml` (`binding="late"`, SCXML 5.3), generated and run next to an
/// `SCXMLSession` of the same document.
@Suite("Late binding, generated from SCXML, agrees with the interpreter")
struct LateBindingTests {
    @Test func aStatesDataGetItsValueOnItsFirstEntryOnly() throws {
        let (trace, machine) = try runSideBySide(
            LateBinding.makeChart(), context: LateBinding.Context(), document: "LateBinding.scxml",
            steps: [.send(.go), .send(.bump), .send(.leave), .send(.go), .send(.go)], name: \.scxmlName
        )
        // Unbound before `first` is entered; 1 (seen + 1) on its first entry, before its onentry
        // reads it; the 5 assigned then is kept when `first` is entered again.
        #expect(trace.map { $0.last ?? "" } == ["idle", "first", "first", "idle", "kept", "first"])
        #expect(machine.context.x == 5 && machine.context.seen == 5)
        #expect(machine.context.lateBound == ["first"])
    }

    @Test func theFieldIsUnboundUntilTheStateIsEntered() {
        #expect(LateBinding.Context().x == nil)
    }
}
