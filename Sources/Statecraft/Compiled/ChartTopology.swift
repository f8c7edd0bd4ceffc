/// The shape of a compiled chart: its nodes in document order, its transitions and their
/// targets. The entry-set and domain computations run on it, both when the chart is built (to
/// precompute what does not depend on history) and while a machine runs.
@usableFromInline
struct ChartTopology: Sendable {
    @usableFromInline var nodes: ContiguousArray<ChartNode>
    @usableFromInline var transitions: ContiguousArray<TransitionInfo>
    @usableFromInline var targets: ContiguousArray<Int32>

    @usableFromInline
    init(nodes: ContiguousArray<ChartNode>, transitions: ContiguousArray<TransitionInfo>, targets: ContiguousArray<Int32>) {
        self.nodes = nodes
        self.transitions = transitions
        self.targets = targets
    }

    /// Whether `node` has no child state: an atomic or final state, or a parallel state without
    /// regions (SCXML 3.4 allows one; Appendix D enters it with no descendants). These are the
    /// states an active configuration ends in: deep history records them and ``Machine/state``
    /// holds them. A regionless parallel state is still not atomic: its transitions are never
    /// selected, as Appendix D selects from atomic states only.
    @inlinable
    func isLeaf(_ node: Int) -> Bool {
        let info = nodes[node]
        if info.isAtomic { return true }
        guard info.kind == .parallel else { return false }
        var child = node + 1
        while child < Int(info.end) {
            if !nodes[child].isHistory { return false }
            child = Int(nodes[child].end)
        }
        return true
    }

