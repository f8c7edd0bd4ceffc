/// The SCXML algorithm (W3C SCXML 1.0, Appendix D) for charts with hierarchy, parallel
/// states, history, eventless transitions, raised events and timers. Names follow the
/// recommendation's pseudo-code.
extension Machine {
    /// The workspace, which every hierarchical machine has.
    @inlinable
    var space: Workspace<Event> { workspace.unsafelyUnwrapped }

    /// Copies the workspace if another machine value shares it.
    @inlinable
    mutating func makeWorkspaceUnique() {
        if !isKnownUniquelyReferenced(&workspace) { workspace = space.copy() }
    }

    /// SCXML's `interpret`: enters the initial configuration and runs to completion.
    @inlinable
    mutating func start() {
        workspace = Workspace(nodeCount: chart.nodes.count, historyCount: chart.historyCount)
        space.enabled.removeAll(keepingCapacity: true)
        space.enabled.append(chart.nodes[0].initialTransition)
        enterStates(trigger: nil)
        runToCompletion()
        drainExternalQueue()
    }

    @inlinable
    mutating func sendHierarchical(_ event: Event) -> SendResult<State, Event.Kind> {
        makeWorkspaceUnique()
        space.lastFault = nil
        let result = processExternal(.event(event), kind: event.kind)
        drainExternalQueue()
        return result
    }

    /// One macrostep for an external trigger: select, take, run to completion.
    @inlinable
    mutating func processExternal(_ trigger: Trigger<Event>, kind: Event.Kind?) -> SendResult<State, Event.Kind> {
        let before = state
        switch selectTransitions(trigger, strict: true) {
        case .none, .declined:
            if let kind {
                let code: RejectionCode = selectTransitionsFoundCandidates(trigger) ? .guardsDeclined : .noTransition
                return .rejected(Rejection(code: code, state: before, eventKind: kind))
            }
            return .handled(in: before)
        case .failed(let error, let transition):
            return .rejected(Rejection(
                code: .guardFailed, state: before, eventKind: kind ?? Self.placeholderKind(trigger),
                underlying: error, location: chart.location(ofTransition: transition)
            ))
        case .selected:
            let first = chart.transitions[Int(space.enabled[0])]
            let source = chart.state(Int(first.source))
            let result: SendResult<State, Event.Kind> = first.targetCount > 0
                ? .transitioned(from: source, to: chart.state(Int(chart.targets[Int(first.targetStart)])))
                : .handled(in: source)
            microstep(trigger: trigger)
            runToCompletion()
            return result
        }
    }

    /// Only reached for a guard failing on a timer, which has no kind of yours; timers are
    /// processed with `kind == nil`, so this is never called for them.
    @inlinable
    static func placeholderKind(_ trigger: Trigger<Event>) -> Event.Kind {
        guard let event = trigger.userEvent else {
            preconditionFailure("Statecraft: a rejection needs an event kind, but trigger \(trigger) has none")
        }
        return event.kind
    }

    /// What selecting transitions found.
    @usableFromInline
    enum Selection {
        /// No candidate transition for the trigger in any active state.
        case none
        /// Candidates exist but every guard declined.
        case declined
        /// A guard threw (only when selecting strictly, for an event from outside).
        case failed(any Error, transition: Int)
        /// `space.enabled` holds the optimal enabled transition set.
        case selected
    }

    /// The column of the table a trigger reads, or -1 when nothing can match it.
    @inlinable
    func column(for trigger: Trigger<Event>) -> Int {
        switch trigger {
        case .event(let event): chart.kinds.index(of: event.kind) ?? -1
        case .done(let node, _): Int(chart.doneColumn[Int(node)])
        case .timer(let transition): Int(chart.timerColumn[Int(transition)])
        }
    }

