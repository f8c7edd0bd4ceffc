import Foundation
import Statecraft
import StatecraftSCXML
import Testing

private enum Pump: Hashable, Sendable { case idle, running, priming, pumping, stopped, history, done }
private enum Button: MachineEvent { case start, stop, prime }

/// A typed chart with a guard, labels, a delay, a done transition and a history state.
private func pump() throws -> Statechart<Pump, Button, Int> {
    try Statechart {
        Atomic(.idle) {
            On(.start, to: .running, guard: { level, _ in level > 0 }) { level, _ in level -= 1 }
                .labelled(guard: "has water", action: "use water")
            On(.prime, guard: { _, _ in true }) { level, _ in level += 1 }
        }
        Compound(.running) {
            Atomic(.priming) {
                OnEntry { level, _ in level += 0 }.labelled("open valve")
                After(.milliseconds(1500), to: .pumping)
            }
            Atomic(.pumping) { On(.stop, to: .stopped) }
            Final(.stopped)
            History(.history, .shallow)
            OnDone(to: .done)
        }
        Final(.done)
    }
}

/// Each state's transitions in the order written, as `events [guard] -> targets`. SCXML
/// gives priority by order within a state, and the writer puts a state's transitions before
/// its children, so numbering across states may differ while this stays the same.
private func transitionsByState(_ structure: ChartStructure) -> [[String]] {
    structure.states.map { state in
        state.transitions.map { index in
            let transition = structure.transitions[index]
            let targets = transition.targets.map { structure.states[$0].id }.joined(separator: " ")
            return "\(transition.events) \(transition.hasGuard ? "[g] " : "")\(transition.type) -> \(targets)"
        }
    }
}

@Suite("SCXML export of typed charts")
struct SCXMLExportTests {
    @Test func theReaderReadsTheExportBackWithTheSameStatesAndTransitions() throws {
        let original = try pump().structure
        let document = try SCXMLDocument(xml: original.scxml())
        let read = document.structure
        #expect(read.states.map(\.id) == original.states.map(\.id))
        #expect(read.states.map(\.kind) == original.states.map(\.kind))
        #expect(read.states.map(\.parent) == original.states.map(\.parent))
        // SCXML requires a history's default transition (3.10): a typed history without one is
        // written with its parent's initial states, which the engine enters in its place.
        let expectedInitial = original.states.map { state -> [Int] in
            guard case .history = state.kind, state.initial.isEmpty, let parent = state.parent else { return state.initial }
            return original.states[parent].initial
        }
        #expect(read.states.map(\.initial) == expectedInitial)
        #expect(expectedInitial != original.states.map(\.initial), "the pump has a history without default")
        #expect(read.initial == original.initial)
        #expect(read.transitions.count == original.transitions.count)
        let expected = transitionsByState(original).enumerated().map { state, lines in
            // Delays and done transitions become events; the rest reads back unchanged.
            lines.map { line in
                state == 2 ? line.replacingOccurrences(of: "[]", with: "[\"statecraft.after.2\"]")
                    : state == 1 ? line.replacingOccurrences(of: "[]", with: "[\"done.state.running\"]") : line
            }
        }
        #expect(transitionsByState(read) == expected)
    }

    @Test func guardsAndActionsBecomeNamedPlaceholdersAndTriggersBecomeEvents() throws {
        let read = try SCXMLDocument(xml: pump().structure.scxml()).structure
        #expect(read.transitions.map(\.trigger) == [
            .events(["start"]), .events(["prime"]), .events(["done.state.running"]), .events(["statecraft.after.2"]),
            .events(["stop"]),
        ])
        #expect(read.transitions[0].guardLabel == "guard_has_water")
        #expect(read.transitions[1].guardLabel == "guard_1")
        #expect(read.transitions[0].actionLabel == "log use water")
        #expect(read.transitions[1].actionLabel == "log action")
        #expect(read.states[2].entry == ["log open valve", "send statecraft.after.2"])
        #expect(read.states[2].exit == ["cancel statecraft.after.2"])
    }

    @Test func theExportRunsLikeTheChartWithEveryGuardAllowing() throws {
        let document = try SCXMLDocument(xml: pump().structure.scxml())
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.activeStates == ["idle"])
        session.send(SCXMLEvent("start"))
        #expect(session.activeStates == ["running", "priming"])
        session.advance(by: .milliseconds(1499))
        #expect(session.activeStates == ["running", "priming"])
        session.advance(by: .milliseconds(1))
        #expect(session.activeStates == ["running", "pumping"])
        session.send(SCXMLEvent("stop"))
        #expect(session.isFinished)
        #expect(session.finalState == "done")
    }

    @Test func idsAndEventNamesAreMadeValidAndUnique() throws {
        let chart = try Statechart<String, NamedEvent<Int>, Void> {
            Atomic("1st state") { On("go", to: "a/b") }
            Atomic("a/b") { On("go", to: "a_b") }
            Atomic("a_b")
        }
        let text = chart.structure.scxml()
        #expect(text.contains("<state id=\"_1st_state\">"))
        #expect(text.contains("<state id=\"a_b\">"))
        #expect(text.contains("<state id=\"a_b_2\"/>"))
        let read = try SCXMLDocument(xml: text).structure
        #expect(read.transitions.map(\.targets) == [[1], [2]])
    }

    @Test func aDocumentsStructureExportsBackToADocumentOfTheSameShape() throws {
        let original = try SCXMLDocument(xml: DocumentStructureTests.text).structure
        let read = try SCXMLDocument(xml: original.scxml()).structure
        #expect(read.states.map(\.id) == original.states.map(\.id))
        #expect(transitionsByState(read) == transitionsByState(original))
        #expect(read.name == "lamp")
    }
}
