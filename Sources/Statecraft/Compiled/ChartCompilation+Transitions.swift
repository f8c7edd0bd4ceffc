/// Checking the structure and compiling the transitions: targets resolved to nodes, initial
/// transitions checked, state conditions and static domains computed.
extension ChartCompilation {
    func checkStructure() throws(DefinitionError) {
        // The Initial transitions written in each state, gathered once: asking `written` per
        // state made building a chart of thousands of states quadratic.
        var initialsByNode: [Int: [Transition]] = [:]
        for entry in written where entry.kind == .initial { initialsByNode[entry.node, default: []].append(entry.transition) }
        for node in nodes.indices {
            let children = childStates(of: node)
            switch nodes[node].kind {
            case .compound where children.isEmpty:
                throw DefinitionError(
                    code: .compoundWithoutChildren,
                    message: "compound state \(name(node)) has no child state; write its children, or declare it Atomic",
                    location: location(node)
                )
            case .parallel where children.isEmpty && refusesParallelsWithoutRegions:
                throw DefinitionError(
                    code: .parallelWithoutRegions,
                    message: "parallel state \(name(node)) has no region; write at least one child state in it, "
                        + "or declare it Atomic",
                    location: location(node)
                )
            default:
                break
            }
            let initials = initialsByNode[node] ?? []
            if nodes[node].kind == .parallel, let first = initials.first {
                throw DefinitionError(
                    code: .misplacedElement,
                    message: "parallel state \(name(node)) has an Initial transition; every region of a parallel "
                        + "state is entered, so remove it",
                    location: first.location
                )
            }
            if initials.count > 1 || (initials.count == 1 && !declaredInitial(node).isEmpty) {
                throw DefinitionError(
                    code: .misplacedElement,
                    message: "compound state \(name(node)) names its initial state more than once; "
                        + "keep one of `initial:` and `Initial(to:)`",
                    location: initials.last?.location ?? location(node)
                )
            }
        }
    }

    /// The states a compound state's `initial:` names; empty when it names none.
    func declaredInitial(_ node: Int) -> [State] {
        if case .compound(let initial) = declarations[node].kind { initial } else { [] }
    }

    // MARK: Transitions

    mutating func compileTransitions() throws(DefinitionError) {
        timerTransitions = Array(repeating: [], count: nodes.count)
        // Initial transitions of the root and of compound states, and defaults of history states.
        var writtenInitial: [Int: Transition] = [:]
        for entry in written where entry.kind == .initial && writtenInitial[entry.node] == nil {
            writtenInitial[entry.node] = entry.transition
        }
        for node in nodes.indices where nodes[node].isCompound || nodes[node].isHistory {
            if let initial = declaredInitial(node).first(where: { stateIndex[$0] == nil }) {
                throw DefinitionError(
                    code: .unknownInitialState,
                    message: "the initial state '\(initial)' of \(name(node)) is not a state of the chart; declare it, "
                        + "or name one of: \(states.map { "'\($0)'" }.joined(separator: ", "))",
                    location: location(node)
                )
            }
            let declaration = writtenInitial[node]
            let transition: Transition
            if let declaration {
                transition = declaration
            } else if !declaredInitial(node).isEmpty {
                transition = Transition(
                    trigger: .eventless, targets: declaredInitial(node), type: .external, condition: nil, action: nil,
                    location: location(node)
                )
            } else if nodes[node].isHistory {
                transition = Transition(
                    trigger: .eventless, targets: [], type: .external, condition: nil, action: nil,
                    location: location(node)
                )
            } else {
                transition = Transition(
                    trigger: .eventless, targets: [states[childStates(of: node)[0] - 1]], type: .external,
                    condition: nil, action: nil, location: location(node)
                )
            }
            nodes[node].initialTransition = Int32(try add(transition, from: node, role: .initial))
        }
        for (node, transition, kind) in written where kind == .ordinary {
            if nodes[node].kind == .final {
                throw DefinitionError(
                    code: .transitionFromFinalState,
                    message: "final state \(name(node)) declares a transition \(transition.triggerDescription); "
                        + "a final state has no transitions: make it Atomic, or move the transition to its parent",
                    location: transition.location
                )
            }
            if refusesEndlessEventlessTransitions, case .eventless = transition.trigger,
                transition.targets.isEmpty, transition.condition == nil {
                throw DefinitionError(
                    code: .endlessEventlessTransition,
                    message: "the eventless transition in \(name(node)) has neither a target nor a guard, so it would be "
                        + "taken again after every microstep, forever; give it a target, or a guard that turns false",
                    location: transition.location
                )
            }
            let index = try add(transition, from: node, role: .ordinary)
            ordinary.append((node, index, transition.trigger))
            if case .after = transition.trigger {
                timerTransitions[node].append(Int32(index))
                nodes[node].hasTimers = true
            }
        }
    }

