/// The SCXML algorithm (W3C SCXML 1.0, Appendix D) for charts with hierarchy, parallel
/// states, history, eventless transitions, raised events and timers. Names follow the
/// recommendation's pseudo-code.
extension Machine {
    /// The workspace, which every hierarchical machine has.
    ///
    /// The invariant: `workspace` is `nil` exactly when the chart takes the leaf path
    /// (`chart.isFlat`); `start()` makes it for every other chart before anything reads it, and
    /// nothing sets it back to `nil`. Only the general path, the region steps and plans, which a
    /// leaf-path machine never reaches, read `space`. Debug builds check it.
    @inlinable
    var space: Workspace<Event> {
        assert(workspace != nil, "Statecraft: the general path was reached by a leaf-path machine of a flat chart")
        return workspace.unsafelyUnwrapped
    }

    /// Copies the workspace if another machine value shares it.
    @inlinable
    mutating func makeWorkspaceUnique() {
        if !isKnownUniquelyReferenced(&workspace) { workspace = space.copy() }
    }

    // MARK: Sets

    /// The configuration and the scratch sets (see `Workspace.words`).
    @inlinable
    var words: UnsafeMutablePointer<UInt64> { space.words }

    /// One run of `words`.
    @inlinable
    func set(_ run: Int) -> UnsafeMutablePointer<UInt64> { space.words + run &* chart.setWords }

    /// The transitions the current microstep takes.
    @inlinable
    var enabled: UnsafeMutableBufferPointer<Int32> {
        UnsafeMutableBufferPointer(start: space.chosen, count: space.chosenCount)
    }

    /// Adds a transition to those the microstep takes.
    @inlinable
    func appendEnabled(_ transition: Int32) {
        space.chosen[space.chosenCount] = transition
        space.chosenCount &+= 1
    }

    /// The first active node in `start ..< nodes`, in document order.
    @inlinable
    func nextActive(from start: Int) -> Int? {
        StateSet.next(words, from: start, below: chart.nodes.count)
    }

    /// Empties one run of `words`.
    @inlinable
    func clearSet(_ run: Int) {
        set(run).update(repeating: 0, count: chart.setWords)
    }

    /// Keeps the configuration the coming microstep was selected in, for `Effects.isActive(_:)`:
    /// the general path changes the configuration state by state, the fast paths after every
    /// action, and actions must not be able to tell. Only an action that takes ``Effects`` can
    /// ask, so a chart without one skips the copy.
    @inlinable
    @inline(__always)
    func noteSelectedConfiguration() {
        guard chart.usesEffects else { return }
        set(MachineSets.selected).update(from: words, count: chart.setWords)
    }

    /// SCXML's `interpret`: enters the initial configuration and runs to completion.
    @inlinable
    mutating func start() {
        workspace = chart.makeWorkspace()
        dequeued(nil)
        appendEnabled(chart.nodes[0].initialTransition)
        enterStates(trigger: nil)
        runToCompletion()
        drainExternalQueue()
    }

    @inlinable
    @inline(__always)
    mutating func sendHierarchical(_ event: Event) -> SendResult<State, Event.Kind> {
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        let result = processEvent(event)
        if space.externalHead < space.externalQueue.count { drainExternalQueue() }
        return result
    }

    /// Tells the chart's dequeue hook, if it has one, which event is now being processed.
    @inlinable
    mutating func dequeued(_ event: Event?) {
        guard let hook = chart.dequeueHook else { return }
        hook(&storedContext, event, ConfigurationView(words: words, nodeCount: chart.nodes.count))
    }

