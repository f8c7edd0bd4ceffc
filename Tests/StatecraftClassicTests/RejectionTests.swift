import Testing
import StatecraftClassic

@Suite("Refused events")
struct RejectionTests {
    @Test func unknownEventNameIsReportedAndNothingRuns() throws {
        let harness = try Harness()
        #expect(harness.machine.fireEvent("launch") == .error(.unknownEvent))
        #expect(harness.machine.isInState(.idle))
        #expect(harness.log.isEmpty)
    }

    @Test func eventFromWrongSourceIsReportedAndNothingRuns() throws {
        let harness = try Harness()
        #expect(harness.machine.fireEvent("stop") == .error(.wrongSourceState))
        #expect(harness.machine.isInState(.idle))
        #expect(harness.log.isEmpty)
    }

    @Test func declinedEventRunsNoHookButItsGuard() throws {
        let harness = try Harness()
        var asked = 0
        harness.start.shouldFireEvent = { _ in asked += 1; return false }
        #expect(harness.machine.fireEvent("start") == .error(.transitionDeclined))
        #expect(asked == 1)
        #expect(harness.machine.isInState(.idle))
        #expect(harness.log.isEmpty)
        harness.start.shouldFireEvent = { _ in true }
        #expect(harness.machine.fireEvent("start").isSuccessful)
    }

    @Test func dryRunSaysWhatFiringWouldDoWithoutCallingTheGuard() throws {
        let harness = try Harness()
        var asked = 0
        harness.start.shouldFireEvent = { _ in asked += 1; return false }
        #expect(harness.machine.possibleTransition(forEvent: harness.start)
            == .success(sourceState: harness.idle, destinationState: harness.running))
        #expect(harness.machine.canFireEvent("start"))
        #expect(!harness.machine.canFireEvent(harness.stop))
        #expect(harness.machine.possibleTransition(forEventNamed: "stop") == .error(.wrongSourceState))
        #expect(harness.machine.possibleTransition(forEventNamed: "nope") == .error(.unknownEvent))
        #expect(asked == 0)
        #expect(harness.log.isEmpty)
    }

    @Test func errorsDescribeThemselves() {
        #expect(Transition<Int>.error(.wrongSourceState).description == "error(wrongSourceState)")
        #expect(TransitionError.unknownEvent.description.contains("addEvent(_:)"))
        #expect(TransitionError.transitionDeclined.description.contains("shouldFireEvent"))
    }
}

@Suite("Refused definitions")
struct DefinitionErrorTests {
    /// Runs `body` and returns the `StateMachineError` it threw, recording an issue otherwise.
    func addingError(_ body: () throws -> Void) -> StateMachineError? {
        do {
            try body()
            Issue.record("no error was thrown")
        } catch let error as StateMachineError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    @Test func eventWithoutSourceIsRefused() throws {
        let harness = try Harness()
        let error = try #require(addingError {
            try harness.machine.addEvent(Event(name: "jump", sourceValues: [.idle, .running], destinationValue: .idle))
            try harness.machine.addEvent(Event(name: "warp", sourceValues: [Harness.Step](), destinationValue: .idle))
        })
        #expect(error.code == .invalidEvent)
        #expect(error.message.contains("'warp' has no source state"))
        #expect(harness.machine.event(named: "jump") != nil)
        #expect(harness.machine.event(named: "warp") == nil)
    }

    @Test func eventNamingStatesNeverAddedIsRefused() throws {
        let machine = StateMachine(initialState: State("a"))
        try machine.addState(State("b"))
        let source = try #require(addingError {
            try machine.addEvent(Event(name: "go", sourceValues: ["a", "z"], destinationValue: "b"))
        })
        #expect(source.code == .unknownState)
        #expect(source.message == "event 'go' names source state 'z', which was never added; add it with addState(_:) before the event")
        let destination = try #require(addingError {
            try machine.addEvent(Event(name: "go", sourceValues: ["a"], destinationValue: "y"))
        })
        #expect(destination.message.contains("names destination state 'y'"))
        #expect(machine.fireEvent("go") == .error(.unknownEvent))
    }

    @Test func duplicateEventNameIsRefused() throws {
        let harness = try Harness()
        let error = try #require(addingError {
            try harness.machine.addEvent(Event(name: "start", sourceValues: [.finished], destinationValue: .idle))
        })
        #expect(error.code == .duplicateEvent)
        #expect(error.message.contains("'start'"))
        harness.machine.fireEvent("start")
        #expect(harness.machine.isInState(.running))
    }

    @Test func eventWithEmptyNameIsRefused() throws {
        let harness = try Harness()
        let error = try #require(addingError {
            try harness.machine.addEvent(Event(name: "", sourceValues: [.idle], destinationValue: .running))
        })
        #expect(error.code == .invalidEvent)
    }

    @Test func duplicateStateIsRefusedAndAddStatesAddsNoneThen() throws {
        let machine = StateMachine(initialState: State(1))
        let single = try #require(addingError { try machine.addState(State(1)) })
        #expect(single.code == .duplicateState)
        #expect(single.message.contains("'1'"))
        let batch = try #require(addingError { try machine.addStates([State(2), State(3), State(2)]) })
        #expect(batch.code == .duplicateState)
        #expect(machine.state(withValue: 2) == nil)
        #expect(machine.state(withValue: 3) == nil)
    }

    @Test func activatingStateNeverAddedIsRefused() throws {
        let harness = try Harness()
        let machine = StateMachine(initialState: State("a"))
        let error = try #require(addingError { try machine.activateState("ghost") })
        #expect(error.code == .unknownState)
        #expect(error.message.contains("cannot activate state 'ghost'"))
        #expect(machine.isInState("a"))
        #expect(harness.log.isEmpty)
    }
}
