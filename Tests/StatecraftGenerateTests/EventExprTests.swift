import Statecraft
import Testing

/// `EventExpr.scxml` (`<send eventexpr>`), generated and run next to an `SCXMLSession` of the
/// same document.
@Suite("Events named when the send runs, generated from SCXML, agree with the interpreter")
struct EventExprTests {
    @Test func aComputedNameIsItsCaseOrNamedAndMatchedByDescriptor() throws {
        let (trace, machine) = try runSideBySide(
            EventExpr.makeChart(), context: EventExpr.Context(), document: "EventExpr.scxml",
            steps: [.wait(.seconds(1))], name: \.scxmlName
        )
        // step.one (external) takes a to b; b raises unheard.step.one (internal), then go after 1s.
        #expect(trace.map { $0.last ?? "" } == ["b", "c"])
        #expect(machine.context.seen == "step.one unheard.step.one")
    }

    @Test func theNameOfACaseMakesThatCase() {
        #expect(EventExpr.Event(scxmlName: "go") == .go)
        #expect(EventExpr.Event(scxmlName: "step.two") == .named("step.two"))
        #expect(EventExpr.Event.named("x").scxmlName == "x")
    }
}
