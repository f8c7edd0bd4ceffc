/// SCXML's `interpret` and `mainEventLoop` (W3C SCXML 1.0, Appendix D) for a machine on the
/// general path: one macrostep per external event, run to completion (eventless transitions,
/// then raised events), then the events the machine's actions sent it; and `exitInterpreter`
/// once it reaches a top-level final state. Names follow the recommendation's pseudo-code.
///
/// An event of yours enters at `processEvent(_:)` (`Machine+RegionPath`), which takes a plan or
/// the region steps when it can and `processExternal(_:strict:)` otherwise.
extension Machine {
    /// SCXML's `interpret`: enters the initial configuration and runs to completion.
    @inlinable
    mutating func start(recordingStateChanges: Bool = false, holdingSentEvents: Bool = false) {
        workspace = chart.makeWorkspace()
        if recordingStateChanges { space.recordsChanges = true }
        space.holdsSent = holdingSentEvents
        dequeued(nil)
        appendEnabled(chart.nodes[0].initialTransition)
        enterStates(event: nil)
        runToCompletion()
        if chart.macrostepHook != nil { afterMacrostep() }
        drainExternalQueue()
    }

    /// `send(_:)` on the general path: the workspace made unique and its last fault cleared,
    /// the macrostep, then the events the actions sent to this machine.
    @inlinable
    @inline(__always)
    mutating func sendHierarchical(_ event: Event) -> SendResult<State, Event.Kind> {
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        let result = processEvent(event)
        if space.externalHead < space.externalQueue.count { drainExternalQueue() }
        return result
    }

    /// Processes `event` as ``send(_:)`` does, after `prepare` has run with it in hand: SCXML's
    /// `<finalize>` (W3C SCXML 1.0, 6.5), which a host runs right before an event an invocation
    /// returned is taken from the external queue, so that the transitions are selected with
    /// what it changed.
    ///
    /// What `prepare` raises joins the internal queue ahead of the event's own: it is processed
    /// in the event's macrostep, after the event's microstep and the eventless transitions,
    /// and even when no transition takes the event. What it sends, schedules or cancels is
    /// handled as an action's would be.
    ///
    /// ```swift
    /// machine.send(.reply(answer)) { context, event, _ in
    ///     if case .reply(let answer) = event { context.lastAnswer = answer }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - prepare: Runs once, before any transition is selected; it does not run when the
    ///     machine is done. ``Effects/isActive(_:)`` answers with the configuration it runs in.
    /// - Returns: What ``send(_:)`` returns. A rejected event leaves the machine as `prepare`
    ///   left it: what it changed and raised stays.
    @discardableResult
    public mutating func send(
        _ event: Event,
        preparedBy prepare: (_ context: inout Context, _ event: Event, _ effects: inout Effects<Event>) -> Void
    ) -> SendResult<State, Event.Kind> {
        if finished {
            return .rejected(Rejection(code: .machineDone, state: state, eventKind: event.kind))
        }
        // What `prepare` raises waits in the internal queue, which only the general path has.
        if workspace == nil { moveToGeneralPath() }
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        set(MachineSets.selected).update(from: words, count: chart.setWords)
        prepare(&storedContext, event, &space.effects)
        applyEffects()
        // The general path: the plan and region steps start from an empty internal queue.
        let result = processExternal(.event(event), strict: true)
        if space.externalHead < space.externalQueue.count { drainExternalQueue() }
        return result
    }

    /// Tells the chart's dequeue hook, if it has one, which event is now being processed.
    @inlinable
    mutating func dequeued(_ event: Event?) {
        guard let hook = chart.dequeueHook else { return }
        hook(&storedContext, event, ConfigurationView(words: words, nodeCount: chart.nodes.count))
    }

