/// The functions of SCXML 1.0 Appendix D (section D.2) that compute sets of states: exit and
/// entry sets, transition domains, ancestors. Ordered sets are arrays that keep the order of
/// insertion and ignore a second insertion.
extension AppendixD {
    // MARK: computeExitSet

    /// `computeExitSet(transitions)`: for each transition with targets, the active states that
    /// are descendants of its domain.
    func computeExitSet(_ transitions: [Int]) -> [Int] {
        var statesToExit: [Int] = []
        for t in transitions where !chart.transitions[t].targets.isEmpty {
            let domain = getTransitionDomain(t)
            for s in configuration where isDescendant(s, domain) {
                statesToExit.addMember(s)
            }
        }
        return statesToExit
    }

    // MARK: computeEntrySet

    /// `computeEntrySet(transitions, statesToEnter, statesForDefaultEntry, defaultHistoryContent)`.
    ///
    /// One addition to the recommendation, as in Statecraft's entry sets: each transition's
    /// additions are kept to the proper descendants of its domain. A transition to a history
    /// state whose value or default lies below the history's parent has a domain below that
    /// parent, and `addAncestorStatesToEnter(s, parent)` would add states the microstep does not
    /// exit (active ancestors again, and the default of a region whose active child stays
    /// active: an illegal configuration, section 3.11). Section 3.13 makes the domain the state
    /// whose descendants a transition exits and enters.
    func computeEntrySet(_ transitions: [Int], _ sets: inout EntrySets) {
        for t in transitions {
            guard !chart.transitions[t].targets.isEmpty else { continue }
            var own = sets
            for s in chart.transitions[t].targets {
                addDescendantStatesToEnter(s, &own)
            }
            let ancestor = getTransitionDomain(t)
            for s in getEffectiveTargetStates(t) {
                addAncestorStatesToEnter(s, ancestor, &own)
            }
            let inside = { (s: Int) in ancestor == 0 || self.isDescendant(s, ancestor) }
            sets.statesToEnter.formOrderedUnion(own.statesToEnter.filter(inside))
            sets.statesForDefaultEntry.formOrderedUnion(own.statesForDefaultEntry.filter(inside))
            for (parent, content) in own.defaultHistoryContent where inside(parent) {
                sets.defaultHistoryContent[parent] = content
            }
        }
    }

    /// `addDescendantStatesToEnter(state, statesToEnter, statesForDefaultEntry, defaultHistoryContent)`.
    ///
    /// One addition to the recommendation, from Statecraft's documentation of ``History``: a
    /// history state written without a default target takes its parent's default entry (the
    /// parent's initial transition, or every region of a parallel parent).
    func addDescendantStatesToEnter(_ state: Int, _ sets: inout EntrySets) {
        if isHistoryState(state) {
            let parent = chart.states[state].parent!
            if let remembered = historyValue[state] {
                for s in remembered { addDescendantStatesToEnter(s, &sets) }
                for s in remembered { addAncestorStatesToEnter(s, parent, &sets) }
            } else {
                let transition = chart.states[state].initialTransition!
                sets.defaultHistoryContent[parent] = transition
                let targets = chart.transitions[transition].targets
                if targets.isEmpty {
                    addDefaultDescendants(parent, &sets)
                    return
                }
                for s in targets { addDescendantStatesToEnter(s, &sets) }
                for s in targets { addAncestorStatesToEnter(s, parent, &sets) }
            }
        } else {
            sets.statesToEnter.addMember(state)
            addDefaultDescendants(state, &sets)
        }
    }

    /// The second half of `addDescendantStatesToEnter` for a state that is not a history
    /// state: a compound state's initial transition, or a parallel state's regions not yet
    /// being entered.
    func addDefaultDescendants(_ state: Int, _ sets: inout EntrySets) {
        if isCompoundState(state) {
            sets.statesForDefaultEntry.addMember(state)
            let targets = chart.transitions[chart.states[state].initialTransition!].targets
            for s in targets { addDescendantStatesToEnter(s, &sets) }
            for s in targets { addAncestorStatesToEnter(s, state, &sets) }
        } else if isParallelState(state) {
            for child in getChildStates(state) where !sets.statesToEnter.contains(where: { isDescendant($0, child) }) {
                addDescendantStatesToEnter(child, &sets)
            }
        }
    }

    /// `addAncestorStatesToEnter(state, ancestor, statesToEnter, statesForDefaultEntry, defaultHistoryContent)`.
    func addAncestorStatesToEnter(_ state: Int, _ ancestor: Int?, _ sets: inout EntrySets) {
        for anc in getProperAncestors(state, ancestor) {
            // The `<scxml>` element is not a state the configuration holds.
            guard anc != 0 else { continue }
            sets.statesToEnter.addMember(anc)
            if isParallelState(anc) {
                for child in getChildStates(anc) where !sets.statesToEnter.contains(where: { isDescendant($0, child) }) {
                    addDescendantStatesToEnter(child, &sets)
                }
            }
        }
    }

    // MARK: isInFinalState

    /// `isInFinalState(s)`.
    func isInFinalState(_ s: Int) -> Bool {
        if isCompoundState(s) {
            return getChildStates(s).contains { isFinalState($0) && configuration.contains($0) }
        } else if isParallelState(s) {
            return getChildStates(s).allSatisfy { isInFinalState($0) }
        }
        return false
    }

