import Statecraft
import Testing

/// `Targets.scxml`, whose eventless transition and deep history default each name a state in
/// each region of a parallel state, generated (`Always(targets:)`, `History(_:_:defaults:)`) and
/// run next to an `SCXMLSession` of the same document.
@Suite("Transitions to several targets, generated from SCXML, agree with the interpreter")
struct TargetsTests {
    @Test func anEventlessTransitionAndAHistoryDefaultEnterOneStateInEachRegion() throws {
        let trace = try runSideBySide(
            Targets.makeChart(), document: "Targets.scxml",
            steps: [.send(.resume), .send(.hush), .send(.leave), .send(.resume), .send(.leave), .send(.jump), .send(.play)],
            name: \.scxmlName
        )
        let leaves = trace.map { states in states.filter { ["stopped", "playing", "paused", "quiet", "loud", "idle"].contains($0) } }
        #expect(leaves == [
            ["idle"],
            // The default: loud and playing; its content raises `defaulted`, which playing takes.
            ["stopped", "loud"],
            ["stopped", "quiet"],
            ["idle"],
            // Remembered, not the default: no `defaulted`.
            ["stopped", "quiet"],
            ["idle"],
            // `start` goes on at once to paused and quiet.
            ["paused", "quiet"],
            ["playing", "quiet"],
        ])
    }
}
