/// The breadth-first walk of a ``StateSpace``: every node reachable from the start within the
/// bounds, each with the shortest way to it, and the steps between nodes.
///
/// A node's state is kept only until it is expanded, so memory grows with the nodes found
/// (a key, a parent, a step and the edges of each), not with the system's product of states.
@usableFromInline
package enum StateSpaceExplorer {
    /// Explores `space` within `bounds`.
    ///
    /// - Parameters:
    ///   - space: The system.
    ///   - bounds: The bounds; the graph's ``StateSpaceGraph/cut`` says which one stopped it.
    ///   - visit: Called for the start and for every step tried, in order, with the node it
    ///     led to; a verifier records what it needs of the arrival here.
    /// - Returns: The graph explored.
    @inlinable
    package static func explore<Space: StateSpace>(
        _ space: Space,
        bounds: StateSpaceBounds,
        visit: (StateSpaceVisit<Space>) -> Void
    ) -> StateSpaceGraph<Space.Step> {
        let clock = ContinuousClock()
        let started = clock.now
        var graph = StateSpaceGraph<Space.Step>()
        var index: [Space.Key: Int] = [:]
        var pending: [Space.State?] = []
        let first = space.start()
        index[first.key] = 0
        graph.add(parent: -1, step: nil, depth: 0, isFinal: first.isFinal)
        pending.append(first.state)
        visit(StateSpaceVisit(source: nil, step: nil, arrival: first, target: 0, isNew: true))
        var head = 0
        while head < graph.count {
            if let maxTime = bounds.maxTime, clock.now - started > maxTime {
                graph.cut = .time(maxTime)
                break
            }
            let current = head
            head += 1
            guard let state = pending[current] else { graph.closeEdges(of: current); continue }
            pending[current] = nil
            if graph.isFinal[current] { graph.closeEdges(of: current); continue }
            let steps = space.steps(from: state)
            if graph.depth[current] >= bounds.maxDepth {
                if !steps.isEmpty, graph.cut == nil { graph.cut = .depth(bounds.maxDepth) }
                graph.closeEdges(of: current)
                continue
            }
            graph.expanded[current] = true
            var full = false
            for step in steps {
                let arrival = space.take(step, from: state)
                if let known = index[arrival.key] {
                    if known != current || arrival.tookTransition { graph.moves[current] = true }
                    if known != current { graph.addEdge(to: known, step: step) }
                    visit(StateSpaceVisit(source: current, step: step, arrival: arrival, target: known, isNew: false))
                    continue
                }
                if graph.count >= bounds.maxConfigurations {
                    // The node is half expanded: count it as not expanded.
                    graph.cut = .configurations(bounds.maxConfigurations)
                    graph.expanded[current] = false
                    full = true
                    break
                }
                let node = graph.count
                index[arrival.key] = node
                graph.add(parent: current, step: step, depth: graph.depth[current] + 1, isFinal: arrival.isFinal)
                pending.append(arrival.state)
                graph.moves[current] = true
                graph.addEdge(to: node, step: step)
                visit(StateSpaceVisit(source: current, step: step, arrival: arrival, target: node, isNew: true))
            }
            graph.closeEdges(of: current)
            if full { break }
        }
        // Nodes never reached by the loop have no edges.
        while graph.edgeStart.count <= graph.count { graph.edgeStart.append(graph.edgeTarget.count) }
        graph.keyBytes = MemoryLayout<Space.Key>.stride
        return graph
    }
}

/// The nodes and edges an exploration found, in breadth-first order: node 0 is the start.
@usableFromInline
package struct StateSpaceGraph<Step> {
    /// Each node's parent on its shortest path (`-1` for the start).
    @usableFromInline package var parent: [Int32] = []
    /// The step from the parent.
    @usableFromInline package var step: [Step?] = []
    /// Steps from the start.
    @usableFromInline package var depth: [Int] = []
    /// Whether the node is a final state of the system.
    @usableFromInline package var isFinal: [Bool] = []
    /// Whether every step from the node was tried.
    @usableFromInline package var expanded: [Bool] = []
    /// Whether some step from the node changed something (another node, or a transition taken).
    @usableFromInline package var moves: [Bool] = []
    /// The edges of node *n* are `edgeStart[n] ..< edgeStart[n + 1]`: steps to other nodes.
    @usableFromInline package var edgeStart: [Int] = [0]
    /// Each edge's target.
    @usableFromInline package var edgeTarget: [Int32] = []
    /// Each edge's step.
    @usableFromInline package var edgeStep: [Step] = []
    /// The bound that stopped the search, or `nil` when it tried every step of every node.
    @usableFromInline package var cut: StateSpaceCut?
    /// The size of one key, for the memory estimate.
    @usableFromInline package var keyBytes = 0

    /// An empty graph.
    @inlinable
    package init() {}

    /// How many nodes.
    @inlinable
    package var count: Int { parent.count }

    /// Whether the search tried everything.
    @inlinable
    package var isComplete: Bool { cut == nil }

    @inlinable
    mutating func add(parent: Int, step: Step?, depth: Int, isFinal: Bool) {
        self.parent.append(Int32(parent))
        self.step.append(step)
        self.depth.append(depth)
        self.isFinal.append(isFinal)
        expanded.append(false)
        moves.append(false)
    }

    @inlinable
    mutating func addEdge(to target: Int, step: Step) {
        edgeTarget.append(Int32(target))
        edgeStep.append(step)
    }

    /// Ends the edges of `node` (nodes are expanded in order).
    @inlinable
    mutating func closeEdges(of node: Int) {
        while edgeStart.count <= node + 1 { edgeStart.append(edgeTarget.count) }
    }

    /// The edges from `node`: their indices into ``edgeTarget`` and ``edgeStep``.
    package func edges(of node: Int) -> Range<Int> {
        node + 1 < edgeStart.count ? edgeStart[node] ..< edgeStart[node + 1] : 0 ..< 0
    }

    /// The steps of the shortest path from the start to `node`.
    package func path(to node: Int) -> [Step] {
        var steps: [Step] = []
        var current = node
        while current > 0, let step = step[current] {
            steps.append(step)
            current = Int(parent[current])
        }
        return steps.reversed()
    }

    /// An estimate of the bytes the graph holds per node (its arrays and an index entry).
    package var bytesPerNode: Int {
        guard count > 0 else { return 0 }
        let perNode = MemoryLayout<Int32>.stride + MemoryLayout<Step?>.stride + MemoryLayout<Int>.stride * 2 + 2
            + keyBytes + MemoryLayout<Int>.stride * 2
        let edges = (MemoryLayout<Int32>.stride + MemoryLayout<Step>.stride) * edgeTarget.count
        return perNode + edges / count
    }
}
