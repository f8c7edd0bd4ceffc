import StatecraftClassic

/// `seedapi.toggle`: the classic `StateMachine<String>` of `StatecraftClassic` with two states,
/// `off` and `on`, and two events, `turnOn` and `turnOff`, fired by name, alternately.
///
/// The `on` state's `didEnterState` hook counts its entries. The baseline, for context only
/// (the target is absolute: at most 50 ns per event), is ``HandNamedToggle``: a dictionary from
/// name to event and a `switch`, calling the same counting closure.
public final class SeedToggle {
    /// The counter the hook and the baseline's closure increment.
    public let counter = EntryCounter()
    /// The classic machine.
    public let machine: StateMachine<String>
    let handWritten: HandNamedToggle
    /// The names fired, alternately: `turnOn`, then `turnOff`.
    public let names: ContiguousArray<String> = ["turnOn", "turnOff"]

    /// Builds the classic machine and the baseline.
    ///
    /// - Throws: `StateMachineError` if the classic API rejects the machine (it should not).
    public init() throws {
        let counter = counter
        let on = State("on")
        on.didEnterState = { _ in counter.increment() }
        machine = StateMachine(initialState: State("off"))
        try machine.addState(on)
        try machine.addEvent(Event(name: "turnOn", sourceValues: ["off"], destinationValue: "on"))
        try machine.addEvent(Event(name: "turnOff", sourceValues: ["on"], destinationValue: "off"))
        handWritten = HandNamedToggle(onEnterOn: { counter.increment() })
    }

    /// Fires `events` events by name on the classic machine.
    ///
    /// - Returns: The successful firings plus the entries counted.
    @inline(never)
    public func runStatecraft(_ events: Int) -> Int {
        var fired = 0
        for index in 0..<events where machine.fireEvent(names[index & 1]).isSuccessful {
            fired &+= 1
        }
        return fired &+ counter.count
    }

    /// Fires `events` events by name on the dictionary-and-switch baseline.
    ///
    /// - Returns: The successful firings plus the entries counted.
    @inline(never)
    public func runBaseline(_ events: Int) -> Int {
        var fired = 0
        for index in 0..<events where handWritten.fire(names[index & 1]) {
            fired &+= 1
        }
        return fired &+ counter.count
    }
}
