/// Entering states (SCXML's `enterStates` and `computeEntrySet`), done events, and running a
/// macrostep to completion.
extension Machine {
    /// SCXML's `enterStates` for the transitions in `space.enabled`.
    @inlinable
    mutating func enterStates(trigger: Trigger<Event>?) {
        space.toEnter.removeAll()
        space.defaultEntry.removeAll()
        for node in space.touchedHistoryActions { space.defaultHistoryAction[Int(node)] = -1 }
        space.touchedHistoryActions.removeAll(keepingCapacity: true)
        computeEntrySet()
        let event = trigger?.userEvent
        let count = chart.nodes.count
        var next = space.toEnter.next(from: 1, below: count)
        while let entering = next {
            let info = chart.nodes[entering]
            space.configuration.insert(entering)
            runActions(start: info.entryStart, count: info.entryCount, event: event)
            if space.defaultEntry.contains(entering) {
                let initial = chart.transitions[Int(info.initialTransition)]
                if initial.action >= 0 { runAction(Int(initial.action), event: event) }
            }
            let historyDefault = Int(space.defaultHistoryAction[entering])
            if historyDefault >= 0, chart.transitions[historyDefault].action >= 0 {
                runAction(Int(chart.transitions[historyDefault].action), event: event)
            }
            if info.hasTimers { startTimers(of: entering) }
            if info.kind == .final { reachedFinal(entering) }
            next = space.toEnter.next(from: entering + 1, below: count)
        }
    }

    /// A final state was entered: its parent is done, perhaps its grandparent too, or, at the
    /// top level, the machine.
    @inlinable
    mutating func reachedFinal(_ final: Int) {
        let parent = Int(chart.nodes[final].parent)
        if parent == 0 {
            finished = true
            return
        }
        let data = chart.doneData[final].map { $0(storedContext) } ?? nil
        space.internalQueue.append(.done(node: Int32(parent), data: data))
        let grandparent = Int(chart.nodes[parent].parent)
        if grandparent > 0, chart.nodes[grandparent].kind == .parallel, isInFinalState(grandparent) {
            space.internalQueue.append(.done(node: Int32(grandparent), data: nil))
        }
    }

    /// SCXML's `isInFinalState`.
    @inlinable
    func isInFinalState(_ node: Int) -> Bool {
        let info = chart.nodes[node]
        var child = node + 1
        switch info.kind {
        case .compound:
            while child < Int(info.end) {
                if chart.nodes[child].kind == .final && space.configuration.contains(child) { return true }
                child = Int(chart.nodes[child].end)
            }
            return false
        case .parallel:
            while child < Int(info.end) {
                if !chart.nodes[child].isHistory && !isInFinalState(child) { return false }
                child = Int(chart.nodes[child].end)
            }
            return true
        default:
            return false
        }
    }

    /// SCXML's `computeEntrySet`, into `space.toEnter`, `space.defaultEntry` and the history
    /// default actions.
    @inlinable
    mutating func computeEntrySet() {
        var index = 0
        while index < space.enabled.count {
            let transition = Int(space.enabled[index])
            let info = chart.transitions[transition]
            if info.targetCount > 0 {
                for position in Int(info.targetStart) ..< Int(info.targetStart + info.targetCount) {
                    addDescendantStatesToEnter(Int(chart.targets[position]))
                }
                let ancestor = transitionDomain(transition)
                addAncestorsOfEffectiveTargets(of: transition, upTo: ancestor)
            }
            index += 1
        }
    }

    /// For each effective target of `transition`, SCXML's `addAncestorStatesToEnter`.
    @inlinable
    mutating func addAncestorsOfEffectiveTargets(of transition: Int, upTo ancestor: Int) {
        let info = chart.transitions[transition]
        for position in Int(info.targetStart) ..< Int(info.targetStart + info.targetCount) {
            let target = Int(chart.targets[position])
            let node = chart.nodes[target]
            guard node.isHistory else {
                addAncestorStatesToEnter(target, upTo: ancestor)
                continue
            }
            let remembered = space.history[Int(node.historySlot)]
            if !remembered.isEmpty {
                for member in remembered.members { addAncestorStatesToEnter(member, upTo: ancestor) }
            } else if chart.transitions[Int(node.initialTransition)].targetCount > 0 {
                addAncestorsOfEffectiveTargets(of: Int(node.initialTransition), upTo: ancestor)
            } else {
                // No default written: the parent's own default entry.
                for member in defaultEntryTargets(of: Int(node.parent)) {
                    addAncestorStatesToEnter(member, upTo: ancestor)
                }
            }
        }
    }

    /// SCXML's `addDescendantStatesToEnter`.
    @inlinable
    mutating func addDescendantStatesToEnter(_ state: Int) {
        let info = chart.nodes[state]
        if info.isHistory {
            let parent = Int(info.parent)
            let remembered = space.history[Int(info.historySlot)]
            if !remembered.isEmpty {
                let members = remembered.members
                for member in members { addDescendantStatesToEnter(member) }
                for member in members { addAncestorStatesToEnter(member, upTo: parent) }
                return
            }
            let fallback = Int(info.initialTransition)
            space.defaultHistoryAction[parent] = Int32(fallback)
            space.touchedHistoryActions.append(Int32(parent))
            let defaults = chart.transitions[fallback]
            if defaults.targetCount == 0 {
                // No default written: the parent's own default entry.
                enterDefaultDescendants(of: parent)
                return
            }
            let range = Int(defaults.targetStart) ..< Int(defaults.targetStart + defaults.targetCount)
            for position in range { addDescendantStatesToEnter(Int(chart.targets[position])) }
            for position in range { addAncestorStatesToEnter(Int(chart.targets[position]), upTo: parent) }
            return
        }
        space.toEnter.insert(state)
        enterDefaultDescendants(of: state)
    }