    enum Role { case ordinary, initial }

    /// Checks a transition's targets and appends it; returns its index.
    mutating func add(_ transition: Transition, from source: Int, role: Role) throws(DefinitionError) -> Int {
        var resolved: [Int] = []
        for target in transition.targets {
            guard let node = stateIndex[target] else {
                throw DefinitionError(
                    code: .unknownTarget,
                    message: "the transition \(transition.triggerDescription) from \(name(source)) targets '\(target)', "
                        + "which is not a state of the chart; declare that state or fix the target",
                    location: transition.location
                )
            }
            resolved.append(node)
        }
        if role == .initial { try checkInitialTargets(resolved, of: source, at: transition.location) }
        try checkTargetsCompatible(resolved, transition: transition, source: source, role: role)
        let index = transitions.count
        var action: Int32 = -1
        if let closure = transition.action {
            action = Int32(actions.count)
            actions.append(closure)
            usesEffects = usesEffects || closure.producesEffects
        }
        var delay = Duration.zero
        if case .after(let after) = transition.trigger { delay = after }
        let conditions = try stateConditions(of: transition, from: source)
        stateConditions.append(contentsOf: conditions)
        stateConditionStart.append(Int32(stateConditions.count))
        transitions.append(TransitionInfo(
            source: Int32(source), targetStart: Int32(targets.count), targetCount: Int32(resolved.count),
            domain: -1, action: action, hasGuard: transition.condition != nil || !conditions.isEmpty,
            isInternal: transition.type == .internal, hasStaticEntry: false, delay: delay
        ))
        targets.append(contentsOf: resolved.map { Int32($0) })
        guards.append(transition.condition)
        transitionLocations.append(transition.location)
        outline.transitions.append(ChartOutline.Transition(
            trigger: transition.trigger, isInitial: role == .initial,
            hasWrittenGuard: (transition.condition != nil && !transition.guardOnlyMatchesCase) || !conditions.isEmpty,
            guardLabel: transition.guardLabel, actionLabel: transition.actionLabel
        ))
        transitions[index].domain = Int32(staticDomain(of: index))
        return index
    }

    /// A transition's state conditions (``When``) as node numbers: required states as
    /// themselves, excluded ones negated.
    func stateConditions(of transition: Transition, from source: Int) throws(DefinitionError) -> [Int32] {
        var conditions: [Int32] = []
        for (states, sign) in [(transition.requiredStates, Int32(1)), (transition.excludedStates, Int32(-1))] {
            for state in states {
                guard let node = stateIndex[state] else {
                    throw DefinitionError(
                        code: .unknownState,
                        message: "the transition \(transition.triggerDescription) from \(name(source)) is conditioned on "
                            + "'\(state)', which is not a state of the chart; declare that state or fix the condition",
                        location: transition.location
                    )
                }
                conditions.append(sign &* Int32(node))
            }
        }
        return conditions
    }