    /// Keeps an event the machine takes for `Effects.lastEvent` and the chart's last-event field,
    /// when the chart asks for them (`StatechartOptions.actionsSeeLastEvent`,
    /// `Statechart.LastEventField`); a delayed transition's timer is no event.
    @inlinable
    @inline(__always)
    mutating func noteTaken(_ trigger: Trigger<Event>, _ source: TakenEvent<Event>.Source) {
        guard _slowPath(space.recordsTaken), case .event(let event) = trigger else { return }
        let taken = TakenEvent(event: event, source: source)
        space.lastTaken = taken
        if let field = chart.lastEventField { storedContext[keyPath: field] = taken }
    }

    /// One macrostep for an external trigger: select, take, run to completion.
    ///
    /// An event of yours (`strict`) is selected strictly: a guard that throws rejects it
    /// with the error. A timer's trigger is not: a guard that throws counts as false and is
    /// reported in ``lastFault`` (or raised, with ``StatechartOptions``). The event's kind and
    /// the state a rejection names are read only when the event is rejected.
    @inlinable
    mutating func processExternal(_ trigger: consuming Trigger<Event>, strict: Bool) -> SendResult<State, Event.Kind> {
        // Reported, so never nil.
        macrostep(trigger, strict: strict, reporting: true)!
    }

    /// ``processExternal(_:strict:)``, with the result made only when `reporting`: a host that
    /// drops it (an SCXML session's queue) does not pay for the states it names.
    ///
    /// The trigger is made optional once, here: selection and the microstep take it so.
    @inlinable
    @inline(__always)
    mutating func macrostep(_ taken: consuming Trigger<Event>, strict: Bool, reporting: Bool) -> SendResult<State, Event.Kind>? {
        noteTaken(taken, .external)
        // The event as actions see it, taken out of the trigger once for the whole macrostep.
        let event = taken.userEvent
        dequeued(event)
        let trigger: Trigger<Event>? = consume taken
        let selection = selectTransitions(trigger, strict: strict)
        switch selection {
        case .selected:
            var result: SendResult<State, Event.Kind>?
            if reporting {
                let first = chart.transitions[Int(enabled[0])]
                let source = chart.state(Int(first.source))
                result = first.targetCount > 0
                    ? .transitioned(from: source, to: chart.state(Int(chart.targets[Int(first.targetStart)])))
                    : .handled(in: source)
            }
            microstep(event: event)
            runToCompletion()
            return result
        case .failed(let error, let transition):
            // A guard that threw on a user's event rejects it and leaves the machine as it
            // was (nothing ran, and a strict selection raises no event), as the region path does.
            let state = self.state
            guard strict, case .event(let refused) = trigger else {
                // Not reached: a trigger without a kind is selected leniently, so no guard error
                // comes back; report it rather than trust that.
                space.lastFault = EngineFault(
                    code: .guardFailed, message: "a guard threw \(error) while a timer was processed",
                    location: chart.location(ofTransition: transition)
                )
                return .handled(in: state)
            }
            return .rejected(Rejection(
                code: .guardFailed, state: state, eventKind: refused.kind,
                underlying: error, location: chart.location(ofTransition: transition)
            ))
        case .none, .declined:
            // The state a rejection names: where the event found nothing, before the macrostep runs.
            let state: State? = reporting ? self.state : nil
            // No transition: SCXML's main loop still runs the macrostep, so eventless
            // transitions are checked again and events raised while guards were evaluated
            // (guard errors delivered as events) are processed.
            if chart.hasEventless || space.internalHead < space.internalQueue.count { runToCompletion() }
            guard let state else { return nil }
            guard strict, case .event(let refused) = trigger else { return .handled(in: state) }
            if case .none = selection {
                return .rejected(Rejection(code: .noTransition, state: state, eventKind: refused.kind))
            }
            return .rejected(Rejection(code: .guardsDeclined, state: state, eventKind: refused.kind))
        }
    }

