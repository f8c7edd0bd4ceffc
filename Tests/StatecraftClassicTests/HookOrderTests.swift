import Testing
import StatecraftClassic

@Suite("Hook order")
struct HookOrderTests {
    @Test func firingRunsEventAndStateHooksInTheDocumentedOrder() throws {
        let harness = try Harness()
        let result = harness.machine.fireEvent("start")
        #expect(result == .success(sourceState: harness.idle, destinationState: harness.running))
        #expect(harness.log == [
            "start willFire",
            "running willEnter", "idle willExit", "idle didExit", "running didEnter",
            "start didFire",
        ])
    }

    @Test func currentStateChangesBetweenWillExitAndDidExit() throws {
        let harness = try Harness()
        var seen: [Harness.Step] = []
        harness.idle.willExitState = { [unowned harness] _ in seen.append(harness.machine.currentState.value) }
        harness.idle.didExitState = { [unowned harness] _ in seen.append(harness.machine.currentState.value) }
        harness.machine.fireEvent(harness.start)
        #expect(seen == [.idle, .running])
    }

    @Test func activatingRunsStateHooksWithoutEventHooks() throws {
        let harness = try Harness()
        try harness.machine.activateState(.finished)
        #expect(harness.machine.isInState(.finished))
        #expect(harness.log == ["finished willEnter", "idle willExit", "idle didExit", "finished didEnter"])
    }

    @Test func noHookRunsAtCreation() throws {
        let harness = try Harness()
        #expect(harness.log.isEmpty)
        #expect(harness.machine.currentState === harness.idle)
        #expect(harness.machine.initialState === harness.idle)
    }

    @Test func eventAddedAfterFiringIsUsable() throws {
        let harness = try Harness()
        harness.machine.fireEvent("start")
        try harness.machine.addEvent(Event(name: "pause", sourceValues: [.running], destinationValue: .idle))
        #expect(harness.machine.fireEvent("pause").isSuccessful)
        #expect(harness.machine.isInState(.idle))
    }

    @Test func eventFromSeveralSourcesFiresFromEach() throws {
        let harness = try Harness()
        harness.machine.fireEvent("start")
        #expect(harness.machine.fireEvent("reset").isSuccessful)
        harness.machine.fireEvent("start")
        harness.machine.fireEvent("stop")
        #expect(harness.machine.fireEvent("reset") == .success(sourceState: harness.finished, destinationState: harness.idle))
    }
}
