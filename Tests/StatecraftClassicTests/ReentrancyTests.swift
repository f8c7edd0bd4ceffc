import Testing
import StatecraftClassic

@Suite("Calls from inside hooks")
struct ReentrancyTests {
    @Test func eventFiredFromHookIsQueuedAndRunsAfterTheCurrentMove() throws {
        let harness = try Harness()
        var inner: Transition<Harness.Step>?
        harness.running.didEnterState = { [unowned harness] state in
            harness.log.append("\(state.value) didEnter")
            inner = harness.machine.fireEvent("stop")
            harness.log.append("inner returned")
        }
        let outer = harness.machine.fireEvent("start")
        #expect(inner == .queued)
        #expect(outer == .success(sourceState: harness.idle, destinationState: harness.running))
        #expect(harness.machine.isInState(.finished))
        #expect(harness.log == [
            "start willFire", "running willEnter", "idle willExit", "idle didExit", "running didEnter",
            "inner returned", "start didFire",
            "stop willFire", "finished willEnter", "running willExit", "running didExit", "finished didEnter",
            "stop didFire",
        ])
    }

    @Test func eventFiredFromWillExitDoesNotInvertTheOrder() throws {
        let harness = try Harness()
        harness.idle.willExitState = { [unowned harness] state in
            harness.log.append("\(state.value) willExit")
            _ = harness.machine.fireEvent("stop")
        }
        harness.machine.fireEvent("start")
        #expect(harness.log == [
            "start willFire", "running willEnter", "idle willExit", "idle didExit", "running didEnter", "start didFire",
            "stop willFire", "finished willEnter", "running willExit", "running didExit", "finished didEnter", "stop didFire",
        ])
    }

    @Test func queuedEventsRunInTheOrderFiredAndAreCheckedWhenTheyRun() throws {
        let harness = try Harness()
        var results: [Transition<Harness.Step>] = []
        harness.start.didFireEvent = { [unowned harness] _ in
            results.append(harness.machine.fireEvent("start"))
            results.append(harness.machine.fireEvent("stop"))
            results.append(harness.machine.fireEvent("missing"))
        }
        harness.machine.fireEvent("start")
        #expect(results == [.queued, .queued, .error(.unknownEvent)])
        #expect(harness.machine.isInState(.finished))
        // The queued "start" found the machine in `running` and was refused without hooks.
        #expect(harness.log.filter { $0.hasSuffix("willFire") } == ["start willFire", "stop willFire"])
    }

    @Test func eventFiredFromGuardIsQueued() throws {
        let harness = try Harness()
        var inner: Transition<Harness.Step>?
        harness.start.shouldFireEvent = { [unowned harness] _ in
            inner = harness.machine.fireEvent("reset")
            return true
        }
        harness.machine.fireEvent("start")
        #expect(inner == .queued)
        #expect(harness.machine.isInState(.idle))
    }

    @Test func stateActivatedFromHookIsQueued() throws {
        let harness = try Harness()
        harness.running.didEnterState = { [unowned harness] _ in
            try? harness.machine.activateState(.finished)
            harness.log.append("still running: \(harness.machine.isInState(.running))")
        }
        harness.machine.fireEvent("start")
        #expect(harness.machine.isInState(.finished))
        #expect(harness.log.contains("still running: true"))
        #expect(harness.log.last == "finished didEnter")
    }
}