    /// The inner loop of SCXML's `mainEventLoop`: eventless transitions, then raised events,
    /// until neither is left, the machine finishes, or the microstep limit is reached.
    ///
    /// The limit bounds every pass of the loop, not only those that take a microstep: a pass
    /// that dequeues a raised event and selects nothing counts too, so an eventless guard that
    /// throws on every evaluation (raising an error event each time) is cut as well.
    @inlinable
    mutating func runToCompletion() {
        var passes = 0
        while !finished {
            passes += 1
            if passes > Self.microstepLimit {
                space.lastFault = EngineFault(
                    code: .microstepLimit,
                    message: "the machine ran \(Self.microstepLimit) microsteps or raised events without settling, "
                        + "in state '\(state)'; an eventless transition or a raised event probably loops (or a guard "
                        + "throws each time it is asked). The macrostep was cut and the internal queue dropped"
                )
                break
            }
            // Nil for an eventless transition.
            var event: Event?
            if chart.hasEventless, case .selected = selectTransitions(nil, strict: false) {
                event = nil
            } else {
                guard space.internalHead < space.internalQueue.count else { break }
                let next = space.internalQueue[space.internalHead]
                space.internalHead += 1
                event = next.userEvent
                noteTaken(next, .internal)
                dequeued(event)
                guard case .selected = selectTransitions(next, strict: false) else {
                    if _slowPath(space.recordsUnhandled), let event { space.unhandled.append(event) }
                    continue
                }
            }
            microstep(event: event)
        }
        if !space.internalQueue.isEmpty {
            space.internalQueue.removeAll(keepingCapacity: true)
            space.internalHead = 0
        }
        if finished { exitAtFinish() }
    }

    /// Processes events the machine's actions sent to it, each as its own macrostep.
    @inlinable
    mutating func drainExternalQueue() {
        // Held for the owner, who takes them with `takeSentEvents()`.
        if _slowPath(space.holdsSent) { return }
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
            takeQueuedEvent(event)
        }
        space.externalQueue.removeAll(keepingCapacity: true)
        space.externalHead = 0
    }

    /// Runs the macrostep of an event taken from the external queue: the chart's external-event
    /// hook first (which may drop it), then the macrostep, then the chart's macrostep hook.
    @inlinable
    mutating func takeQueuedEvent(_ event: Event) {
        if let hook = chart.externalEventHook, !hook(&storedContext, event) { return }
        if chart.runsRegionSteps {
            _ = processEvent(event)
        } else {
            // The general path, whose result nobody reads here.
            _ = macrostep(.event(event), strict: true, reporting: false)
        }
        if chart.macrostepHook != nil { afterMacrostep() }
    }

    /// Calls the chart's macrostep hook after a macrostep, and runs the events it returns, each
    /// as a macrostep of its own followed by the hook again, until it returns none or the
    /// machine is done. Each fault is handed to the hook, not left in ``lastFault``.
    @inlinable
    mutating func afterMacrostep() {
        guard let hook = chart.macrostepHook else { return }
        var events = hook(&storedContext, finished, takeFault(), ConfigurationView(words: words, nodeCount: chart.nodes.count))
        var next = 0
        while next < events.count, !finished {
            let event = events[next]
            next &+= 1
            _ = processEvent(event)
            let more = hook(&storedContext, finished, takeFault(), ConfigurationView(words: words, nodeCount: chart.nodes.count))
            if !more.isEmpty {
                events = more
                next = 0
            }
        }
    }
}

/// The external queue as a host that takes turns among machines uses it (an SCXML session in
/// its group): events wait in the machine's external queue until the host lets the machine
/// take one, and each is then one macrostep with the chart's hooks around it.
extension Machine {
    /// Puts `event` on the external queue without processing it; ``processQueuedEvent()`` takes
    /// it in its turn. A machine that is done keeps what is queued and processes none of it.
    ///
    /// - Parameter event: The event.
    @inlinable
    package mutating func enqueue(_ event: Event) {
        if workspace == nil { moveToGeneralPath() }
        makeWorkspaceUnique()
        space.externalQueue.append(event)
    }

    /// How many events wait on the external queue.
    @inlinable
    package var queuedEventCount: Int {
        guard let workspace else { return 0 }
        return workspace.externalQueue.count &- workspace.externalHead
    }

    /// The events waiting on the external queue, the next first (for a snapshot).
    package var queuedEvents: [Event] {
        guard let workspace else { return [] }
        return Array(workspace.externalQueue[workspace.externalHead...])
    }

