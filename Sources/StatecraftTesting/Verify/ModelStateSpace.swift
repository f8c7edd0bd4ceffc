public import Statecraft

/// A ``TestModel``'s chart as a `StateSpace`: a state is a machine (a value, copied at each
/// step). `verify` tells two machines apart by the model's identity, what history remembers
/// and the pending timers; the path search (``TestModel/shortestPaths()``) by the identity
/// alone, as ``TestModel`` documents.
@usableFromInline
struct ModelStateSpace<State: Hashable & Sendable, Event: MachineEvent, Context>: StateSpace {
    @usableFromInline let model: TestModel<State, Event, Context>
    @usableFromInline let recorder: TransitionRecorder<State, Event>
    /// Whether a key is the identity alone (history and timers left empty).
    @usableFromInline let byIdentityOnly: Bool

    @inlinable
    init(model: TestModel<State, Event, Context>, recorder: TransitionRecorder<State, Event>, byIdentityOnly: Bool = false) {
        self.model = model
        self.recorder = recorder
        self.byIdentityOnly = byIdentityOnly
    }

    @usableFromInline
    struct Key: Hashable {
        @usableFromInline var identity: AnyHashable
        @usableFromInline var history: [State: [State]]
        @usableFromInline var timers: [TimerKey]

        @inlinable
        init(identity: AnyHashable, history: [State: [State]], timers: [TimerKey]) {
            self.identity = identity
            self.history = history
            self.timers = timers
        }
    }

    /// A pending timer in a key: how long until it is due, and what fires (a delayed
    /// transition by its source and index, a delayed send by its event's kind and id, an event
    /// leaving the machine by its kind, id and target).
    @usableFromInline
    struct TimerKey: Hashable {
        @usableFromInline var delay: Duration
        @usableFromInline var source: State?
        @usableFromInline var index: Int
        @usableFromInline var event: Event.Kind?
        @usableFromInline var id: String?
        @usableFromInline var target: String?

        @inlinable
        init(_ timer: SnapshotTimer<State, Event>, now: Duration) {
            delay = timer.due - now
            switch timer.kind {
            case .event(let sent, let id):
                source = nil
                index = 0
                event = sent.kind
                self.id = id
            case .delayedTransition(let source, let index):
                self.source = source
                self.index = index
                event = nil
                id = nil
            case .outbound(let sent, let target, let id):
                source = nil
                index = 0
                event = sent.kind
                self.id = id
                self.target = target
            }
        }
    }

    /// A machine and what the step that led to it did.
    @usableFromInline
    struct Arrived {
        @usableFromInline var machine: Machine<State, Event, Context>
        @usableFromInline var taken: [ModelTransition<State, Event.Kind>]
        @usableFromInline var fault: EngineFault?
        /// Events the machine sent itself in the step that took no transition.
        @usableFromInline var unhandled: [Event]

        @inlinable
        init(machine: Machine<State, Event, Context>, taken: [ModelTransition<State, Event.Kind>], fault: EngineFault?, unhandled: [Event]) {
            self.machine = machine
            self.taken = taken
            self.fault = fault
            self.unhandled = unhandled
        }
    }

    @inlinable
    func start() -> StateSpaceArrival<Arrived, Key> {
        var machine = Machine(chart: model.chart, context: model.makeContext(), onTransition: recorder.listener)
        // The path search does not report unhandled events; verify does (copies keep the flag).
        if !byIdentityOnly { machine.recordsUnhandledEvents = true }
        return arrival(machine)
    }

    @inlinable
    func steps(from state: Arrived) -> [ModelStep<Event>] {
        var steps = model.events.map { ModelStep.send($0) }
        switch model.timerOrder {
        case .deadline:
            if let deadline = state.machine.nextDeadline { steps.append(.wait(deadline - state.machine.now)) }
        case .any:
            // One step per distinct timer: firing either of two alike leads to the same node.
            var labels: Set<String> = []
            for (position, timer) in state.machine.pendingTimers.enumerated() {
                let label = "\(timer.kind)"
                if labels.insert(label).inserted { steps.append(.fire(ModelTimer(position: position, label: label))) }
            }
        }
        return steps
    }

    @inlinable
    func take(_ step: ModelStep<Event>, from state: Arrived) -> StateSpaceArrival<Arrived, Key> {
        var next = state.machine
        next.onTransition = recorder.listener
        next.take(step)
        return arrival(next)
    }

    @inlinable
    func arrival(_ machine: Machine<State, Event, Context>) -> StateSpaceArrival<Arrived, Key> {
        var machine = machine
        machine.onTransition = nil
        let taken = recorder.take()
        let fault = machine.takeFault()
        let unhandled = byIdentityOnly ? [] : machine.takeUnhandledEvents()
        let key: Key
        if byIdentityOnly {
            key = Key(identity: model.identity(machine), history: [:], timers: [])
        } else {
            let snapshot = machine.snapshot
            key = Key(
                identity: model.identity(machine), history: snapshot.history,
                timers: snapshot.timers.map { TimerKey($0, now: snapshot.now) }
            )
        }
        return StateSpaceArrival(
            state: Arrived(machine: machine, taken: taken, fault: fault, unhandled: unhandled), key: key,
            isFinal: machine.status == .done, tookTransition: !taken.isEmpty
        )
    }
}

