public import Statecraft

extension TestModel {
    /// Walks that together take every transition of a searched graph: see
    /// ``TestModel/transitionPaths()``.
    @usableFromInline
    struct CoverWalk {
        @usableFromInline let graph: Graph
        @usableFromInline let model: TestModel
        @usableFromInline var covered: [Bool]
        @usableFromInline var remaining: Int
        /// The graph's steps in one array: node `n`'s are `firstEdge[n] ..< firstEdge[n + 1]`.
        @usableFromInline var firstEdge: [Int] = [0]
        @usableFromInline var edgeTarget: [Int] = []
        @usableFromInline var edgeStep: [ModelStep<Event>] = []
        /// Per step, how many of the transitions it takes are not taken yet.
        @usableFromInline var edgeUncovered: [Int] = []
        @usableFromInline var edgeSource: [Int] = []
        /// Per node, how many of its steps take a transition not taken yet.
        @usableFromInline var usefulEdges: [Int]
        /// Per transition, the steps that take it.
        @usableFromInline var edgesTaking: [[Int]]
        /// Breadth-first search buffers, reused: a node is visited when its stamp is the search's.
        @usableFromInline var stamps: [Int]
        @usableFromInline var stamp = 0
        @usableFromInline var cameBy: [Int]
        @usableFromInline var queue: [Int] = []

        @inlinable
        init(graph: Graph, model: TestModel) {
            self.graph = graph
            self.model = model
            covered = Array(repeating: false, count: graph.transitions.count)
            remaining = graph.transitions.count
            usefulEdges = Array(repeating: 0, count: graph.nodes.count)
            edgesTaking = Array(repeating: [], count: graph.transitions.count)
            stamps = Array(repeating: 0, count: graph.nodes.count)
            cameBy = Array(repeating: -1, count: graph.nodes.count)
            for (node, edges) in graph.edges.enumerated() {
                for edge in edges {
                    let position = edgeTarget.count
                    edgeTarget.append(edge.target)
                    edgeStep.append(edge.step)
                    edgeSource.append(node)
                    edgeUncovered.append(edge.taken.count)
                    if !edge.taken.isEmpty { usefulEdges[node] += 1 }
                    for transition in edge.taken { edgesTaking[transition].append(position) }
                }
                firstEdge.append(edgeTarget.count)
            }
        }

        /// Marks `transition` taken, and the steps that take it as less useful.
        @inlinable
        mutating func cover(_ transition: Int) {
            covered[transition] = true
            remaining -= 1
            for position in edgesTaking[transition] {
                edgeUncovered[position] -= 1
                if edgeUncovered[position] == 0 { usefulEdges[edgeSource[position]] -= 1 }
            }
        }

        /// The first step of `node` that takes a transition not taken yet.
        @inlinable
        func usefulEdge(of node: Int) -> Int? {
            guard usefulEdges[node] > 0 else { return nil }
            return (firstEdge[node]..<firstEdge[node + 1]).first { edgeUncovered[$0] > 0 }
        }

        @inlinable
        mutating func walk() -> [ModelPath<State, Event>] {
            var paths: [ModelPath<State, Event>] = []
            let recorder = TransitionRecorder<State, Event>()
            let listener = recorder.listener
            while remaining > 0 {
                var machine = Machine(chart: model.chart, context: model.makeContext(), onTransition: listener)
                var steps: [ModelStep<Event>] = []
                var taken: [Int] = []
                var takenSet: Set<Int> = []
                var newly = 0
                func absorb(_ transitions: [ModelTransition<State, Event.Kind>]) {
                    for transition in transitions {
                        guard let number = graph.transitionNumbers[transition] else { continue }
                        if takenSet.insert(number).inserted { taken.append(number) }
                        if !covered[number] {
                            cover(number)
                            newly += 1
                        }
                    }
                }
                absorb(recorder.take())
                // Steps taken since the walk last took a new transition: a walk that keeps going
                // without one has left the graph the search saw (its identity was too coarse).
                var idle = 0
                while remaining > 0, machine.status != .done, idle <= graph.nodes.count,
                    let node = graph.index[model.identity(machine)]
                {
                    let route: [ModelStep<Event>]
                    if let edge = usefulEdge(of: node) {
                        route = [edgeStep[edge]]
                    } else if let found = routeToNearestUseful(from: node) {
                        route = found
                    } else {
                        break
                    }
                    let before = newly
                    for step in route {
                        machine.take(step)
                        absorb(recorder.take())
                        steps.append(step)
                    }
                    idle = newly > before ? 0 : idle + route.count
                }
                // A walk from a new machine that takes nothing new: what is left cannot be
                // reached by walking (it was found on a machine the identity confused).
                guard newly > 0 else { break }
                paths.append(ModelPath(
                    steps: steps, configuration: model.configuration(of: machine), isDone: machine.status == .done,
                    transitions: taken.map { graph.transitions[$0] }
                ))
            }
            return paths
        }

        /// The steps to the nearest node with a step that takes a new transition, and that step.
        @inlinable
        mutating func routeToNearestUseful(from start: Int) -> [ModelStep<Event>]? {
            stamp += 1
            stamps[start] = stamp
            queue.removeAll(keepingCapacity: true)
            queue.append(start)
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for position in firstEdge[node]..<firstEdge[node + 1] {
                    let target = edgeTarget[position]
                    guard stamps[target] != stamp else { continue }
                    stamps[target] = stamp
                    cameBy[target] = position
                    if let useful = usefulEdge(of: target) {
                        var steps = [edgeStep[useful]]
                        var current = target
                        while current != start {
                            steps.append(edgeStep[cameBy[current]])
                            current = edgeSource[cameBy[current]]
                        }
                        return steps.reversed()
                    }
                    queue.append(target)
                }
            }
            return nil
        }
    }
}
