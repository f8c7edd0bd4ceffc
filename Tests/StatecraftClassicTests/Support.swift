import StatecraftClassic

/// A machine over `Step` whose every hook writes to `log`.
final class Harness {
    enum Step: Hashable { case idle, running, finished }

    var log: [String] = []
    let idle = State(Step.idle)
    let running = State(Step.running)
    let finished = State(Step.finished)
    let start = Event(name: "start", sourceValues: [Step.idle], destinationValue: .running)
    let stop = Event(name: "stop", sourceValues: [Step.running], destinationValue: .finished)
    let reset = Event(name: "reset", sourceValues: [Step.running, .finished], destinationValue: .idle)
    let machine: StateMachine<Step>

    init() throws {
        machine = StateMachine(initialState: idle)
        try machine.addStates([running, finished])
        for event in [start, stop, reset] {
            try machine.addEvent(event)
            event.willFireEvent = { [unowned self] in self.log.append("\($0.name) willFire") }
            event.didFireEvent = { [unowned self] in self.log.append("\($0.name) didFire") }
        }
        for state in [idle, running, finished] {
            state.willEnterState = { [unowned self] in self.log.append("\($0.value) willEnter") }
            state.willExitState = { [unowned self] in self.log.append("\($0.value) willExit") }
            state.didExitState = { [unowned self] in self.log.append("\($0.value) didExit") }
            state.didEnterState = { [unowned self] in self.log.append("\($0.value) didEnter") }
        }
    }
}
