public import Statecraft

extension TestModel {
    /// The shortest path to every configuration the search reaches (every node, as the model's
    /// identity tells machines apart), in the order found.
    ///
    /// - Returns: The paths, what was never reached, and whether a bound stopped the search.
    /// - Complexity: O(*n* × *e*) steps for *n* nodes and *e* events, each on a copy of a machine.
    @inlinable
    public func shortestPaths() -> ModelPaths<State, Event> {
        let graph = search()
        let paths = graph.nodes.indices.map { index in
            let (steps, taken) = graph.route(to: index)
            let machine = graph.nodes[index].machine
            return ModelPath(
                steps: steps, configuration: configuration(of: machine), isDone: machine.status == .done,
                transitions: taken.map { graph.transitions[$0] }
            )
        }
        return graph.result(paths: paths)
    }

    /// A small set of paths that together take every transition the search takes.
    ///
    /// Each path is a walk from a new machine: it takes a step that takes a transition no path
    /// has taken yet when there is one, and otherwise goes by the shortest way to the nearest
    /// configuration that has one. A path ends when no such step can be reached from where it
    /// is (after a final state, for instance), and the next starts again from a new machine.
    /// The walks are run on a real machine as they are made, so each path's transitions and
    /// configuration are what replaying it gives.
    ///
    /// - Returns: The paths and what was never reached.
    /// - Complexity: O(*t* × (*n* + *n* × *e*)) in the worst case for *t* transitions, where
    ///   the walk has to look far for the next one; about O(*n* × *e*) on charts whose states
    ///   reach each other.
    @inlinable
    public func transitionPaths() -> ModelPaths<State, Event> {
        let graph = search()
        var walker = CoverWalk(graph: graph, model: self)
        return graph.result(paths: walker.walk())
    }

    /// The explored graph: nodes in breadth-first order, each with the step from its parent,
    /// and every step tried from each node.
    @usableFromInline
    struct Graph {
        @usableFromInline
        struct Node {
            @usableFromInline var machine: Machine<State, Event, Context>
            @usableFromInline var parent: Int
            @usableFromInline var step: ModelStep<Event>?
            /// The transitions the step from the parent takes.
            @usableFromInline var taken: [Int]

            @inlinable
            init(machine: Machine<State, Event, Context>, parent: Int, step: ModelStep<Event>?, taken: [Int]) {
                self.machine = machine
                self.parent = parent
                self.step = step
                self.taken = taken
            }
        }

        @usableFromInline
        struct Edge {
            @usableFromInline var step: ModelStep<Event>
            @usableFromInline var target: Int
            @usableFromInline var taken: [Int]

            @inlinable
            init(step: ModelStep<Event>, target: Int, taken: [Int]) {
                self.step = step
                self.target = target
                self.taken = taken
            }
        }

        @usableFromInline var nodes: [Node] = []
        /// Per node, the steps tried from it that lead to a known node.
        @usableFromInline var edges: [[Edge]] = []
        /// The node of each identity.
        @usableFromInline var index: [AnyHashable: Int] = [:]
        /// The transitions, numbered in the order first taken.
        @usableFromInline var transitions: [ModelTransition<State, Event.Kind>] = []
        @usableFromInline var transitionNumbers: [ModelTransition<State, Event.Kind>: Int] = [:]
        /// The transitions the new machine takes as it starts.
        @usableFromInline var initial: [Int] = []
        @usableFromInline var activeSeen: Set<State> = []
        @usableFromInline var kindsTaken: Set<Event.Kind> = []
        @usableFromInline var stop: ModelSearchStop?
        @usableFromInline let chart: Statechart<State, Event, Context>

        @inlinable
        init(chart: Statechart<State, Event, Context>) {
            self.chart = chart
        }

        @inlinable
        mutating func number(_ transition: ModelTransition<State, Event.Kind>) -> Int {
            if let number = transitionNumbers[transition] { return number }
            transitions.append(transition)
            transitionNumbers[transition] = transitions.count - 1
            if let kind = transition.eventKind { kindsTaken.insert(kind) }
            return transitions.count - 1
        }