    /// Whether any active atomic state has a candidate for the trigger, guards aside.
    @inlinable
    func selectTransitionsFoundCandidates(_ trigger: Trigger<Event>) -> Bool {
        let configuration = space.configuration
        var node = configuration.next(from: 1, below: chart.nodes.count)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic, !candidates(of: leaf, for: trigger).isEmpty { return true }
            node = configuration.next(from: leaf + 1, below: chart.nodes.count)
        }
        return false
    }

    /// The candidate transitions of an active atomic state for a trigger, in priority order.
    /// Used off the hot path; selection reads table cells directly.
    @usableFromInline
    func candidates(of leaf: Int, for trigger: Trigger<Event>?) -> [Int] {
        guard let trigger else {
            return chart.eventless.cell(state: leaf, event: 0).map { chart.eventless.transition(at: $0) }
        }
        if chart.matchesByDescriptor, case .event(let event) = trigger {
            return descriptorCandidates(of: leaf, columns: descriptorColumns(event))
        }
        let column = column(for: trigger)
        guard column >= 0 else { return [] }
        return chart.table.cell(state: leaf, event: column).map { chart.table.transition(at: $0) }
    }

    /// The columns an event reads when kinds are descriptors: its name, each shorter prefix at
    /// a dot, and `*`.
    @usableFromInline
    func descriptorColumns(_ event: Event) -> [Int] {
        guard let descriptor = event.kind as? EventDescriptor, let name = descriptor.alternatives.first else { return [] }
        return EventDescriptor.matchingNames(of: name).compactMap { prefix in
            (EventDescriptor(prefix) as? Event.Kind).flatMap { chart.kinds.index(of: $0) }
        }
    }

    /// The transitions of several columns of a state, merged in priority order: deeper source
    /// first, then document order.
    @usableFromInline
    func descriptorCandidates(of leaf: Int, columns: [Int]) -> [Int] {
        var merged: [Int] = []
        for column in columns {
            for position in chart.table.cell(state: leaf, event: column) {
                let transition = chart.table.transition(at: position)
                if !merged.contains(transition) { merged.append(transition) }
            }
        }
        return merged.sorted { first, second in
            let a = chart.nodes[Int(chart.transitions[first].source)].depth
            let b = chart.nodes[Int(chart.transitions[second].source)].depth
            return a != b ? a > b : first < second
        }
    }

    /// Evaluates a transition's guard for selection. With `strict`, a throwing guard is thrown
    /// on; otherwise it counts as `false` and is reported in ``lastFault``.
    @inlinable
    mutating func isEnabled(_ transition: Int, _ trigger: Trigger<Event>?, strict: Bool) throws -> Bool {
        guard chart.transitions[transition].hasGuard else { return true }
        do {
            return try checkGuard(transition, trigger)
        } catch {
            if strict { throw error }
            space.lastFault = EngineFault(
                code: .guardFailed,
                message: "the guard of a transition from '\(chart.state(Int(chart.transitions[transition].source)))' "
                    + "threw \(error); the transition was not taken",
                location: chart.location(ofTransition: transition)
            )
            return false
        }
    }

    /// SCXML's `selectTransitions` (with a trigger) and `selectEventlessTransitions` (without):
    /// for each active atomic state in document order, the first enabled transition of the
    /// state or its nearest ancestor; then `removeConflictingTransitions`.
    ///
    /// With `strict`, a throwing guard stops the selection and is returned; otherwise it counts
    /// as `false` and is reported in ``lastFault``.
    @inlinable
    mutating func selectTransitions(_ trigger: Trigger<Event>?, strict: Bool) -> Selection {
        space.enabled.removeAll(keepingCapacity: true)
        if chart.matchesByDescriptor, case .event(let event)? = trigger {
            return selectByDescriptor(event, strict: strict)
        }
        let table = trigger == nil ? chart.eventless : chart.table
        let cellColumn = trigger.map { column(for: $0) } ?? 0
        guard cellColumn >= 0 else { return .none }
        var sawCandidate = false
        var node = space.configuration.next(from: 1, below: chart.nodes.count)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for position in table.cell(state: leaf, event: cellColumn) {
                    sawCandidate = true
                    let transition = table.transition(at: position)
                    do {
                        guard try isEnabled(transition, trigger, strict: strict) else { continue }
                    } catch {
                        return .failed(error, transition: transition)
                    }
                    if !space.enabled.contains(Int32(transition)) { space.enabled.append(Int32(transition)) }
                    break
                }
            }
            node = space.configuration.next(from: leaf + 1, below: chart.nodes.count)
        }
        if space.enabled.isEmpty { return sawCandidate ? .declined : .none }
        if space.enabled.count > 1 { removeConflictingTransitions() }
        return .selected
    }

    /// ``selectTransitions(_:strict:)`` for charts whose kinds are event descriptors.
    @usableFromInline
    mutating func selectByDescriptor(_ event: Event, strict: Bool) -> Selection {
        let columns = descriptorColumns(event)
        var sawCandidate = false
        var node = space.configuration.next(from: 1, below: chart.nodes.count)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for transition in descriptorCandidates(of: leaf, columns: columns) {
                    sawCandidate = true
                    do {
                        guard try isEnabled(transition, .event(event), strict: strict) else { continue }
                    } catch {
                        return .failed(error, transition: transition)
                    }
                    if !space.enabled.contains(Int32(transition)) { space.enabled.append(Int32(transition)) }
                    break
                }
            }
            node = space.configuration.next(from: leaf + 1, below: chart.nodes.count)
        }
        if space.enabled.isEmpty { return sawCandidate ? .declined : .none }
        if space.enabled.count > 1 { removeConflictingTransitions() }
        return .selected
    }

    /// SCXML's `removeConflictingTransitions`: of two transitions whose exit sets intersect,
    /// keep the one whose source is a descendant of the other's, else the earlier one.
    @inlinable
    mutating func removeConflictingTransitions() {
        // Filters `space.enabled` in place: its first `kept` entries are the filtered set.
        var kept = 0
        for index in 0 ..< space.enabled.count {
            let candidate = space.enabled[index]
            let first = Int(candidate)
            var preempted = false
            var other = 0
            while other < kept {
                let second = Int(space.enabled[other])
                if exitSetsIntersect(first, second) {
                    if isDescendant(Int(chart.transitions[first].source), of: Int(chart.transitions[second].source)) {
                        for shift in other ..< kept - 1 { space.enabled[shift] = space.enabled[shift + 1] }
                        kept -= 1
                        continue
                    }
                    preempted = true
                    break
                }
                other += 1
            }
            if !preempted {
                space.enabled[kept] = candidate
                kept += 1
            }
        }
        space.enabled.removeLast(space.enabled.count - kept)
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
        return space.configuration.containsAny(from: inner + 1, below: Int(chart.nodes[inner].end))
    }

    /// Whether `node` is a proper descendant of `ancestor`.
    @inlinable
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        node > ancestor && node < Int(chart.nodes[ancestor].end)
    }

    /// SCXML's `microstep`: exit, run the transitions' actions, enter; then tell the listener.
    @inlinable
    mutating func microstep(trigger: Trigger<Event>?) {
        exitStates(trigger: trigger)
        let event = trigger?.userEvent
        for transition in space.enabled where chart.transitions[Int(transition)].action >= 0 {
            runAction(Int(chart.transitions[Int(transition)].action), event: event)
        }
        let taken = space.enabled
        enterStates(trigger: trigger)
        if let onTransition {
            for transition in taken {
                let info = chart.transitions[Int(transition)]
                onTransition(TakenTransition(
                    source: chart.state(Int(info.source)),
                    target: info.targetCount > 0 ? chart.state(Int(chart.targets[Int(info.targetStart)])) : nil,
                    event: event
                ))
            }
        }
    }

    /// SCXML's `exitStates`: records history, then exits the exit set in reverse document
    /// order, running exit actions and cancelling the exiting states' delayed transitions.
    @inlinable
    mutating func exitStates(trigger: Trigger<Event>?) {
        computeExitSet()
        let toExit = space.toExit
        var node = toExit.previous(below: chart.nodes.count, from: 1)
        while let exiting = node {
            if chart.nodes[exiting].hasHistoryChild { recordHistory(of: exiting) }
            node = toExit.previous(below: exiting, from: 1)
        }
        let event = trigger?.userEvent
        node = toExit.previous(below: chart.nodes.count, from: 1)
        while let exiting = node {
            let info = chart.nodes[exiting]
            runActions(start: info.exitStart, count: info.exitCount, event: event)
            if info.hasTimers { space.timers.removeAll { $0.owner == Int32(exiting) } }
            space.configuration.remove(exiting)
            node = toExit.previous(below: exiting, from: 1)
        }
    }

    /// SCXML's `computeExitSet` for the enabled transitions, into `space.toExit`.
    @inlinable
    mutating func computeExitSet() {
        space.toExit.removeAll()
        for transition in space.enabled {
            let domain = transitionDomain(Int(transition))
            guard domain >= 0 else { continue }
            let end = Int(chart.nodes[domain].end)
            var node = space.configuration.next(from: domain + 1, below: end)
            while let active = node {
                space.toExit.insert(active)
                node = space.configuration.next(from: active + 1, below: end)
            }
        }
    }

    /// Remembers, for each history child of `parent`, the states its kind records.
    @inlinable
    mutating func recordHistory(of parent: Int) {
        let end = Int(chart.nodes[parent].end)
        var child = parent + 1
        while child < end {
            let node = chart.nodes[child]
            if node.isHistory {
                let slot = Int(node.historySlot)
                space.history[slot].removeAll()
                var active = space.configuration.next(from: parent + 1, below: end)
                while let member = active {
                    let keep = node.kind == .deepHistory ? chart.nodes[member].isAtomic : Int(chart.nodes[member].parent) == parent
                    if keep { space.history[slot].insert(member) }
                    active = space.configuration.next(from: member + 1, below: end)
                }
            }
            child = Int(node.end)
        }
    }

    /// SCXML's `getTransitionDomain`: the state whose descendants a transition exits and enters;
    /// -1 for a transition without targets.
    @inlinable
    func transitionDomain(_ transition: Int) -> Int {
        let info = chart.transitions[transition]
        if info.domain != -2 { return Int(info.domain) }
        let source = Int(info.source)
        if info.isInternal && chart.nodes[source].isCompound
            && allEffectiveTargets(of: transition, satisfy: { isDescendant($0, of: source) }) {
            return source
        }
        // findLCCA([source] + effective targets)
        var ancestor = Int(chart.nodes[source].parent)
        while ancestor > 0 {
            if chart.nodes[ancestor].isCompound
                && allEffectiveTargets(of: transition, satisfy: { isDescendant($0, of: ancestor) }) {
                return ancestor
            }
            ancestor = Int(chart.nodes[ancestor].parent)
        }
        return 0
    }

    /// Whether every state of SCXML's `getEffectiveTargetStates` satisfies `test`: targets,
    /// with history states replaced by what they remember or by their default targets.
    @inlinable
    func allEffectiveTargets(of transition: Int, satisfy test: (Int) -> Bool) -> Bool {
        let info = chart.transitions[transition]
        for position in Int(info.targetStart) ..< Int(info.targetStart + info.targetCount) {
            let target = Int(chart.targets[position])
            let node = chart.nodes[target]
            if node.isHistory {
                let remembered = space.history[Int(node.historySlot)]
                if !remembered.isEmpty {
                    for member in remembered.members where !test(member) { return false }
                } else if chart.transitions[Int(node.initialTransition)].targetCount > 0 {
                    if !allEffectiveTargets(of: Int(node.initialTransition), satisfy: test) { return false }
                } else if !defaultEntryTargets(of: Int(node.parent)).allSatisfy(test) {
                    return false
                }
            } else if !test(target) {
                return false
            }
        }
        return true
    }

    /// The states a compound or parallel state's default entry targets.
    @inlinable
    func defaultEntryTargets(of node: Int) -> [Int] {
        if chart.nodes[node].kind == .parallel { return childStates(of: node) }
        let initial = chart.transitions[Int(chart.nodes[node].initialTransition)]
        return (0 ..< Int(initial.targetCount)).map { Int(chart.targets[Int(initial.targetStart) + $0]) }
    }

    /// The child states of `node` in document order, history states left out.
    @inlinable
    func childStates(of node: Int) -> [Int] {
        var children: [Int] = []
        var child = node + 1
        while child < Int(chart.nodes[node].end) {
            if !chart.nodes[child].isHistory { children.append(child) }
            child = Int(chart.nodes[child].end)
        }
        return children
    }
}
