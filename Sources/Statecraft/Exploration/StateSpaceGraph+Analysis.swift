/// What verifiers ask of an explored graph: deadlocks, nodes that cannot end, runs that avoid a
/// goal forever or for too long.
extension StateSpaceGraph {
    /// Whether the node stays where it is whatever the environment does: final, or expanded
    /// without any step that changes something.
    package func isTerminal(_ node: Int) -> Bool {
        isFinal[node] || (expanded[node] && !moves[node])
    }

    /// Nodes that are not final, were expanded, and where no step (event or timer) changes
    /// anything, in breadth-first order (the first has the shortest path).
    package func deadlocks() -> [Int] {
        (0 ..< count).filter { !isFinal[$0] && expanded[$0] && !moves[$0] }
    }

    /// Nodes from which no final node can be reached, in breadth-first order; empty when the
    /// graph has no final node (the system is not meant to end).
    ///
    /// Meaningful on a complete graph only: on a cut one a final node may lie beyond the cut.
    package func cannotReachFinal() -> [Int] {
        guard isFinal.contains(true) else { return [] }
        var reverse = [[Int32]](repeating: [], count: count)
        for node in 0 ..< count {
            for edge in edges(of: node) { reverse[Int(edgeTarget[edge])].append(Int32(node)) }
        }
        var reaches = isFinal
        var queue = (0 ..< count).filter { isFinal[$0] }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for source in reverse[node] where !reaches[Int(source)] {
                reaches[Int(source)] = true
                queue.append(Int(source))
            }
        }
        return (0 ..< count).filter { !reaches[$0] }
    }

    /// The nodes from which some run never reaches a goal node: it stays among non-goal nodes
    /// forever (a cycle, or a terminal node). Nodes that were not expanded count as able to
    /// reach a goal (what lies past a cut is unknown).
    ///
    /// - Parameter isGoal: Per node, whether it is a goal.
    /// - Returns: Per node, whether it belongs to such a run.
    package func avoiding(_ isGoal: [Bool]) -> [Bool] {
        var inSet = (0 ..< count).map { !isGoal[$0] && (expanded[$0] || isFinal[$0]) }
        var changed = true
        while changed {
            changed = false
            for node in 0 ..< count where inSet[node] && !isTerminal(node) {
                if !edges(of: node).contains(where: { inSet[Int(edgeTarget[$0])] }) {
                    inSet[node] = false
                    changed = true
                }
            }
        }
        return inSet
    }

    /// A run from `node` that stays in `set`: edges to nodes of the set until a terminal node
    /// or a node already on the run.
    ///
    /// - Returns: The steps, the index in them where the repeated part starts (`nil` when the
    ///   run ends in a terminal node), and the node the steps end in.
    package func lasso(from node: Int, within set: [Bool]) -> (steps: [Step], loopStart: Int?, end: Int) {
        var onRun: [Int: Int] = [node: 0]
        var steps: [Step] = []
        var current = node
        while !isTerminal(current) {
            let next = edges(of: current).filter { set[Int(edgeTarget[$0])] }
            guard let edge = next.first(where: { onRun[Int(edgeTarget[$0])] == nil }) ?? next.first else { break }
            steps.append(edgeStep[edge])
            let target = Int(edgeTarget[edge])
            if let start = onRun[target] { return (steps, start, target) }
            onRun[target] = steps.count
            current = target
        }
        return (steps, nil, current)
    }

    /// A run of at most `limit` steps from `node` that never reaches a goal node: `limit` steps
    /// long, or shorter and ending in a terminal node.
    ///
    /// - Returns: The steps and the node they end in, or `nil` when every run reaches a goal
    ///   within `limit` steps (or passes a node that was not expanded).
    package func run(from node: Int, avoiding isGoal: [Bool], for limit: Int) -> (steps: [Step], end: Int)? {
        // level[v]: the most steps k <= limit such that a run of k more steps from v avoids the
        // goal (a terminal node avoids it for ever); -1 for a goal. Runs that avoid the goal for
        // k steps avoid it for fewer, so one number per node is enough.
        var level = (0 ..< count).map { isGoal[$0] ? -1 : (isTerminal($0) ? limit : 0) }
        var k = 1
        while k <= limit {
            var changed = false
            let previous = level
            for v in 0 ..< count where previous[v] == k - 1 && expanded[v] && !isFinal[v] {
                if edges(of: v).contains(where: { previous[Int(edgeTarget[$0])] >= k - 1 }) {
                    level[v] = k
                    changed = true
                }
            }
            if !changed { break }
            k += 1
        }
        guard level[node] >= limit else { return nil }
        var steps: [Step] = []
        var current = node
        var remaining = limit
        while remaining > 0, !isTerminal(current) {
            guard let edge = edges(of: current).first(where: { level[Int(edgeTarget[$0])] >= remaining - 1 }) else { break }
            steps.append(edgeStep[edge])
            current = Int(edgeTarget[edge])
            remaining -= 1
        }
        return (steps, current)
    }
}
