import Testing
import StatecraftClassic

/// A move reads the machine's states and events without retaining them (they live as long as
/// the machine: nothing removes one). These tests hold no reference of their own to the states
/// and events, change the hooks and the machine from inside hooks, and check that every hook
/// runs once, in order, and that the results name the right states.
@Suite("Lifetimes during a move")
struct LifetimeTests {
    /// An object a hook's closure owns alone, so releasing the closure early would free it.
    final class Token {
        var uses = 0
    }

    @Test func statesAndEventsOwnedOnlyByTheMachineSurviveEveryMove() throws {
        var log: [String] = []
        let machine = StateMachine(initialState: State("a"))
        try machine.addStates([State("b"), State("c")])
        for (name, from, to) in [("ab", "a", "b"), ("bc", "b", "c"), ("ca", "c", "a")] {
            let event = Event(name: name, sourceValues: [from], destinationValue: to)
            event.willFireEvent = { log.append("\($0.name) willFire") }
            event.didFireEvent = { log.append("\($0.name) didFire") }
            try machine.addEvent(event)
        }
        for value in ["a", "b", "c"] {
            let state = try #require(machine.state(withValue: value))
            state.willExitState = { log.append("\($0.value) willExit") }
            state.didEnterState = { log.append("\($0.value) didEnter") }
        }
        var results: [String] = []
        for _ in 0..<100 {
            for name in ["ab", "bc", "ca"] { results.append("\(machine.fireEvent(name))") }
        }
        #expect(results.count == 300)
        #expect(results.prefix(3) == ["success(a -> b)", "success(b -> c)", "success(c -> a)"])
        #expect(Set(results).count == 3)
        #expect(log.prefix(8) == ["ab willFire", "a willExit", "b didEnter", "ab didFire", "bc willFire", "b willExit", "c didEnter", "bc didFire"])
        #expect(log.count == 1_200)
        #expect(machine.isInState("a"))
    }

    @Test func hookThatRemovesItselfWhileRunningFinishesItsWork() throws {
        let machine = StateMachine(initialState: State("off"))
        try machine.addState(State("on"))
        try machine.addEvent(Event(name: "toggle", sourceValues: ["off", "on"], destinationValue: "on"))
        let on = try #require(machine.state(withValue: "on"))
        let event = try #require(machine.event(named: "toggle"))
        var seen: [Int] = []
        do {
            let token = Token()
            on.didEnterState = { state in
                // The closure, the only owner of `token`, is dropped here; the call goes on.
                state.didEnterState = nil
                token.uses += 1
                seen.append(token.uses)
            }
            event.didFireEvent = { event in
                event.didFireEvent = nil
                token.uses += 10
                seen.append(token.uses)
            }
        }
        #expect(machine.fireEvent("toggle") == .success(sourceState: machine.initialState, destinationState: on))
        #expect(machine.fireEvent("toggle").isSuccessful)
        #expect(seen == [1, 11])
        #expect(on.didEnterState == nil)
        #expect(event.didFireEvent == nil)
    }

    @Test func statesAndEventsAddedFromAHookDoNotDisturbTheMoveUnderWay() throws {
        let machine = StateMachine(initialState: State(0))
        try machine.addState(State(1))
        try machine.addEvent(Event(name: "go", sourceValues: [0], destinationValue: 1))
        var log: [String] = []
        let one = try #require(machine.state(withValue: 1))
        // `unowned`: the machine owns the state, which owns this hook.
        one.willEnterState = { [unowned machine] state in
            // Enough to move the machine's arrays to new storage while the move reads them.
            for value in 2..<200 { try? machine.addState(State(value)) }
            for value in 2..<199 {
                try? machine.addEvent(Event(name: "next\(value)", sourceValues: [value], destinationValue: value + 1))
            }
            log.append("\(state.value) willEnter")
        }
        one.didEnterState = { log.append("\($0.value) didEnter") }
        machine.initialState.didExitState = { log.append("\($0.value) didExit") }
        let result = machine.fireEvent("go")
        #expect(result == .success(sourceState: machine.initialState, destinationState: one))
        if case .success(let source, let destination) = result {
            #expect(source === machine.initialState)
            #expect(destination === one)
        }
        #expect(log == ["1 willEnter", "0 didExit", "1 didEnter"])
        #expect(machine.currentState === one)
        try machine.activateState(2)
        #expect(machine.fireEvent("next2") == .success(sourceState: try #require(machine.state(withValue: 2)), destinationState: try #require(machine.state(withValue: 3))))
    }
}
