import StatecraftClassic

/// The scenario of the generic machine's test: two states, "Initial" and "Passed", every hook
/// of each writing one line, then the event "Pass" fired, the event "Pass3" added and fired.
/// Writes the hooks' lines in the order the machine runs them, then both results.
func runExample(write: @escaping (String) -> Void) {
    let initial = State("Initial")
    let passed = State("Passed")
    for state in [initial, passed] {
        state.willEnterState = { write("\($0.value) willEnterState") }
        state.willExitState = { write("\($0.value) willExitState") }
        state.didExitState = { write("\($0.value) didExitState") }
        state.didEnterState = { write("\($0.value) didEnterState") }
    }

    let machine = StateMachine(initialState: initial)
    do {
        try machine.addState(passed)
        try machine.addEvent(Event(name: "Pass", sourceValues: ["Initial"], destinationValue: "Passed"))
        let first = machine.fireEvent("Pass")
        try machine.addEvent(Event(name: "Pass3", sourceValues: ["Passed"], destinationValue: "Initial"))
        let second = machine.fireEvent("Pass3")
        write("Pass: \(first)")
        write("Pass3: \(second)")
    } catch {
        write("error: \(error)")
    }
}