    /// One macrostep for an external trigger: select, take, run to completion.
    ///
    /// An event of yours (`kind` given) is selected strictly: a guard that throws rejects it
    /// with the error. A timer's trigger (`kind == nil`) is not: a guard that throws counts as
    /// false and is reported in ``lastFault`` (or raised, with ``StatechartOptions``).
    @inlinable
    mutating func processExternal(_ trigger: Trigger<Event>, kind: Event.Kind?) -> SendResult<State, Event.Kind> {
        dequeued(trigger.userEvent)
        let selection = selectTransitions(trigger, strict: kind != nil)
        // The state a rejection names: where the event found nothing, before the macrostep runs.
        var state = self.state
        switch selection {
        case .selected, .failed:
            // A guard that threw on a user's event rejects it and leaves the machine as it
            // was (nothing ran, and a strict selection raises no event), as the region path does.
            break
        case .none, .declined:
            // No transition: SCXML's main loop still runs the macrostep, so eventless
            // transitions are checked again and events raised while guards were evaluated
            // (guard errors delivered as events) are processed.
            if chart.hasEventless || space.internalHead < space.internalQueue.count { runToCompletion() }
        }
        switch selection {
        case .none:
            guard let kind else { return .handled(in: state) }
            return .rejected(Rejection(code: .noTransition, state: state, eventKind: kind))
        case .declined:
            guard let kind else { return .handled(in: state) }
            return .rejected(Rejection(code: .guardsDeclined, state: state, eventKind: kind))
        case .failed(let error, let transition):
            guard let kind else {
                // Not reached: a trigger without a kind is selected leniently, so no guard error
                // comes back; report it rather than trust that.
                space.lastFault = EngineFault(
                    code: .guardFailed, message: "a guard threw \(error) while a timer was processed",
                    location: chart.location(ofTransition: transition)
                )
                return .handled(in: state)
            }
            return .rejected(Rejection(
                code: .guardFailed, state: state, eventKind: kind,
                underlying: error, location: chart.location(ofTransition: transition)
            ))
        case .selected:
            state = self.state
            let first = chart.transitions[Int(enabled[0])]
            let source = chart.state(Int(first.source))
            let result: SendResult<State, Event.Kind> = first.targetCount > 0
                ? .transitioned(from: source, to: chart.state(Int(chart.targets[Int(first.targetStart)])))
                : .handled(in: source)
            microstep(trigger: trigger)
            runToCompletion()
            return result
        }
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
        /// `enabled` holds the optimal enabled transition set.
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

    /// The candidate transitions of an active atomic state for a trigger, in priority order.
    /// Used by `canSend`; selection reads table cells directly.
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
            if let errorEvent = chart.options.guardErrorEvent {
                space.internalQueue.append(.event(errorEvent(error)))
                return false
            }
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
        space.chosenCount = 0
        if chart.matchesByDescriptor, case .event(let event)? = trigger {
            return selectByDescriptor(event, strict: strict)
        }
        let table = trigger == nil ? chart.eventless : chart.table
        let cellColumn = trigger.map { column(for: $0) } ?? 0
        guard cellColumn >= 0 else { return .none }
        var sawCandidate = false
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for position in table.cell(state: leaf, event: cellColumn) {
                    sawCandidate = true
                    let transition = table.transition(at: position)
                    do {
                        if try offer(transition, trigger, strict: strict) { break }
                    } catch {
                        return .failed(error, transition: transition)
                    }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return finishSelection(sawCandidate: sawCandidate)
    }

    /// ``selectTransitions(_:strict:)`` for charts whose kinds are event descriptors.
    @usableFromInline
    mutating func selectByDescriptor(_ event: Event, strict: Bool) -> Selection {
        let columns = descriptorColumns(event)
        var sawCandidate = false
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for transition in descriptorCandidates(of: leaf, columns: columns) {
                    sawCandidate = true
                    do {
                        if try offer(transition, .event(event), strict: strict) { break }
                    } catch {
                        return .failed(error, transition: transition)
                    }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return finishSelection(sawCandidate: sawCandidate)
    }

    /// Adds a candidate to the enabled set when its guard allows, once; returns whether it
    /// was enabled, so the caller moves on to the next atomic state.
    @inlinable
    mutating func offer(_ transition: Int, _ trigger: Trigger<Event>?, strict: Bool) throws -> Bool {
        guard try isEnabled(transition, trigger, strict: strict) else { return false }
        if !enabled.contains(Int32(transition)) { appendEnabled(Int32(transition)) }
        return true
    }

    /// The end of a selection: what was found, conflicts removed.
    @inlinable
    mutating func finishSelection(sawCandidate: Bool) -> Selection {
        if enabled.isEmpty { return sawCandidate ? .declined : .none }
        if enabled.count > 1 { removeConflictingTransitions() }
        return .selected
    }

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

    /// SCXML's `microstep`: exit, run the transitions' actions, enter; then tell the listener.
    @inlinable
    mutating func microstep(trigger: Trigger<Event>?) {
        noteSelectedConfiguration()
        exitStates(trigger: trigger)
        let event = trigger?.userEvent
        for transition in enabled where chart.transitions[Int(transition)].action >= 0 {
            runAction(Int(chart.transitions[Int(transition)].action), event: event)
        }
        enterStates(trigger: trigger)
        assert(checkInvariants())
        if onTransition != nil {
            for transition in enabled {
                let info = chart.transitions[Int(transition)]
                notify(
                    chart.state(Int(info.source)),
                    info.targetCount > 0 ? chart.state(Int(chart.targets[Int(info.targetStart)])) : nil,
                    event
                )
            }
        }
    }

    /// SCXML's `exitStates`: records history, then exits the exit set in reverse document
    /// order, running exit actions and cancelling the exiting states' delayed transitions.
    @inlinable
    mutating func exitStates(trigger: Trigger<Event>?) {
        let configuration = set(MachineSets.configuration)
        let toExit = set(MachineSets.toExit)
        // SCXML's computeExitSet: the active descendants of each transition's domain.
        clearSet(MachineSets.toExit)
        var any = false
        for transition in enabled {
            let domain = transitionDomain(Int(transition))
            guard domain >= 0 else { continue }
            let end = Int(chart.nodes[domain].end)
            var node = StateSet.next(configuration, from: domain &+ 1, below: end)
            while let active = node {
                StateSet.insert(toExit, active)
                any = true
                node = StateSet.next(configuration, from: active &+ 1, below: end)
            }
        }
        guard any else { return }
        let count = chart.nodes.count
        var node = StateSet.previous(toExit, below: count, from: 1)
        while let exiting = node {
            if chart.nodes[exiting].hasHistoryChild { recordHistory(of: exiting) }
            node = StateSet.previous(toExit, below: exiting, from: 1)
        }
        let event = trigger?.userEvent
        node = StateSet.previous(toExit, below: count, from: 1)
        while let exiting = node {
            let info = chart.nodes[exiting]
            noteExit(exiting)
            info.forEachExitAction { runAction($0, event: event) }
            if info.hasTimers { space.timers.removeAll { $0.owner == Int32(exiting) } }
            StateSet.remove(configuration, exiting)
            node = StateSet.previous(toExit, below: exiting, from: 1)
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
                var active = StateSet.next(words, from: parent + 1, below: end)
                while let member = active {
                    let keep = node.kind == .deepHistory ? chart.nodes[member].isAtomic : Int(chart.nodes[member].parent) == parent
                    if keep { space.history[slot].insert(member) }
                    active = StateSet.next(words, from: member + 1, below: end)
                }
            }
            child = Int(node.end)
        }
    }
}