    func checkInitialTargets(_ resolved: [Int], of node: Int, at location: SourceLocation) throws(DefinitionError) {
        let kind = nodes[node].kind
        let owner = kind == .shallowHistory || kind == .deepHistory ? Int(nodes[node].parent) : node
        for target in resolved {
            let allowed: Bool
            switch kind {
            // SCXML 3.10.2: the default of a history, shallow or deep, consists solely of
            // descendants of its parent (not only children: the recommendation names none).
            case .shallowHistory, .deepHistory: allowed = isDescendant(target, of: owner) && !nodes[target].isHistory
            // SCXML 3.6: an initial transition may target a history state among the
            // descendants; the history's recorded or default configuration is then entered.
            default: allowed = isDescendant(target, of: owner)
            }
            guard allowed else {
                let what = switch kind {
                case .shallowHistory, .deepHistory:
                    "the default of \(kind == .deepHistory ? "deep" : "shallow") history \(name(node)) must be a state "
                        + "inside \(name(owner))"
                default: "the initial state of \(name(node)) must be one of its descendants"
                }
                throw DefinitionError(
                    code: .invalidInitial,
                    message: "\(what); \(name(target)) is not",
                    location: location
                )
            }
        }
        // SCXML 3.10.2: a shallow history of a compound state restores one child, so its default
        // is one state; several (in the regions of a parallel state inside) need a deep history.
        if kind == .shallowHistory, resolved.count > 1, nodes[owner].kind != .parallel {
            throw DefinitionError(
                code: .invalidInitial,
                message: "the default of shallow history \(name(node)) names \(resolved.count) states, but a shallow "
                    + "history of a compound state restores one child; name one state, or make the history deep",
                location: location
            )
        }
    }

    /// Refuses targets that cannot be active together: two descendants of different children
    /// of one compound state.
    func checkTargetsCompatible(_ resolved: [Int], transition: Transition, source: Int, role: Role) throws(DefinitionError) {
        for (position, first) in resolved.enumerated() {
            for second in resolved[(position + 1)...] {
                var ancestor = Int(nodes[first].parent)
                while !(second == ancestor || isDescendant(second, of: ancestor)) {
                    ancestor = Int(nodes[ancestor].parent)
                }
                let related = first == second || isDescendant(first, of: second) || isDescendant(second, of: first)
                if nodes[ancestor].kind != .parallel && !related {
                    // SCXML 3.3.1 and 3.6.2: several initial states lie in different regions.
                    if role == .initial && !nodes[source].isHistory {
                        throw DefinitionError(
                            code: .conflictingTargets,
                            message: "the initial states of \(name(source)) include \(name(first)) and \(name(second)), "
                                + "which cannot be active together: only one child of \(name(ancestor)) is active at a time; "
                                + "several initial states name at most one state in each region of a parallel state",
                            location: transition.location
                        )
                    }
                    throw DefinitionError(
                        code: .conflictingTargets,
                        message: "the transition \(transition.triggerDescription) from \(name(source)) targets "
                            + "\(name(first)) and \(name(second)), which cannot be active together: "
                            + "only one child of \(name(ancestor)) is active at a time",
                        location: transition.location
                    )
                }
            }
        }
    }

    /// The transition domain when no target is a history state; -1 without targets, -2 when it
    /// depends on history.
    func staticDomain(of transition: Int) -> Int {
        let info = transitions[transition]
        let resolved = (0..<Int(info.targetCount)).map { Int(targets[Int(info.targetStart) + $0]) }
        if resolved.isEmpty { return -1 }
        if resolved.contains(where: { nodes[$0].isHistory }) { return -2 }
        let source = Int(info.source)
        if nodes[source].kind == .root || nodes[source].isHistory {
            return nodes[source].isHistory ? Int(nodes[source].parent) : 0
        }
        if info.isInternal && nodes[source].isCompound && resolved.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        return leastCommonCompoundAncestor(source, resolved)
    }

    /// SCXML's `findLCCA`: the nearest proper ancestor of `head` that is compound (or the root)
    /// and contains every state of `tail`.
    func leastCommonCompoundAncestor(_ head: Int, _ tail: [Int]) -> Int {
        var ancestor = Int(nodes[head].parent)
        while ancestor > 0 {
            if nodes[ancestor].isCompound && tail.allSatisfy({ isDescendant($0, of: ancestor) }) { return ancestor }
            ancestor = Int(nodes[ancestor].parent)
        }
        return 0
    }
}