/// What ``TestModel/verify(_:maxTime:)`` keeps of each visit: per node its active atomic
/// states (for the findings' messages), its active states only when a property asks which
/// states are active, and what happened after an event only for the kinds a `within`
/// property names, so memory per node stays small.
@usableFromInline
struct ModelRecord<State: Hashable & Sendable, Event: MachineEvent, Context> {
    @usableFromInline let properties: [ModelProperty<State, Event, Context>]
    /// Whether a property reads the active states of nodes (`never`, `eventually`, `within`).
    @usableFromInline let keepsActive: Bool
    /// The kinds `within` properties start from.
    @usableFromInline let afterKinds: Set<Event.Kind>
    /// Per node, its active states (when ``keepsActive``) and its active atomic states.
    @usableFromInline var active: [Set<State>] = []
    @usableFromInline var atomic: [[State]] = []
    @usableFromInline var entered: Set<State> = []
    @usableFromInline var transitions: [ModelTransition<State, Event.Kind>] = []
    @usableFromInline var transitionsSeen: Set<ModelTransition<State, Event.Kind>> = []
    @usableFromInline var faults: [(ModelFinding<State, Event>.Kind, String, Int, ModelStep<Event>, Int)] = []
    @usableFromInline var faultsSeen: Set<String> = []
    /// Per `always` property (by index), the first node where it fails.
    @usableFromInline var violations: [Int: Int] = [:]
    /// Per event kind of ``afterKinds``, the nodes an event of that kind led to, with the node
    /// and step it came from.
    @usableFromInline var after: [Event.Kind: [(Int, ModelStep<Event>, Int)]] = [:]
    @usableFromInline var afterSeen: Set<AfterKey> = []
    /// Per event kind sent and not handled, the first step that showed it: the node it was
    /// taken from and the step (both `nil` for the start), the node it led to, and the event.
    @usableFromInline var unhandled: [(Int?, ModelStep<Event>?, Int, Event)] = []
    @usableFromInline var unhandledSeen: Set<Event.Kind> = []

    @usableFromInline
    struct AfterKey: Hashable {
        @usableFromInline var node: Int
        @usableFromInline var kind: Event.Kind

        @inlinable
        init(node: Int, kind: Event.Kind) {
            self.node = node
            self.kind = kind
        }
    }

    @inlinable
    init(properties: [ModelProperty<State, Event, Context>]) {
        self.properties = properties
        var keepsActive = false
        var afterKinds: Set<Event.Kind> = []
        for property in properties {
            switch property.rule {
            case .never, .eventually: keepsActive = true
            case .within(let kind, _, _):
                keepsActive = true
                afterKinds.insert(kind)
            case .always: break
            }
        }
        self.keepsActive = keepsActive
        self.afterKinds = afterKinds
    }

    @inlinable
    mutating func note(_ visit: StateSpaceVisit<ModelStateSpace<State, Event, Context>>) {
        let arrived = visit.arrival.state
        let machine = arrived.machine
        for transition in arrived.taken {
            if let target = transition.target { entered.insert(target) }
            if transitionsSeen.insert(transition).inserted { transitions.append(transition) }
        }
        if visit.isNew {
            let states = machine.activeStates
            if keepsActive { active.append(Set(states)) }
            atomic.append(states.filter(machine.chart.isAtomicState))
            entered.formUnion(states)
            for (index, property) in properties.enumerated() where violations[index] == nil {
                if case .always(let predicate) = property.rule, !predicate(machine.context) { violations[index] = visit.target }
            }
        }
        guard let source = visit.source, let step = visit.step else {
            // The start's own unhandled events: reached by the empty path.
            for event in arrived.unhandled where unhandledSeen.insert(event.kind).inserted {
                unhandled.append((nil, nil, 0, event))
            }
            return
        }
        for event in arrived.unhandled where unhandledSeen.insert(event.kind).inserted {
            unhandled.append((source, step, visit.target, event))
        }
        if let fault = arrived.fault, faultsSeen.insert("\(fault.code)").inserted {
            let settles = fault.code != .microstepLimit && fault.code != .eventLimit
            faults.append((settles ? .fault : .livelock, "\(fault.code): \(fault)", source, step, visit.target))
        }
        if visit.arrival.tookTransition, case .send(let event) = step, afterKinds.contains(event.kind) {
            // One entry per node reached, the first (shortest) way to it.
            if afterSeen.insert(AfterKey(node: visit.target, kind: event.kind)).inserted {
                after[event.kind, default: []].append((source, step, visit.target))
            }
        }
    }
}
