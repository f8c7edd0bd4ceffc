extension ChartStructure {
    /// Looks for what is probably a mistake: states no transition reaches, transitions never
    /// taken because an earlier one always is, states other than final ones that nothing
    /// leaves, events the chart emits that nothing handles, and eventless transitions that
    /// loop forever.
    ///
    /// Guards are not evaluated: a guarded transition is taken to be takeable, so a state
    /// reached only through a guard that is always false is not reported. Events a typed
    /// chart's closures emit are unknown, so `ChartLint.Code.unhandledEvent` is found only in
    /// SCXML documents.
    ///
    /// - Returns: The findings, grouped by code (unreachable states, shadowed transitions,
    ///   states without a way out, unhandled events, endless eventless transitions), each group
    ///   in document order.
    /// - Complexity: O(*n* × *d* + *t* × (*k* + *d*)) for *n* states of depth *d* and *t* transitions,
    ///   *k* of them in one state, plus a scan of a parallel state's transitions for each state
    ///   inside it whose own transitions do not leave it.
    public func lint() -> [ChartLint] {
        unreachableStates() + shadowedTransitions() + statesWithoutWayOut() + unhandledEvents()
            + endlessEventlessTransitions()
    }

    // MARK: Reachability

    /// The states entering `targets` makes active, history taken to hold its default.
    func entryClosure(_ targets: [Int], into reached: inout [Bool]) -> [Int] {
        var added: [Int] = []
        var pending = targets
        while let state = pending.popLast() {
            let described = states[state]
            if described.isHistory {
                // A history state enters what it remembers (states already reached) or its default.
                if !described.initial.isEmpty {
                    pending += described.initial
                } else if let parent = described.parent {
                    pending += defaultEntry(of: parent)
                    pending.append(parent)
                }
                continue
            }
            guard !reached[state] else { continue }
            reached[state] = true
            added.append(state)
            if let parent = described.parent { pending.append(parent) }
            switch described.kind {
            case .compound: pending += described.initial
            case .parallel: pending += described.children.filter { !states[$0].isHistory }
            default: break
            }
        }
        return added
    }

    private func defaultEntry(of state: Int) -> [Int] {
        switch states[state].kind {
        case .compound: states[state].initial
        case .parallel: states[state].children.filter { !states[$0].isHistory }
        default: []
        }
    }

    /// Per state, whether some sequence of transitions from the initial states enters it.
    ///
    /// Guards are taken to allow. Transitions that are never taken do not count: those an
    /// earlier unguarded transition of the same state shadows, and done transitions of states
    /// that cannot complete (a compound state without a final child, a parallel state with a
    /// region that has none).
    ///
    /// - Returns: One flag per state, in the order of ``states``; history states are `false`.
    public func reachableStates() -> [Bool] {
        let shadowed = Set(shadowedTransitions().compactMap(\.transition))
        var reached = [Bool](repeating: false, count: states.count)
        var pending = entryClosure(initial, into: &reached)
        while let state = pending.popLast() {
            for transition in states[state].transitions where !shadowed.contains(transition) {
                if case .done = transitions[transition].trigger, !canComplete(state) { continue }
                pending += entryClosure(transitions[transition].targets, into: &reached)
            }
        }
        return reached
    }

    /// Whether a state can raise its done event: a compound state with a final child, or a
    /// parallel state whose every region can complete.
    private func canComplete(_ state: Int) -> Bool {
        let children = states[state].children.filter { !states[$0].isHistory }
        switch states[state].kind {
        case .compound: return children.contains { states[$0].kind == .final }
        case .parallel: return children.allSatisfy { states[$0].kind == .final || canComplete($0) }
        default: return false
        }
    }

    private func unreachableStates() -> [ChartLint] {
        let reached = reachableStates()
        let start = initial.map { "'\(states[$0].id)'" }.joined(separator: ", ")
        return states.filter { !reached[$0.index] && !$0.isHistory }.map { state in
            ChartLint(
                code: .unreachableState,
                message: "state '\(state.id)' cannot be reached from the initial state \(start): "
                    + "no transition enters it or a state inside it; add one, or remove the state",
                location: state.location, state: state.index
            )
        }
    }

    // MARK: Shadowing

    /// Whether an earlier transition of the same state, without a guard, takes every event
    /// `later` would.
    private func covers(_ earlier: Transition, _ later: Transition) -> Bool {
        switch (earlier.trigger, later.trigger) {
        case (.eventless, .eventless), (.done, .done):
            return true
        case (.events(let names), .events(let laterNames)):
            switch eventMatching {
            case .exact:
                return laterNames.allSatisfy(names.contains)
            case .descriptor:
                let descriptor = EventDescriptor(names.joined(separator: " "))
                return laterNames.allSatisfy { descriptor.matches($0) }
            }
        default:
            return false
        }
    }

    private func shadowedTransitions() -> [ChartLint] {
        var findings: [ChartLint] = []
        for state in states {
            var unguarded: [Transition] = []
            for index in state.transitions {
                let transition = transitions[index]
                if let earlier = unguarded.first(where: { covers($0, transition) }) {
                    let trigger = label(ofTransition: index)
                    let at = earlier.location.map { " (at \($0))" } ?? ""
                    findings.append(ChartLint(
                        code: .shadowedTransition,
                        message: "the transition \(trigger.isEmpty ? "without event" : "'\(trigger)'") "
                            + "from '\(state.id)' is never taken: an earlier one\(at), "
                            + "'\(label(ofTransition: earlier.index))', has no guard and matches the same events; "
                            + "reorder them, or give the earlier one a guard",
                        location: transition.location, transition: index
                    ))
                }
                if !transition.hasGuard { unguarded.append(transition) }
            }
        }
        return findings
    }

    // MARK: Ways out

    /// SCXML's transition domain: the state whose descendants taking the transition exits,
    /// `nil` for the whole chart. Only for transitions with targets.
    func domain(of transition: Transition) -> Int? {
        let source = transition.source
        if transition.type == .internal && states[source].kind == .compound
            && transition.targets.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        var ancestor = states[source].parent
        while let current = ancestor {
            if states[current].kind == .compound && transition.targets.allSatisfy({ isDescendant($0, of: current) }) {
                return current
            }
            ancestor = states[current].parent
        }
        return nil
    }

    /// Whether `transition` can be taken while `state` is active and then leaves it.
    private func leaves(_ transition: Transition, _ state: Int) -> Bool {
        guard !transition.targets.isEmpty, transition.targets != [state] else { return false }
        if transition.source == state { return true }
        if isDescendant(state, of: transition.source) {
            // A done event of an ancestor needs a final state where this one is.
            if case .done = transition.trigger { return false }
            return true
        }
        guard let domain = domain(of: transition) else { return true }
        return isDescendant(state, of: domain)
    }

    private func statesWithoutWayOut() -> [ChartLint] {
        var findings: [ChartLint] = []
        for state in states where state.kind == .atomic {
            let lineage = [state.index] + ancestors(of: state.index)
            if lineage.contains(where: { owner in states[owner].transitions.contains { leaves(transitions[$0], state.index) } }) {
                continue
            }
            // In a parallel state, a transition in another region may leave this one too.
            let parallels = lineage.dropFirst().filter { states[$0].kind == .parallel }
            let fromRegion = parallels.contains { parallel in
                transitions.contains { transition in
                    isDescendant(transition.source, of: parallel) && !lineage.contains(transition.source)
                        && leaves(transition, state.index)
                }
            }
            if fromRegion { continue }
            findings.append(ChartLint(
                code: .noWayOut,
                message: "state '\(state.id)' is not final, but no transition leaves it: a machine that enters it "
                    + "stays there; add a transition out of it, or make it a final state",
                location: state.location, state: state.index
            ))
        }
        return findings
    }

    // MARK: Unhandled events

    private func unhandledEvents() -> [ChartLint] {
        emittedEvents.compactMap { emitted in
            let handled = transitions.indices.contains { transition($0, matches: emitted.name) }
            guard !handled else { return nil }
            let verb = emitted.kind == .raise ? "raises" : "sends itself"
            let owner = emitted.state.map { "state '\(states[$0].id)'" }
                ?? emitted.transition.map { "a transition from '\(states[transitions[$0].source].id)'" } ?? "the chart"
            return ChartLint(
                code: .unhandledEvent,
                message: "\(owner) \(verb) the event '\(emitted.name)', which no transition matches; "
                    + "handle it, or fix its name",
                location: emitted.location, state: emitted.state, transition: emitted.transition
            )
        }
    }
}
