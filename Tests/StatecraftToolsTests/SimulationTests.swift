import StatecraftSCXML
@testable import StatecraftTools
import Testing

@Suite("Simulation: a document run command by command")
struct SimulationTests {
    @Test func eachCommandPrintsItsLineCommandAndActiveAtomicStates() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        let steps = try simulation.run(script: """
            power
            # the lamp
            bright
            spin {"speed": 2}
            wait 1s
            wait 500ms
            break
            """)
        #expect(steps.map(\.text) == [
            "0: (start) -> off",
            "1: power -> dim, still",
            "3: bright -> bright, still",
            #"4: spin {"speed": 2} -> bright, spinning"#,
            "5: wait 1s -> bright, spinning",
            "6: wait 500ms -> dim, spinning",
            "7: break -> broken",
        ])
        #expect(steps.map(\.done) == [false, false, false, false, false, false, true])
    }

    @Test func jsonLinesCarryLineInputConfigurationAndDone() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        let steps = try simulation.run(script: "power\nbreak\n")
        #expect(steps.map(\.json) == [
            #"{"line": 0, "input": null, "configuration": ["off"], "done": false}"#,
            #"{"line": 1, "input": "power", "configuration": ["dim", "still"], "done": false}"#,
            #"{"line": 2, "input": "break", "configuration": ["broken"], "done": true}"#,
        ])
    }

    @Test func dataThatFailsTheGuardLeavesTheConfiguration() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        let steps = try simulation.run(script: "power\nspin {\"speed\": 1}\nspin\n")
        #expect(steps.map(\.configuration) == [["off"], ["dim", "still"], ["dim", "still"], ["dim", "still"]])
    }

    @Test func waitDeliversDelayedEventsAsTheyFallDueInOrder() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.timers), tracing: true)
        let steps = try simulation.run(script: "wait 999ms\nwait 3s\n")
        #expect(steps.map(\.configuration) == [["a"], ["a"], ["c"]])
        // 'first' (due at 1 s) is taken before 'second' (due at 2 s), although it was sent second.
        #expect(steps[2].trace == [
            "exit a", "transition a -> b on first [7:5]", "enter b",
            "exit b", "transition b -> c on second [9:17]", "enter c",
        ])
        #expect(simulation.machine.now == .milliseconds(3999))
    }

    @Test func waitForDeliversOneDelayedEventAheadOfItsTurnAndTheClockStays() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.timers), tracing: true)
        // 'second' (due at 2 s) first: a stays, as it has no transition for it.
        let steps = try simulation.run(script: "wait for second\nwait for first\n")
        #expect(steps.map(\.configuration) == [["a"], ["a"], ["b"]])
        #expect(steps.map(\.input) == [nil, "wait for second", "wait for first"])
        #expect(steps[2].trace == ["exit a", "transition a -> b on first [7:5]", "enter b"])
        #expect(simulation.machine.now == .zero)
        #expect(simulation.timerNames.isEmpty)
    }

    @Test func waitForAnEventThatIsNotWaitingIsAScriptErrorThatNamesWhatIs() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.timers), tracing: false)
        #expect(throws: SimulationScriptError(line: 2, column: 1, message: "'wait for third': no delayed event of that name is waiting; waiting: first, second")) {
            try simulation.run(script: "# nothing yet\nwait for third\n")
        }
        var later = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.timers), tracing: false)
        #expect(throws: SimulationScriptError(line: 3, column: 1, message: "'wait for first': no delayed event of that name is waiting; none is")) {
            try later.run(script: "wait 5s\n\nwait for first\n")
        }
    }

    @Test func traceListsExitsTransitionsEntriesRaisedAndSentEvents() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: true)
        let steps = try simulation.run(script: "power\nbright\n")
        #expect(steps[0].trace == ["enter off"])
        #expect(steps[1].trace == [
            "exit off", "transition off -> on on power [3:5]", "enter on", "enter lamp", "enter dim", "enter fan",
            "enter still",
        ])
        #expect(steps[2].trace == [
            "exit dim", "transition dim -> bright on bright [7:23]", "enter bright", "send cool after 1.5s", "raise lit",
        ])
        #expect(steps[2].text.split(separator: "\n").first == "  exit dim")
        #expect(steps[2].json.contains(#""trace": ["exit dim", "#))
    }

    @Test func untracedStepsCarryNoTrace() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        let steps = try simulation.run(script: "power\n")
        #expect(steps.allSatisfy { $0.trace == nil })
        #expect(!steps[1].json.contains("trace"))
    }

    @Test func aScriptErrorRunsNothing() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        #expect(throws: SimulationScriptError(line: 2, column: 1, message: "'*' is not an event name: '*' matches events in a transition, it is not part of a name")) {
            try simulation.run(script: "power\n*\n")
        }
        // Only the initial macrostep ran: the first line's 'power' was not sent.
        #expect(simulation.start().text == "0: (start) -> off")
    }

    @Test func eventsAfterTheEndChangeNothing() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        let steps = try simulation.run(script: "power\nbreak\npower\n")
        #expect(steps[3].text == "3: power -> broken")
        #expect(steps[3].done)
    }

    @Test func aWaitThatWouldDeliverWithoutEndStopsAtTheLimitWithANote() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.ticking), tracing: false)
        simulation.deliveryLimit = 50
        let steps = try simulation.run(script: "wait 1000s\n")
        #expect(steps[1].trace == ["note: stopped after delivering 50 delayed events; the clock is at 50ms"])
        #expect(simulation.machine.now == .milliseconds(50))
    }

    @Test func enabledEventsAreThoseOfTheActiveStatesTransitions() throws {
        var simulation = SCXMLSimulation(document: try SimulationFixtures.document(SimulationFixtures.light), tracing: false)
        _ = simulation.start()
        #expect(simulation.enabledEvents.map(\.name) == ["power"])
        _ = try simulation.run(script: "power")
        let enabled = simulation.enabledEvents
        #expect(enabled.map(\.name) == ["power", "bright", "spin", "break"])
        #expect(enabled.map(\.guarded) == [false, false, true, false])
        _ = try simulation.run(script: "break")
        #expect(simulation.enabledEvents.isEmpty)
    }

    @Test func theAlphabetNamesEachDescriptorConcretelyAndLeavesPlatformEventsOut() throws {
        let document = try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s">
              <state id="s">
                <transition event="a.b.* c. d" target="s"/>
                <transition event="error.execution done.state.s" target="s"/>
                <transition event="*" target="s"/>
                <transition event="any" target="s"/>
                <transition target="s" cond="false"/>
              </state>
            </scxml>
            """)
        #expect(EventAlphabet(document: document).names == ["a.b", "c", "d", "any", "any2"])
    }
}