        /// The steps from the start to `node` and the transitions they take, in order, once.
        @inlinable
        func route(to node: Int) -> ([ModelStep<Event>], [Int]) {
            var steps: [ModelStep<Event>] = []
            var edges: [[Int]] = []
            var current = node
            while current > 0 {
                steps.append(nodes[current].step!)
                edges.append(nodes[current].taken)
                current = nodes[current].parent
            }
            var seen: Set<Int> = []
            var taken: [Int] = []
            for transition in initial + edges.reversed().flatMap({ $0 }) where seen.insert(transition).inserted {
                taken.append(transition)
            }
            return (steps.reversed(), taken)
        }

        @inlinable
        func result(paths: [ModelPath<State, Event>]) -> ModelPaths<State, Event> {
            ModelPaths(
                paths: paths, transitionsTaken: transitions,
                statesNeverActive: chart.states.filter { !chart.isHistoryState($0) && !activeSeen.contains($0) },
                eventKindsNeverTaken: chart.eventKinds.filter { !kindsTaken.contains($0) },
                stop: stop
            )
        }
    }

    /// Explores the model with the one explorer of the core (`StateSpaceExplorer`, which
    /// `verify` uses too), nodes told apart by the model's identity alone, and keeps what the
    /// paths need: every node's machine, and every step tried with the transitions it took
    /// (a step back to its own node too: its transitions need covering).
    @inlinable
    func search() -> Graph {
        var graph = Graph(chart: chart)
        let space = ModelStateSpace(model: self, recorder: TransitionRecorder<State, Event>(), byIdentityOnly: true)
        let bounds = StateSpaceBounds(maxConfigurations: maxConfigurations, maxDepth: maxDepth, maxTime: nil)
        let explored = StateSpaceExplorer.explore(space, bounds: bounds) { visit in
            let machine = visit.arrival.state.machine
            let recorded = visit.arrival.state.taken
            // A state a transition entered was active, even if only within a macrostep.
            graph.activeSeen.formUnion(recorded.compactMap(\.target))
            let taken = recorded.map { graph.number($0) }
            guard let source = visit.source, let step = visit.step else {
                // The start's own transitions (eventless ones, done events) count too.
                graph.initial = taken
                graph.nodes.append(.init(machine: machine, parent: -1, step: nil, taken: []))
                graph.edges.append([])
                graph.index[visit.arrival.key.identity] = 0
                graph.activeSeen.formUnion(machine.activeStates)
                return
            }
            if visit.isNew {
                graph.index[visit.arrival.key.identity] = visit.target
                graph.nodes.append(.init(machine: machine, parent: source, step: step, taken: taken))
                graph.edges.append([])
                graph.activeSeen.formUnion(machine.activeStates)
            }
            graph.edges[source].append(.init(step: step, target: visit.target, taken: taken))
        }
        switch explored.cut {
        case .depth(let depth): graph.stop = .maxDepth(depth)
        case .configurations(let count): graph.stop = .maxConfigurations(count)
        case .time, nil: break
        }
        return graph
    }
}

/// Collects the transitions a machine's listener reports.
///
/// `@unchecked Sendable`: a machine calls its listener synchronously, on the thread that called
/// `send` or `advance`, and the search that owns a recorder reads it on that same thread
/// between calls. No recorder is shared between tasks.
@usableFromInline
final class TransitionRecorder<State: Hashable & Sendable, Event: MachineEvent>: @unchecked Sendable {
    @usableFromInline var log: [ModelTransition<State, Event.Kind>] = []

    @inlinable
    init() {}

    @inlinable
    var listener: @Sendable (TakenTransition<State, Event>) -> Void {
        { [self] taken in
            self.log.append(ModelTransition(source: taken.source, target: taken.target, eventKind: taken.event?.kind))
        }
    }

    @inlinable
    func take() -> [ModelTransition<State, Event.Kind>] {
        defer { log.removeAll(keepingCapacity: true) }
        return log
    }
}