    /// The default entry below a state being entered: a compound state's initial transition,
    /// every region of a parallel state not already being entered.
    @inlinable
    mutating func enterDefaultDescendants(of state: Int) {
        let info = chart.nodes[state]
        switch info.kind {
        case .compound:
            space.defaultEntry.insert(state)
            let initial = chart.transitions[Int(info.initialTransition)]
            let range = Int(initial.targetStart) ..< Int(initial.targetStart + initial.targetCount)
            for position in range { addDescendantStatesToEnter(Int(chart.targets[position])) }
            for position in range { addAncestorStatesToEnter(Int(chart.targets[position]), upTo: state) }
        case .parallel:
            enterMissingRegions(of: state)
        default:
            break
        }
    }

    /// Enters every region of a parallel state that has no descendant being entered yet.
    @inlinable
    mutating func enterMissingRegions(of parallel: Int) {
        let end = Int(chart.nodes[parallel].end)
        var child = parallel + 1
        while child < end {
            let childEnd = Int(chart.nodes[child].end)
            if !chart.nodes[child].isHistory && !space.toEnter.containsAny(from: child + 1, below: childEnd) {
                addDescendantStatesToEnter(child)
            }
            child = childEnd
        }
    }

    /// SCXML's `addAncestorStatesToEnter`: the proper ancestors of `state` below `ancestor`,
    /// with the missing regions of any parallel one.
    @inlinable
    mutating func addAncestorStatesToEnter(_ state: Int, upTo ancestor: Int) {
        var node = Int(chart.nodes[state].parent)
        while node > 0 && node != ancestor {
            space.toEnter.insert(node)
            if chart.nodes[node].kind == .parallel { enterMissingRegions(of: node) }
            node = Int(chart.nodes[node].parent)
        }
    }

    // MARK: Running to completion

    /// The inner loop of SCXML's `mainEventLoop`: eventless transitions, then raised events,
    /// until neither is left, the machine finishes, or the microstep limit is reached.
    @inlinable
    mutating func runToCompletion() {
        var microsteps = 0
        while !finished {
            var trigger: Trigger<Event>?
            if case .selected = selectTransitions(nil, strict: false) {
                trigger = nil
            } else {
                guard space.internalHead < space.internalQueue.count else { break }
                let next = space.internalQueue[space.internalHead]
                space.internalHead += 1
                trigger = next
                guard case .selected = selectTransitions(next, strict: false) else { continue }
            }
            microsteps += 1
            if microsteps > Self.microstepLimit {
                space.lastFault = EngineFault(
                    code: .microstepLimit,
                    message: "the machine took \(Self.microstepLimit) microsteps without settling, in state '\(state)'; "
                        + "an eventless transition or raised event probably loops. The macrostep was cut and "
                        + "the internal queue dropped"
                )
                break
            }
            microstep(trigger: trigger)
        }
        space.internalQueue.removeAll(keepingCapacity: true)
        space.internalHead = 0
        if finished { exitAtFinish() }
    }

    /// SCXML's `exitInterpreter` for a machine that reached a top-level final state: exit
    /// actions of every active state in exit order, and no more timers. The configuration is
    /// kept, so ``state`` still names the final state.
    @inlinable
    mutating func exitAtFinish() {
        guard !space.exitedAtFinish else { return }
        space.exitedAtFinish = true
        space.timers.removeAll()
        let configuration = space.configuration
        var node = configuration.previous(below: chart.nodes.count, from: 1)
        while let exiting = node {
            let info = chart.nodes[exiting]
            runActions(start: info.exitStart, count: info.exitCount, event: nil)
            node = configuration.previous(below: exiting, from: 1)
        }
    }

    /// Processes events the machine's actions sent to it, each as its own macrostep.
    @inlinable
    mutating func drainExternalQueue() {
        var macrosteps = 0
        while !finished && space.externalHead < space.externalQueue.count {
            macrosteps += 1
            if macrosteps > Self.microstepLimit {
                space.lastFault = EngineFault(
                    code: .externalQueueLimit,
                    message: "the machine's actions sent it \(Self.microstepLimit) events in a row without settling, "
                        + "in state '\(state)'; the rest of the external queue was dropped"
                )
                break
            }
            let event = space.externalQueue[space.externalHead]
            space.externalHead += 1
            _ = processExternal(.event(event), kind: event.kind)
        }
        space.externalQueue.removeAll(keepingCapacity: true)
        space.externalHead = 0
    }

    /// Moves what the last action asked for into the queues and timers.
    @inlinable
    mutating func applyEffects() {
        guard !space.effects.items.isEmpty else { return }
        for item in space.effects.items {
            switch item {
            case .raise(let event):
                space.internalQueue.append(.event(event))
            case .send(let event):
                space.externalQueue.append(event)
            case .schedule(let event, let delay, let id):
                schedule(.event(event), after: delay, id: id, owner: -1)
            case .cancel(let id):
                space.timers.removeAll { $0.id == id }
            }
        }
        space.effects.items.removeAll(keepingCapacity: true)
    }
}
