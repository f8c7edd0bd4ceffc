@testable import StateConceptual
import Testing

/// The conceptual example reproduces the reference output of the State pattern's structure.
@Suite
struct StateConceptualTests {
    @Test
    func exampleWritesTheReferenceOutput() {
        var lines: [String] = []

        StateConceptual.runExample { lines.append($0) }

        #expect(lines.filter { !$0.isEmpty } == [
            "Context: Transition to StateConceptual.ConcreteStateA",
            "ConcreteStateA handles request1.",
            "ConcreteStateA wants to change the state of the context.",
            "Context: Transition to StateConceptual.ConcreteStateB",
            "ConcreteStateB handles request2.",
            "ConcreteStateB wants to change the state of the context.",
            "Context: Transition to StateConceptual.ConcreteStateA",
        ])
    }

    @Test
    func secondRequestInStateAStaysInStateA() throws {
        var lines: [String] = []
        let context = try Context(startingIn: ConcreteStateA.self) { lines.append($0) }

        context.request2()
        context.request2()

        #expect(lines.filter { !$0.isEmpty } == [
            "Context: Transition to StateConceptual.ConcreteStateA",
            "ConcreteStateA handles request2.",
            "ConcreteStateA handles request2.",
        ])
    }

    @Test
    func firstRequestInStateBStaysInStateB() throws {
        var lines: [String] = []
        let context = try Context(startingIn: ConcreteStateB.self) { lines.append($0) }

        context.request1()

        #expect(lines.filter { !$0.isEmpty } == [
            "Context: Transition to StateConceptual.ConcreteStateB",
            "ConcreteStateB handles request1.",
        ])
    }
}
