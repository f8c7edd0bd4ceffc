import Foundation
import Statecraft
import StatecraftSCXML
import Synchronization
import Testing
@testable import Crossing

/// The crossing example: its chart is `Examples/crossing/crossing.scxml`, generated into
/// `PedestrianCrossing` by StatecraftGeneratePlugin; the interpreter and `statecraft draw` read the
/// same file.
@Suite("crossing example")
struct CrossingTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/crossing/crossing.scxml").path

    @Test func theDayAtTheCrossingPrintsEachStep() throws {
        let lines = Mutex<[String]>([])
        try runExample { line in lines.withLock { $0.append(line) } }
        #expect(lines.withLock { $0 } == Self.expected)
    }

    /// The generated machine and an `SCXMLSession` of the document go through the same day.
    @Test func theInterpreterAgreesWithTheGeneratedMachine() throws {
        let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: Self.document))
        session.start()
        var machine = try PedestrianCrossing.makeChart().makeMachine()
        var now = Duration.zero
        #expect(machine.activeStates.map(\.rawValue) == session.activeStates)
        for step in crossingDay {
            switch step {
            case .send(let event):
                _ = machine.send(event)
                session.send(SCXMLEvent(event.scxmlName))
            case .wait(let duration):
                now += duration
                #expect(machine.advance(by: duration) == session.advance(to: now))
            }
            #expect(machine.activeStates.map(\.rawValue) == session.activeStates, "at \(seconds(now))")
        }
    }

    /// What `statecraft draw` draws (the document's structure) has the generated chart's states.
    @Test func theDrawingOfTheDocumentShowsTheGeneratedStates() throws {
        let drawn = try SCXMLDocument(contentsOfFile: Self.document).structure
        let generated = try PedestrianCrossing.makeChart().structure
        #expect(drawn.states.map(\.id) == PedestrianCrossing.State.allCases.map(\.rawValue))
        #expect(drawn.states.map(\.kind) == generated.states.map(\.kind))
        #expect(drawn.states.map(\.parent) == generated.states.map(\.parent))
        let mermaid = drawn.mermaid()
        for state in PedestrianCrossing.State.allCases {
            #expect(mermaid.contains("\"\(state.rawValue)\""), "\(state.rawValue) is not drawn")
        }
    }

    static let expected = [
        "0s    start                     operating > cars > cars.green (0 timers waiting)",
        "0s    button                    operating > cars > cars.waiting (1 timer waiting)",
        "2s    wait 2s: 0 fired          operating > cars > cars.waiting (1 timer waiting)",
        "2s    button (ignored)          operating > cars > cars.waiting (1 timer waiting)",
        "3s    wait 1s: 1 fired          operating > cars > cars.yellow (1 timer waiting)",
        "5s    wait 2s: 1 fired          operating > walkers > walk (1 timer waiting)",
        "10s   wait 5s: 1 fired          operating > walkers > hurry (1 timer waiting)",
        "10s   button (ignored)          operating > walkers > hurry (1 timer waiting)",
        "12.5s wait 2.5s: 1 fired        operating > cars > cars.green (0 timers waiting)",
        "12.5s button                    operating > cars > cars.waiting (1 timer waiting)",
        "16.5s wait 4s: 1 fired          operating > cars > cars.yellow (1 timer waiting)",
        "16.5s fault                     flashing (0 timers waiting)",
        "26.5s wait 10s: 0 fired         flashing (0 timers waiting)",
        "26.5s repaired                  operating > cars > cars.green (0 timers waiting)",
    ]
}
