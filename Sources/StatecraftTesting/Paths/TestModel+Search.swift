import Statecraft
import Synchronization

extension TestModel {
    /// The shortest path to every configuration the search reaches (every node, as the model's
    /// identity tells machines apart), in the order found.
    ///
    /// - Returns: The paths, what was never reached, and whether a bound stopped the search.
    /// - Complexity: O(*n* × *e*) steps for *n* nodes and *e* events, each on a copy of a machine.
    public func shortestPaths() -> ModelPaths<State, Event> {
        let search = search()
        return search.result(paths: search.nodes.map { $0.path(self) })
    }

    /// A small set of paths that together take every transition the search takes: for each
    /// transition the shortest path that takes it, longest first, each kept only when it takes
    /// a transition the kept ones do not.
    ///
    /// - Returns: The paths, shortest first, and what was never reached.
    public func transitionPaths() -> ModelPaths<State, Event> {
        let search = search()
        // Each transition's first taker is a shortest path that takes it; ties go to the one
        // found first.
        let candidates = Set(search.firstTaker.values).sorted { left, right in
            let (a, b) = (search.steps[left].steps.count, search.steps[right].steps.count)
            return a != b ? a > b : left < right
        }
        var covered: Set<ModelTransition<State, Event.Kind>> = []
        var kept: [Int] = []
        for index in candidates where !search.steps[index].taken.allSatisfy(covered.contains) {
            kept.append(index)
            covered.formUnion(search.steps[index].taken)
        }
        kept.sort { left, right in
            let (a, b) = (search.steps[left].steps.count, search.steps[right].steps.count)
            return a != b ? a < b : left < right
        }
        return search.result(paths: kept.map { search.steps[$0].path(self) })
    }

    /// A machine reached by a path, and what the path took.
    struct Node {
        var machine: Machine<State, Event, Context>
        var steps: [ModelStep<Event>]
        /// The transitions taken along the path, in the order first taken, no repeats.
        var taken: [ModelTransition<State, Event.Kind>]

        func path(_ model: TestModel) -> ModelPath<State, Event> {
            ModelPath(
                steps: steps, configuration: model.configuration(of: machine),
                isDone: machine.status == .done, transitions: taken
            )
        }
    }

    /// The explored graph: nodes in breadth-first order, and every step tried.
    struct Search {
        var nodes: [Node] = []
        /// Every step tried from a node: the resulting machine and path, new node or not.
        var steps: [Node] = []
        /// For each transition, the index in ``steps`` of the first step that took it.
        var firstTaker: [ModelTransition<State, Event.Kind>: Int] = [:]
        var transitionsTaken: [ModelTransition<State, Event.Kind>] = []
        var activeSeen: Set<State> = []
        var kindsTaken: Set<Event.Kind> = []
        var stop: ModelSearchStop?
        let chart: Statechart<State, Event, Context>

        func result(paths: [ModelPath<State, Event>]) -> ModelPaths<State, Event> {
            ModelPaths(
                paths: paths, transitionsTaken: transitionsTaken,
                statesNeverActive: chart.states.filter { !chart.isHistoryState($0) && !activeSeen.contains($0) },
                eventKindsNeverTaken: chart.eventKinds.filter { !kindsTaken.contains($0) },
                stop: stop
            )
        }

        mutating func note(_ node: Node) {
            activeSeen.formUnion(node.machine.activeStates)
            for transition in node.taken where firstTaker[transition] == nil {
                firstTaker[transition] = steps.count
                transitionsTaken.append(transition)
                if let kind = transition.eventKind { kindsTaken.insert(kind) }
            }
            steps.append(node)
        }
    }

    func search() -> Search {
        var search = Search(chart: chart)
        let recorder = TransitionRecorder<State, Event>()
        // The start's own transitions (eventless ones, done events) count too.
        var start = Machine(chart: chart, context: makeContext(), onTransition: recorder.listener)
        start.onTransition = nil
        var initial: [ModelTransition<State, Event.Kind>] = []
        for transition in recorder.take() where !initial.contains(transition) { initial.append(transition) }
        let root = Node(machine: start, steps: [], taken: initial)
        var seen: Set<AnyHashable> = [identity(start)]
        search.nodes.append(root)
        search.note(root)
        var head = 0
        expanding: while head < search.nodes.count {
            let node = search.nodes[head]
            head += 1
            guard node.machine.status != .done else { continue }
            var steps = events.map { ModelStep.send($0) }
            if let deadline = node.machine.nextDeadline { steps.append(.wait(deadline - node.machine.now)) }
            guard node.steps.count < maxDepth else {
                if !steps.isEmpty, search.stop == nil { search.stop = .maxDepth(maxDepth) }
                continue
            }
            for step in steps {
                var machine = node.machine
                machine.onTransition = recorder.listener
                switch step {
                case .send(let event): _ = machine.send(event)
                case .wait(let duration): machine.advance(by: duration)
                }
                machine.onTransition = nil
                var taken = node.taken
                for transition in recorder.take() where !taken.contains(transition) { taken.append(transition) }
                let next = Node(machine: machine, steps: node.steps + [step], taken: taken)
                search.note(next)
                guard seen.insert(identity(machine)).inserted else { continue }
                if search.nodes.count >= maxConfigurations {
                    search.stop = .maxConfigurations(maxConfigurations)
                    break expanding
                }
                search.nodes.append(next)
            }
        }
        return search
    }
}

/// Collects the transitions a machine's listener reports.
final class TransitionRecorder<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    private let log = Mutex<[ModelTransition<State, Event.Kind>]>([])

    var listener: @Sendable (TakenTransition<State, Event>) -> Void {
        { [self] taken in
            self.log.withLock { $0.append(ModelTransition(source: taken.source, target: taken.target, eventKind: taken.event?.kind)) }
        }
    }

    func take() -> [ModelTransition<State, Event.Kind>] {
        log.withLock { log in
            defer { log.removeAll() }
            return log
        }
    }
}