    /// Runs `event`'s macrostep at once, as ``processQueuedEvent()`` would after ``enqueue(_:)``,
    /// without putting it on the queue: for a host whose machine has nothing queued (check
    /// ``queuedEventCount``), the usual case, which then skips the queue's bookkeeping.
    ///
    /// - Parameter event: The event.
    /// - Returns: Whether the event was taken: `false` when the machine is done.
    @inlinable
    @discardableResult
    package mutating func processEventNow(_ event: Event) -> Bool {
        guard !finished else { return false }
        if workspace == nil { moveToGeneralPath() }
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        assert(space.externalHead == space.externalQueue.count, "processEventNow(_:) with events queued would overtake them")
        takeQueuedEvent(event)
        assert(checkInvariants())
        return true
    }

    /// Takes the next event of the external queue and runs its macrostep, with the chart's
    /// external-event hook before it and its macrostep hook after it (see
    /// `Statechart.ExternalEventHook` and `Statechart.MacrostepHook`). Unlike ``send(_:)``, the
    /// events still queued wait for the next call, so a host can take turns among machines.
    ///
    /// - Returns: Whether an event was taken: `false` when none waits or the machine is done.
    @inlinable
    @discardableResult
    package mutating func processQueuedEvent() -> Bool {
        guard !finished, queuedEventCount > 0 else { return false }
        makeWorkspaceUnique()
        if space.faulted { space.lastFault = nil }
        let event: Event
        if space.externalHead == 0 && space.externalQueue.count == 1 {
            // The one waiting (the usual case): moved out, not copied, and the storage kept.
            event = space.externalQueue.removeLast()
        } else {
            if space.externalHead > 64, space.externalHead &* 2 > space.externalQueue.count {
                space.externalQueue.removeFirst(space.externalHead)
                space.externalHead = 0
            }
            event = space.externalQueue[space.externalHead]
            space.externalHead &+= 1
            if space.externalHead == space.externalQueue.count {
                space.externalQueue.removeAll(keepingCapacity: true)
                space.externalHead = 0
            }
        }
        takeQueuedEvent(event)
        assert(checkInvariants())
        return true
    }

    /// SCXML's `exitInterpreter` for a machine that reached a top-level final state: exit
    /// actions of every active state in exit order (recorded as exits when
    /// ``recordsStateChanges`` is on), and no more timers or raised events, not even those the
    /// exit actions make (events they send are dropped with the rest of the external queue,
    /// which a finished machine does not process). The configuration is kept, so ``state``
    /// still names the final state.
    @inlinable
    mutating func exitAtFinish() {
        guard !space.exitedAtFinish else { return }
        space.exitedAtFinish = true
        noteSelectedConfiguration()
        // The configuration is kept: walk a copy, so exit actions see it unchanged.
        let configuration = StateSet(words: UnsafeBufferPointer(start: words, count: chart.setWords))
        var node = configuration.previous(below: chart.nodes.count, from: 1)
        while let exiting = node {
            chart.nodes[exiting].forEachExitAction { runAction($0, event: nil) }
            noteExit(exiting)
            node = configuration.previous(below: exiting, from: 1)
        }
        space.timers.removeAll()
        space.internalQueue.removeAll()
        space.internalHead = 0
    }
}

extension Machine {
    /// Stops the machine before its end, as SCXML 6.4 cancels an invoked session: the dequeue
    /// hook is told with no event (so actions that ask which states are active see the
    /// configuration), then `exitInterpreter` runs as at a finish: every active state exits in
    /// exit order, and timers, raised and queued events are dropped. The machine is done
    /// afterwards (``status`` is `.done` and it takes no more events); its host tells a
    /// cancelled machine from a finished one. Does nothing to a machine already done.
    package mutating func cancel() {
        guard !finished else { return }
        if workspace == nil { moveToGeneralPath() }
        makeWorkspaceUnique()
        dequeued(nil)
        finished = true
        exitAtFinish()
        space.externalQueue.removeAll()
        space.externalHead = 0
    }
}
