/// The steps the fast paths take, precomputed per position of the transition table: leaf steps
/// for charts on the leaf path, region steps for charts on the general path.
extension ChartCompilation {
    /// For each position of the table (an atomic state and a candidate), the leaf path's step:
    /// the state it leads to and every action it runs, in SCXML order. Then, per cell, its first
    /// candidate's step, for the leaf path's first look.
    mutating func computeLeafSteps() {
        leafSteps = ContiguousArray(repeating: .none, count: table.candidates.count)
        leafMoves = ContiguousArray(repeating: .none, count: table.slotCount)
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            for column in 0 ..< table.eventCount {
                for position in table.cell(state: leaf, event: column) {
                    let transition = table.transition(at: position)
                    let info = transitions[transition]
                    let start = leafActions.count
                    var newLeaf = -1
                    var target = -1
                    var exits: [Int] = []
                    var entries: [(node: Int, byDefault: Bool)] = []
                    if info.targetCount > 0 {
                        target = Int(targets[Int(info.targetStart)])
                        exits = exitPath(from: leaf, to: Int(info.domain))
                        entries = entryPath(of: transition)
                        newLeaf = entries.last?.node ?? -1
                    }
                    let actions = microstepActions(exits: exits, transition: transition, entries: entries)
                    leafActions.append(contentsOf: actions.exits)
                    if let action = actions.action { leafActions.append(action) }
                    leafActions.append(contentsOf: actions.entries)
                    let entersFinal = newLeaf >= 0 && nodes[newLeaf].kind == .final
                    let count = min(leafActions.count - start, Int(UInt16.max))
                    var flags: UInt8 = info.hasGuard ? LeafStep.guarded : 0
                    if count > 0 { flags |= LeafStep.runsActions }
                    if entersFinal { flags |= LeafStep.entersFinal }
                    if info.targetCount == 0 { flags |= LeafStep.targetless }
                    if leaf & 1 == 1 && count > 1 {
                        leafActions[start ..< start + count].reverse()
                        flags |= LeafStep.backward
                    }
                    leafSteps[position] = LeafStep(
                        leaf: Int32(newLeaf), source: info.source, target: Int32(target), transition: Int32(transition),
                        actionStart: Int32(start), actionCount: UInt16(count), flags: flags
                    )
                }
                let cell = table.cell(state: leaf, event: column)
                if let first = cell.first {
                    let step = leafSteps[first]
                    let taken = step.target < 0 ? nil
                        : TakenTransition<State, Event>.packed(states[Int(step.source) - 1], states[Int(step.target) - 1], nil)
                    leafMoves[table.row(of: leaf) + column] = LeafMove(
                        row: step.leaf < 0 ? -1 : Int32(table.row(of: Int(step.leaf))), leaf: step.leaf,
                        source: step.source, target: step.target, position: Int32(first), flags: step.flags,
                        column: column, taken: taken.map { $0 & ~TakenTransition<State, Event>.eventMask } ?? 0
                    )
                }
            }
        }
    }

    /// For each position of the table, the general path's step (see ``RegionStep``).
    mutating func computeRegionSteps() {
        regionSteps = ContiguousArray(
            repeating: RegionStep(transition: -1, action: -1, source: -1, target: -1, flags: 0), count: table.candidates.count
        )
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            for column in 0 ..< table.eventCount {
                for position in table.cell(state: leaf, event: column) {
                    regionSteps[position] = regionStep(from: leaf, taking: table.transition(at: position), at: position)
                }
            }
        }
    }

    /// The step from atomic state `leaf` taking `transition`.
    mutating func regionStep(from leaf: Int, taking transition: Int, at position: Int) -> RegionStep {
        let info = transitions[transition]
        var step = RegionStep(
            transition: Int32(transition), action: info.action, source: info.source,
            target: info.targetCount > 0 ? targets[Int(info.targetStart)] : -1, flags: info.hasGuard ? RegionStep.guarded : 0
        )
        var exits: [Int] = []
        var entries: [(node: Int, byDefault: Bool)] = []
        if info.targetCount == 0 {
            // Taken from this leaf only when no other active leaf lies below its source.
            var node = leaf
            while node != Int(info.source) {
                guard nodes[node].kind != .parallel else { return step }
                node = Int(nodes[node].parent)
            }
            guard nodes[node].kind != .parallel else { return step }
        } else {
            // The states between the leaf and the domain, when they are all that it exits.
            guard info.domain >= 0, info.hasStaticEntry else { return step }
            var node = leaf
            while node != Int(info.domain) {
                guard node > 0, nodes[node].kind != .parallel, !nodes[node].hasHistoryChild, !nodes[node].hasTimers
                else { return step }
                exits.append(node)
                node = Int(nodes[node].parent)
            }
            for entry in entryPath(of: transition) {
                guard !nodes[entry.node].hasTimers, nodes[entry.node].kind != .final else { return step }
                entries.append(entry)
            }
        }
        guard exits.count <= Int(UInt16.max), entries.count <= Int(UInt16.max) else { return step }
        var (exitActions, _, entryActions) = microstepActions(exits: exits, transition: transition, entries: entries)
        guard exitActions.count <= Int(UInt16.max), entryActions.count <= Int(UInt16.max) else { return step }
        simpleActions[position] = (exitActions, entryActions)
        // Steps from every other atomic state run their actions from a second copy of the loops.
        if leaf & 1 == 1 {
            exitActions.reverse()
            entryActions.reverse()
            step.flags |= RegionStep.backward
        }
        step.exitStart = Int32(regionNodes.count)
        step.exitCount = UInt16(exits.count)
        regionNodes.append(contentsOf: exits.map { Int32($0) })
        step.entryStart = Int32(regionNodes.count)
        step.entryCount = UInt16(entries.count)
        regionNodes.append(contentsOf: entries.map { Int32($0.node) })
        step.exitActionStart = Int32(regionActions.count)
        step.exitActionCount = UInt16(exitActions.count)
        regionActions.append(contentsOf: exitActions)
        step.entryActionStart = Int32(regionActions.count)
        step.entryActionCount = UInt16(entryActions.count)
        regionActions.append(contentsOf: entryActions)
        if setWords == 1 {
            for node in exits { step.exitBits |= 1 << UInt64(node) }
            for (node, _) in entries { step.entryBits |= 1 << UInt64(node) }
        }
        step.flags |= RegionStep.simple
        return step
    }
}