    // MARK: Domains

    /// `getTransitionDomain(t)`. A transition from the `<scxml>` element (the initial
    /// transition) has the root as its domain: the root has no proper ancestor to be the LCCA.
    func getTransitionDomain(_ t: Int) -> Int {
        let transition = chart.transitions[t]
        let tstates = getEffectiveTargetStates(t)
        precondition(!tstates.isEmpty, "getTransitionDomain is only asked about transitions with targets")
        if transition.source == 0 { return 0 }
        if transition.isInternal && isCompoundState(transition.source)
            && tstates.allSatisfy({ isDescendant($0, transition.source) }) {
            return transition.source
        }
        return findLCCA([transition.source] + tstates)
    }

    /// `findLCCA(stateList)`: the nearest proper ancestor of the first state that is compound
    /// (or the `<scxml>` element) and contains all the others.
    func findLCCA(_ stateList: [Int]) -> Int {
        for anc in getProperAncestors(stateList[0], nil) where isCompoundState(anc) || anc == 0 {
            if stateList.dropFirst().allSatisfy({ isDescendant($0, anc) }) {
                return anc
            }
        }
        preconditionFailure("findLCCA: the <scxml> element contains every state")
    }

    /// `getEffectiveTargetStates(transition)`: the targets, with history states replaced by
    /// what they remember or by their default transition's effective targets (a history
    /// state without default: its parent's default entry, see `addDescendantStatesToEnter`).
    func getEffectiveTargetStates(_ transition: Int) -> [Int] {
        var targets: [Int] = []
        for s in chart.transitions[transition].targets {
            if isHistoryState(s) {
                if let remembered = historyValue[s] {
                    targets.formOrderedUnion(remembered)
                } else {
                    let fallback = chart.states[s].initialTransition!
                    if chart.transitions[fallback].targets.isEmpty {
                        let parent = chart.states[s].parent!
                        targets.formOrderedUnion(isParallelState(parent)
                            ? getChildStates(parent)
                            : chart.transitions[chart.states[parent].initialTransition!].targets)
                    } else {
                        targets.formOrderedUnion(getEffectiveTargetStates(fallback))
                    }
                }
            } else {
                targets.addMember(s)
            }
        }
        return targets
    }

    // MARK: Structure

    /// `getProperAncestors(state1, state2)`: the ancestors of `state1` in ancestry order, up
    /// to and including the `<scxml>` element when `state2` is `nil`, else up to but not
    /// including `state2`.
    func getProperAncestors(_ state1: Int, _ state2: Int?) -> [Int] {
        var ancestors: [Int] = []
        var node = chart.parents[state1]
        while node >= 0, node != state2 {
            ancestors.append(node)
            node = chart.parents[node]
        }
        if state2 != nil && node < 0 { return [] }   // state2 is not an ancestor of state1
        return ancestors
    }

    /// `isDescendant(state1, state2)`: whether `state1` is a proper descendant of `state2`.
    func isDescendant(_ state1: Int, _ state2: Int) -> Bool {
        var node = chart.parents[state1]
        while node >= 0 {
            if node == state2 { return true }
            node = chart.parents[node]
        }
        return false
    }

    /// `getChildStates(state1)`: the `<state>`, `<parallel>` and `<final>` children.
    func getChildStates(_ state1: Int) -> [Int] {
        chart.childStates[state1]
    }

    /// The active atomic states in document order, where selection starts.
    func atomicStatesInDocumentOrder() -> [Int] {
        var atomic: [Int] = []
        for s in configuration where isAtomicState(s) { atomic.append(s) }
        return documentOrder(atomic)
    }

    func isAtomicState(_ s: Int) -> Bool {
        chart.kinds[s] == .atomic || chart.kinds[s] == .final
    }

    /// A `<parallel>` without child states (SCXML 3.4): not atomic, entered with no descendants.
    func isRegionlessParallel(_ s: Int) -> Bool { isParallelState(s) && getChildStates(s).isEmpty }

    func isCompoundState(_ s: Int) -> Bool { chart.kinds[s] == .compound }
    func isParallelState(_ s: Int) -> Bool { chart.kinds[s] == .parallel }
    func isFinalState(_ s: Int) -> Bool { chart.kinds[s] == .final }
    func isHistoryState(_ s: Int) -> Bool { chart.kinds[s] == .shallowHistory || chart.kinds[s] == .deepHistory }

    /// Document order is the numbering of the states.
    func documentOrder(_ states: [Int]) -> [Int] { states.sorted() }
    func entryOrder(_ states: [Int]) -> [Int] { states.sorted() }
    func exitOrder(_ states: [Int]) -> [Int] { states.sorted(by: >) }
}

/// The sets `enterStates` fills: `statesToEnter`, `statesForDefaultEntry`, and
/// `defaultHistoryContent` (parent state to the history default transition whose content runs).
struct EntrySets {
    var statesToEnter: [Int] = []
    var statesForDefaultEntry: [Int] = []
    var defaultHistoryContent: [Int: Int] = [:]
}

extension Array where Element == Int {
    /// An ordered set's `add`.
    mutating func addMember(_ member: Int) {
        if !contains(member) { append(member) }
    }

    /// An ordered set's `union`.
    mutating func formOrderedUnion(_ other: [Int]) {
        for member in other { addMember(member) }
    }
}
