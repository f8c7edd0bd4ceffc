/// SCXML's `removeConflictingTransitions` and `getTransitionDomain` (W3C SCXML 1.0,
/// Appendix D): of the transitions selected, those whose exit sets do not meet.
extension Machine {
    /// SCXML's `removeConflictingTransitions`: of two transitions whose exit sets intersect,
    /// keep the one whose source is a descendant of the other's, else the earlier one.
    @inlinable
    mutating func removeConflictingTransitions() {
        // Filters `enabled` in place: its first `kept` entries are the filtered set.
        var kept = 0
        for index in 0 ..< enabled.count {
            let candidate = enabled[index]
            let first = Int(candidate)
            var preempted = false
            var other = 0
            while other < kept {
                let second = Int(enabled[other])
                if exitSetsIntersect(first, second) {
                    if isDescendant(Int(chart.transitions[first].source), of: Int(chart.transitions[second].source)) {
                        for shift in other ..< kept - 1 { enabled[shift] = enabled[shift + 1] }
                        kept -= 1
                        continue
                    }
                    preempted = true
                    break
                }
                other += 1
            }
            if !preempted {
                enabled[kept] = candidate
                kept += 1
            }
        }
        space.chosenCount = kept
    }

    /// Whether the exit sets of two transitions share a state. An exit set is the active
    /// descendants of the domain, and domains are nested or disjoint.
    @inlinable
    func exitSetsIntersect(_ first: Int, _ second: Int) -> Bool {
        let a = transitionDomain(first)
        let b = transitionDomain(second)
        guard a >= 0, b >= 0 else { return false }
        let inner: Int
        if a == b || isDescendant(a, of: b) {
            inner = a
        } else if isDescendant(b, of: a) {
            inner = b
        } else {
            return false
        }
        return StateSet.next(words, from: inner + 1, below: Int(chart.nodes[inner].end)) != nil
    }

    /// Whether `node` is a proper descendant of `ancestor`.
    @inlinable
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        chart.topology.isDescendant(node, of: ancestor)
    }

    /// SCXML's `getTransitionDomain`, reading this machine's history.
    @inlinable
    func transitionDomain(_ transition: Int) -> Int {
        let domain = Int(chart.transitions[transition].domain)
        if domain != -2 { return domain }
        return chart.topology.transitionDomain(transition, RuntimeEntryScratch(space: space))
    }
}
