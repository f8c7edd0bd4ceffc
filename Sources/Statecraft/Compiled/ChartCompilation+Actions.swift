/// The action lists of the fast paths (leaf steps, region steps, and the microstep plans built
/// from region steps), recorded from the one description of what exiting and entering a state
/// runs (`ChartNode.forEachExitAction` and `forEachEntryAction`), which the general path
/// follows as it goes.
extension ChartCompilation {
    /// What exiting `node` runs: its exit actions, in the order written.
    func exitActions(of node: Int) -> [Int32] {
        var actions: [Int32] = []
        nodes[node].forEachExitAction { actions.append(Int32($0)) }
        return actions
    }

    /// What entering `node` runs: its entry actions in the order written, then, when a compound
    /// state is entered by default (no descendant targeted), its initial transition's action.
    func entryActions(of node: Int, byDefault: Bool) -> [Int32] {
        var actions: [Int32] = []
        nodes[node].forEachEntryAction(byDefault: byDefault, transitions: transitions) { actions.append(Int32($0)) }
        return actions
    }

    /// The states a transition from atomic state `leaf` exits when it exits nothing but the
    /// path from the leaf up to its domain: innermost first.
    func exitPath(from leaf: Int, to domain: Int) -> [Int] {
        var exits: [Int] = []
        var node = leaf
        while node != domain && node > 0 {
            exits.append(node)
            node = Int(nodes[node].parent)
        }
        return exits
    }

    /// The states `transition` enters, outermost first, each with whether it is entered by
    /// default, from its precomputed entry path.
    func entryPath(of transition: Int) -> [(node: Int, byDefault: Bool)] {
        (Int(entryPathStart[transition]) ..< Int(entryPathStart[transition + 1])).map { position in
            let entry = Int(entryPaths[position])
            return (entry >> 1, entry & 1 != 0)
        }
    }

    /// A microstep's actions in SCXML order: exit actions of `exits` (innermost first), the
    /// transition's action, entry actions of `entries` (outermost first).
    func microstepActions(exits: [Int], transition: Int, entries: [(node: Int, byDefault: Bool)]) -> (exits: [Int32], action: Int32?, entries: [Int32]) {
        let action = transitions[transition].action
        return (
            exits.flatMap { exitActions(of: $0) },
            action >= 0 ? action : nil,
            entries.flatMap { entryActions(of: $0.node, byDefault: $0.byDefault) }
        )
    }
}