    /// Whether `node` is a proper descendant of `ancestor`.
    @inlinable
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        node > ancestor && node < Int(nodes[ancestor].end)
    }

    /// The targets of a transition, as positions into `targets`.
    @inlinable
    func targetPositions(of transition: Int) -> Range<Int> {
        let info = transitions[transition]
        return Int(info.targetStart) ..< Int(info.targetStart + info.targetCount)
    }

    /// The states a compound or parallel state's default entry targets.
    @inlinable
    func defaultEntryTargets(of node: Int) -> [Int] {
        if nodes[node].kind == .parallel {
            var children: [Int] = []
            var child = node + 1
            while child < Int(nodes[node].end) {
                if !nodes[child].isHistory { children.append(child) }
                child = Int(nodes[child].end)
            }
            return children
        }
        return targetPositions(of: Int(nodes[node].initialTransition)).map { Int(targets[$0]) }
    }

    /// SCXML's `getTransitionDomain`: the state whose descendants a transition exits and enters;
    /// -1 for a transition without targets.
    @inlinable
    func transitionDomain<Scratch: EntryScratch>(_ transition: Int, _ scratch: Scratch) -> Int {
        let info = transitions[transition]
        if info.domain != -2 { return Int(info.domain) }
        let source = Int(info.source)
        if info.isInternal && nodes[source].isCompound
            && allEffectiveTargets(of: transition, scratch, satisfy: { isDescendant($0, of: source) }) {
            return source
        }
        var ancestor = Int(nodes[source].parent)
        while ancestor > 0 {
            if nodes[ancestor].isCompound
                && allEffectiveTargets(of: transition, scratch, satisfy: { isDescendant($0, of: ancestor) }) {
                return ancestor
            }
            ancestor = Int(nodes[ancestor].parent)
        }
        return 0
    }

    /// Whether every state of SCXML's `getEffectiveTargetStates` satisfies `test`: targets, with
    /// history states replaced by what they remember or by their default targets.
    @inlinable
    func allEffectiveTargets<Scratch: EntryScratch>(of transition: Int, _ scratch: Scratch, satisfy test: (Int) -> Bool) -> Bool {
        for position in targetPositions(of: transition) {
            let target = Int(targets[position])
            let node = nodes[target]
            guard node.isHistory else {
                if !test(target) { return false }
                continue
            }
            if let remembered = scratch.remembered(Int(node.historySlot)) {
                for member in remembered.members where !test(member) { return false }
            } else if transitions[Int(node.initialTransition)].targetCount > 0 {
                if !allEffectiveTargets(of: Int(node.initialTransition), scratch, satisfy: test) { return false }
            } else if !defaultEntryTargets(of: Int(node.parent)).allSatisfy(test) {
                return false
            }
        }
        return true
    }

    /// SCXML's `computeEntrySet` for one transition (the set for several is the union: the
    /// transitions of one microstep do not conflict, so their domains are disjoint).
    ///
    /// One addition to Appendix D: the entry set is kept inside the transition's domain. The
    /// domain is computed from the effective targets, so a transition to a history state whose
    /// value (or default) lies below the history's parent has a domain below that parent, and
    /// Appendix D's `addAncestorStatesToEnter(s, parent)` then adds states the microstep does
    /// not exit: active ancestors entered a second time, and, through a parallel ancestor, the
    /// default of a region whose active child stays active, which is not a legal configuration
    /// (section 3.11). The domain is the state whose descendants a transition exits and enters
    /// (section 3.13), so the states outside it are left out.
    @inlinable
    func computeEntrySet<Scratch: EntryScratch>(_ transition: Int, into scratch: inout Scratch) {
        guard transitions[transition].targetCount > 0 else { return }
        let domain = transitionDomain(transition, scratch)
        var bounded = DomainEntryScratch(base: scratch, domain: domain, end: domain > 0 ? Int(nodes[domain].end) : nodes.count)
        for position in targetPositions(of: transition) {
            addDescendantStatesToEnter(Int(targets[position]), into: &bounded)
        }
        addAncestorsOfEffectiveTargets(of: transition, upTo: domain, into: &bounded)
        scratch = bounded.base
    }

    /// For each effective target of `transition`, SCXML's `addAncestorStatesToEnter`.
    @inlinable
    func addAncestorsOfEffectiveTargets<Scratch: EntryScratch>(of transition: Int, upTo ancestor: Int, into scratch: inout Scratch) {
        for position in targetPositions(of: transition) {
            let target = Int(targets[position])
            let node = nodes[target]
            guard node.isHistory else {
                addAncestorStatesToEnter(target, upTo: ancestor, into: &scratch)
                continue
            }
            if let remembered = scratch.remembered(Int(node.historySlot)) {
                for member in remembered.members { addAncestorStatesToEnter(member, upTo: ancestor, into: &scratch) }
            } else if transitions[Int(node.initialTransition)].targetCount > 0 {
                addAncestorsOfEffectiveTargets(of: Int(node.initialTransition), upTo: ancestor, into: &scratch)
            } else {
                for member in defaultEntryTargets(of: Int(node.parent)) {
                    addAncestorStatesToEnter(member, upTo: ancestor, into: &scratch)
                }
            }
        }
    }

    /// SCXML's `addDescendantStatesToEnter`.
    @inlinable
    func addDescendantStatesToEnter<Scratch: EntryScratch>(_ state: Int, into scratch: inout Scratch) {
        let info = nodes[state]
        if info.isHistory {
            let parent = Int(info.parent)
            if let remembered = scratch.remembered(Int(info.historySlot)) {
                let members = remembered.members
                for member in members { addDescendantStatesToEnter(member, into: &scratch) }
                for member in members { addAncestorStatesToEnter(member, upTo: parent, into: &scratch) }
                return
            }
            let fallback = Int(info.initialTransition)
            scratch.setHistoryDefault(parent: parent, transition: fallback)
            if transitions[fallback].targetCount == 0 {
                // No default written: the parent's own default entry.
                enterDefaultDescendants(of: parent, into: &scratch)
                return
            }
            for position in targetPositions(of: fallback) { addDescendantStatesToEnter(Int(targets[position]), into: &scratch) }
            for position in targetPositions(of: fallback) {
                addAncestorStatesToEnter(Int(targets[position]), upTo: parent, into: &scratch)
            }
            return
        }
        scratch.insertToEnter(state)
        enterDefaultDescendants(of: state, into: &scratch)
    }

    /// The default entry below a state being entered: a compound state's initial transition,
    /// every region of a parallel state not already being entered.
    @inlinable
    func enterDefaultDescendants<Scratch: EntryScratch>(of state: Int, into scratch: inout Scratch) {
        let info = nodes[state]
        switch info.kind {
        case .compound:
            scratch.insertDefaultEntry(state)
            let initial = Int(info.initialTransition)
            for position in targetPositions(of: initial) { addDescendantStatesToEnter(Int(targets[position]), into: &scratch) }
            for position in targetPositions(of: initial) {
                addAncestorStatesToEnter(Int(targets[position]), upTo: state, into: &scratch)
            }
        case .parallel:
            enterMissingRegions(of: state, into: &scratch)
        default:
            break
        }
    }

    /// Enters every region of a parallel state that has no descendant being entered yet.
    @inlinable
    func enterMissingRegions<Scratch: EntryScratch>(of parallel: Int, into scratch: inout Scratch) {
        let end = Int(nodes[parallel].end)
        var child = parallel + 1
        while child < end {
            let childEnd = Int(nodes[child].end)
            if !nodes[child].isHistory && !scratch.toEnterContainsAny(from: child + 1, below: childEnd) {
                addDescendantStatesToEnter(child, into: &scratch)
            }
            child = childEnd
        }
    }

    /// SCXML's `addAncestorStatesToEnter`: the proper ancestors of `state` below `ancestor`,
    /// with the missing regions of any parallel one.
    @inlinable
    func addAncestorStatesToEnter<Scratch: EntryScratch>(_ state: Int, upTo ancestor: Int, into scratch: inout Scratch) {
        var node = Int(nodes[state].parent)
        while node > 0 && node != ancestor {
            scratch.insertToEnter(node)
            if nodes[node].kind == .parallel { enterMissingRegions(of: node, into: &scratch) }
            node = Int(nodes[node].parent)
        }
    }
}

