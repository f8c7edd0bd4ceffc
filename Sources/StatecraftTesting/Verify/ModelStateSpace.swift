import Statecraft

/// A ``TestModel``'s chart as a `StateSpace`: a state is a machine (a value, copied at each
/// step); its key is the model's identity, what history remembers and the pending timers.
struct ModelStateSpace<State: Hashable & Sendable, Event: MachineEvent, Context>: StateSpace {
    let model: TestModel<State, Event, Context>
    let recorder: TransitionRecorder<State, Event>

    struct Key: Hashable {
        var identity: AnyHashable
        var history: [State: [State]]
        var timers: [Duration]
    }

    /// A machine and what the step that led to it did.
    struct Arrived {
        var machine: Machine<State, Event, Context>
        var taken: [ModelTransition<State, Event.Kind>]
        var fault: EngineFault?
    }

    func start() -> StateSpaceArrival<Arrived, Key> {
        let machine = Machine(chart: model.chart, context: model.makeContext(), onTransition: recorder.listener)
        return arrival(machine)
    }

    func steps(from state: Arrived) -> [ModelStep<Event>] {
        var steps = model.events.map { ModelStep.send($0) }
        if let deadline = state.machine.nextDeadline { steps.append(.wait(deadline - state.machine.now)) }
        return steps
    }

    func take(_ step: ModelStep<Event>, from state: Arrived) -> StateSpaceArrival<Arrived, Key> {
        var next = state.machine
        next.onTransition = recorder.listener
        switch step {
        case .send(let event): _ = next.send(event)
        case .wait(let duration): next.advance(by: duration)
        }
        return arrival(next)
    }

    private func arrival(_ machine: Machine<State, Event, Context>) -> StateSpaceArrival<Arrived, Key> {
        var machine = machine
        machine.onTransition = nil
        let taken = recorder.take()
        let fault = machine.takeFault()
        let snapshot = machine.snapshot
        let key = Key(
            identity: model.identity(machine), history: snapshot.history,
            timers: snapshot.timers.map { $0.due - snapshot.now }.sorted()
        )
        return StateSpaceArrival(
            state: Arrived(machine: machine, taken: taken, fault: fault), key: key,
            isFinal: machine.status == .done, tookTransition: !taken.isEmpty
        )
    }
}

/// What ``TestModel/verify(_:maxTime:)`` keeps of each visit.
struct ModelRecord<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let properties: [ModelProperty<State, Event, Context>]
    /// Per node, its active states and its active atomic states.
    var active: [Set<State>] = []
    var atomic: [[State]] = []
    var entered: Set<State> = []
    var transitions: [ModelTransition<State, Event.Kind>] = []
    var transitionsSeen: Set<ModelTransition<State, Event.Kind>> = []
    var faults: [(ModelFinding<State, Event>.Kind, String, Int, ModelStep<Event>, Int)] = []
    var faultsSeen: Set<String> = []
    /// Per `always` property (by index), the first node where it fails.
    var violations: [Int: Int] = [:]
    /// Per event kind, the nodes an event of that kind led to, with the node and step it came from.
    var after: [Event.Kind: [(Int, ModelStep<Event>, Int)]] = [:]
    var afterSeen: Set<[AnyHashable]> = []

    init(properties: [ModelProperty<State, Event, Context>]) {
        self.properties = properties
    }

    mutating func note(_ visit: StateSpaceVisit<ModelStateSpace<State, Event, Context>>) {
        let arrived = visit.arrival.state
        let machine = arrived.machine
        for transition in arrived.taken {
            if let target = transition.target { entered.insert(target) }
            if transitionsSeen.insert(transition).inserted { transitions.append(transition) }
        }
        if visit.isNew {
            let states = machine.activeStates
            active.append(Set(states))
            atomic.append(states.filter(machine.chart.isAtomicState))
            entered.formUnion(states)
            for (index, property) in properties.enumerated() where violations[index] == nil {
                if case .always(let predicate) = property.rule, !predicate(machine.context) { violations[index] = visit.target }
            }
        }
        guard let source = visit.source, let step = visit.step else { return }
        if let fault = arrived.fault, faultsSeen.insert("\(fault.code)").inserted {
            let settles = fault.code != .microstepLimit && fault.code != .eventLimit
            faults.append((settles ? .fault : .livelock, "\(fault.code): \(fault)", source, step, visit.target))
        }
        if visit.arrival.tookTransition, case .send(let event) = step {
            // One entry per node reached, the first (shortest) way to it.
            if afterSeen.insert([AnyHashable(visit.target), AnyHashable(event.kind)]).inserted {
                after[event.kind, default: []].append((source, step, visit.target))
            }
        }
    }
}
