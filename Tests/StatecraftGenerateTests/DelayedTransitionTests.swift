import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// The delayed transitions of `Timers.scxml` and `Blink.scxml`, generated as `After` by
/// StatecraftGeneratePlugin, run on the typed engine next to an `SCXMLSession` of the same
/// document, both on a test clock: after the start, every event and every wait, both must have
/// the same active states, and the same number of timers must have fired.
@Suite("Delayed transitions generated from SCXML agree with the interpreter")
struct DelayedTransitionTests {
    private typealias Step = SideBySideStep

    private func run<State: RawRepresentable<String>, Event>(
        _ chart: Statechart<State, Event, Void>, document file: String, steps: [Step<Event>], name: (Event) -> String
    ) throws -> [[String]] {
        try runSideBySide(chart, document: file, steps: steps, name: name)
    }

    @Test func timersStartOnEntryFireAfterTheirDelayAndStopOnExit() throws {
        let trace = try run(
            Timers.makeChart(), document: "Timers.scxml",
            steps: [
                .send(.start), .wait(.seconds(1)), .wait(.milliseconds(500)), .wait(.seconds(1)), .wait(.seconds(1)),
                .wait(.milliseconds(1500)),
                .send(.start), .send(.stop), .wait(.seconds(10)),
                .send(.start), .wait(.milliseconds(1500)), .wait(.milliseconds(1999)), .send(.done), .wait(.seconds(10)),
            ],
            name: \.scxmlName
        )
        #expect(trace.map { $0.last ?? "" } == [
            "idle",
            "warming",    // busy's 5 s and warming's 1.5 s timers started
            "warming",    // 1 s: nothing due yet
            "running",    // 1.5 s: warm
            "running",    // 2.5 s: nudge, a targetless transition
            "running",    // 3.5 s: tick enters running again, so its timers start again
            "failed",     // 5 s: busy.timeout, though running's timers were pending
            "warming",
            "idle",       // stop: busy's and warming's timers cancelled on exit
            "idle",       // nothing fires
            "warming",
            "running",
            "running",    // 1.999 s: one nudge, no tick yet
            "finished",
            "finished",   // the timers of the states left are gone
        ])
    }

    @Test func timersInParallelRegionsFireInTheOrderTheyWereStarted() throws {
        let trace = try run(
            Blink.makeChart(), document: "Blink.scxml",
            steps: [
                .wait(.seconds(1)), .wait(.milliseconds(500)), .wait(.seconds(1)), .send(.rightOff),
                .wait(.milliseconds(500)), .wait(.milliseconds(500)), .send(.reset), .wait(.milliseconds(999)),
                .wait(.milliseconds(1)),
            ],
            name: \.scxmlName
        )
        #expect(trace.map { [$0[2], $0[4]] } == [
            ["left.off", "right.off"],
            ["left.on", "right.on"],    // both due at 1 s: the left region's first, as entered
            ["left.off", "right.on"],   // 0.5 s, written delay="0.5s"
            ["left.on", "right.on"],
            ["left.on", "right.off"],
            ["left.off", "right.off"],
            ["left.off", "right.on"],   // right.off entered at 2.5 s
            ["left.off", "right.off"],  // reset: every region entered again, every timer started again
            ["left.off", "right.off"],
            ["left.on", "right.on"],
        ])
    }

    @Test func aDelayedTransitionIsAfterInTheGeneratedChart() throws {
        let structure = try Timers.makeChart().structure
        let delayed = structure.transitions.compactMap { transition in
            transition.delay.map { (structure.states[transition.source].id, $0) }
        }
        #expect(delayed.map(\.0) == ["busy", "warming", "running", "running"])
        #expect(delayed.map(\.1) == [.seconds(5), .milliseconds(1500), .seconds(2), .seconds(1)])
        #expect(Timers.Event.busyTimeout.scxmlName == "busy.timeout")
        #expect(Blink.Event.leftFlip.scxmlName == "left.flip")
    }
}