/// Where an entry-set computation writes, and where it reads history.
@usableFromInline
protocol EntryScratch {
    /// Adds a state to the entry set.
    mutating func insertToEnter(_ node: Int)
    /// Whether the entry set has a state in `start ..< end`.
    func toEnterContainsAny(from start: Int, below end: Int) -> Bool
    /// Marks a compound state as entered by default (its initial transition's action runs).
    mutating func insertDefaultEntry(_ node: Int)
    /// Records that a history state's default transition is taken for `parent`.
    mutating func setHistoryDefault(parent: Int, transition: Int)
    /// What a history slot remembers, or `nil` when nothing was recorded.
    func remembered(_ slot: Int) -> StateSet?
}

/// An entry-set computation kept to the proper descendants of a transition's domain (the root,
/// 0, keeps every state): see ``ChartTopology/computeEntrySet(_:into:)``.
@usableFromInline
struct DomainEntryScratch<Base: EntryScratch>: EntryScratch {
    @usableFromInline var base: Base
    @usableFromInline let domain: Int
    @usableFromInline let end: Int

    @inlinable
    init(base: Base, domain: Int, end: Int) {
        self.base = base
        self.domain = domain
        self.end = end
    }

    @inlinable func inside(_ node: Int) -> Bool { node > domain && node < end }
    @inlinable mutating func insertToEnter(_ node: Int) { if inside(node) { base.insertToEnter(node) } }
    @inlinable func toEnterContainsAny(from start: Int, below end: Int) -> Bool { base.toEnterContainsAny(from: start, below: end) }
    @inlinable mutating func insertDefaultEntry(_ node: Int) { if inside(node) { base.insertDefaultEntry(node) } }
    @inlinable mutating func setHistoryDefault(parent: Int, transition: Int) {
        if inside(parent) { base.setHistoryDefault(parent: parent, transition: transition) }
    }
    @inlinable func remembered(_ slot: Int) -> StateSet? { base.remembered(slot) }
}

/// The entry sets of a transition that does not depend on history, computed when the chart is
/// built.
@usableFromInline
struct StaticEntryScratch: EntryScratch {
    @usableFromInline var toEnter: StateSet
    @usableFromInline var defaultEntry: StateSet
    @usableFromInline var usedHistory = false

    @usableFromInline
    init(capacity: Int) {
        toEnter = StateSet(capacity: capacity)
        defaultEntry = StateSet(capacity: capacity)
    }

    @usableFromInline mutating func insertToEnter(_ node: Int) { toEnter.insert(node) }
    @usableFromInline func toEnterContainsAny(from start: Int, below end: Int) -> Bool { toEnter.containsAny(from: start, below: end) }
    @usableFromInline mutating func insertDefaultEntry(_ node: Int) { defaultEntry.insert(node) }
    @usableFromInline mutating func setHistoryDefault(parent: Int, transition: Int) { usedHistory = true }
    @usableFromInline func remembered(_ slot: Int) -> StateSet? { nil }
}
