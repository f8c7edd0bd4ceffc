public import Statecraft

/// How items reach the machine: processed at once by a sender that finds the runtime idle, or
/// by the worker task that holds the machine while items wait or entry and exit work runs.
///
/// The path of an event sent to an idle runtime is inlinable, so that it is specialized for
/// the caller's machine: one lock to take the machine, the step, and one lock to publish what
/// changed and give the machine back.
extension MachineRuntime {
    // MARK: Arrivals

    /// Takes an item in: processes it now when the runtime is idle, or leaves it to the task
    /// holding the machine.
    @inlinable
    func submit(_ item: Pending<Base>) {
        switch core.withLockAnnotated({ $0.arrive(item, policy: policy) }) {
        case .process:
            processInline(cell, item)
        case .wait, .ignore:
            break
        case .discard(let reason):
            item.discard(reason)
        case .supersede(let older):
            older.discard(.superseded)
        case .stoppedSnapshot(let snapshot):
            if case .barrier(let waiter) = item { waiter.resume(returning: snapshot) }
        case .afterWorker(let worker):
            if case .barrier(let waiter) = item { resumeAfter(worker, waiter) }
        }
    }

    /// Processes an item on the calling task. Entry and exit work, and items that arrived
    /// meanwhile, go on in a worker task.
    @inlinable
    func processInline(_ cell: MachineCell<Base>, _ item: Pending<Base>) {
        var work: [@Sendable () async -> Void] = []
        var released = false
        let completion = process(cell, item, releasing: true, released: &released, work: &work)
        if released {
            completion.complete()
        } else if work.isEmpty {
            giveBack(cell)
            completion.complete()
        } else {
            handOver(cell, work: work, then: completion)
        }
    }

    /// Stores the machine and goes idle, or hands it to a worker when items wait.
    @inlinable
    func giveBack(_ cell: MachineCell<Base>) {
        let release = core.withLockAnnotated { state in
            state.release(cell) { cell in spawnWorker(cell, nil) }
        }
        if case .stopped = release { resumeStoppedBarriers() }
    }

    /// Hands the machine and the entry and exit work to a worker task, which completes the
    /// item once the work is done.
    @usableFromInline
    func handOver(_ cell: MachineCell<Base>, work: [@Sendable () async -> Void], then completion: Completion<Base>) {
        let first = Processed(work: work, completion: completion)
        let release = core.withLockAnnotated { state in
            state.beginWork(cell) { cell in spawnWorker(cell, first) }
        }
        if case .stopped = release {
            resumeStoppedBarriers()
            completion.complete()
        }
    }

    /// Starts the task that holds the machine while entry or exit work runs or items wait.
    @usableFromInline
    func spawnWorker(_ cell: MachineCell<Base>, _ first: Processed<Base>?) -> Task<Void, Never> {
        // Weak, so that once `work` returns nothing of the task holds the runtime: `stop()`
        // awaits this task, and the runtime may go away right after. A task that awaits a
        // reply holds the runtime itself, so `self` is there while anyone waits.
        Task { [weak self] in await self?.work(cell, first) }
    }

    /// The worker: awaits the entry and exit work of each item, then processes the next one,
    /// until the queue is empty or the runtime stops.
    @usableFromInline
    func work(_ cell: MachineCell<Base>, _ first: Processed<Base>?) async {
        var current = first
        while true {
            if let processed = current, !processed.work.isEmpty {
                await RuntimeWork.$runtime.withValue(ObjectIdentifier(self)) {
                    for work in processed.work {
                        if Task.isCancelled { break }
                        await work()
                    }
                }
                core.withLockAnnotated { $0.endWork() }
            }
            let release = core.withLockAnnotated { $0.next(cell) }
            current?.completion.complete()
            current = nil
            switch release {
            case .next(let item):
                var work: [@Sendable () async -> Void] = []
                var released = false
                let completion = process(cell, item, releasing: false, released: &released, work: &work)
                current = Processed(work: work, completion: completion)
            case .idle, .handedOver:
                return
            case .stopped:
                resumeStoppedBarriers()
                return
            }
        }
    }

    /// Resumes the barriers a stopped runtime left.
    @usableFromInline
    func resumeStoppedBarriers() {
        let (barriers, snapshot) = core.withLockAnnotated { $0.takeStoppedBarriers() }
        guard let snapshot else { return }
        for waiter in barriers { waiter.resume(returning: snapshot) }
    }

    /// Resumes a barrier that arrived after stop once the worker has brought the machine back.
    @usableFromInline
    func resumeAfter(_ worker: Task<Void, Never>, _ waiter: UnsafeContinuation<Base.Snapshot, Never>) {
        Task { [weak self] in
            await worker.value
            guard let snapshot = self?.core.withLockAnnotated({ $0.cell?.machine.snapshot }) else {
                preconditionFailure("Statecraft: a stopped runtime's worker ended without storing its machine")
            }
            waiter.resume(returning: snapshot)
        }
    }

    // MARK: One item

    /// Runs the synchronous part of an item and says whom to tell when it is done; entry and
    /// exit work to await is added to `work`.
    ///
    /// - Parameters:
    ///   - releasing: Whether to give the machine back, in the lock that publishes the step,
    ///     when the item leaves no entry or exit work; `released` then says whether it did.
    @inlinable
    func process(
        _ cell: MachineCell<Base>,
        _ item: Pending<Base>,
        releasing: Bool,
        released: inout Bool,
        work: inout [@Sendable () async -> Void]
    ) -> Completion<Base> {
        switch item {
        case .event(let event, let reply):
            let step = processEvent(
                &cell.machine, &cell.anchor, event, wantsStep: reply != nil, releasing: releasing, released: &released,
                work: &work
            )
            if let reply, let step { return .reply(reply, .processed(step)) }
            return .none
        case .result(let event, let invocation):
            guard core.withLockAnnotated({ $0.finishInvocation(invocation) }) else { return .none }
            _ = processEvent(
                &cell.machine, &cell.anchor, event, wantsStep: false, releasing: releasing, released: &released, work: &work
            )
            return .none
        case .tick:
            // The timer task has done its job: whatever deadline is left gets a new one.
            core.withLockAnnotated { $0.timerFired() }
            let timed = catchUp(&cell.machine, cell.anchor)
            released = finishStep(
                &cell.machine, &cell.anchor, timed: timed, wantsSnapshot: false, wantsTransitions: false,
                attached: nil, releasing: releasing, work: &work
            ).released
            return .none
        case .attach(let hooks):
            cell.machine.recordsStateChanges = true
            let timed = catchUp(&cell.machine, cell.anchor)
            released = finishStep(
                &cell.machine, &cell.anchor, timed: timed, wantsSnapshot: false, wantsTransitions: false,
                attached: hooks, releasing: releasing, work: &work
            ).released
            return .none
        case .barrier(let waiter):
            let timed = catchUp(&cell.machine, cell.anchor)
            let finished = finishStep(
                &cell.machine, &cell.anchor, timed: timed, wantsSnapshot: true, wantsTransitions: false, attached: nil,
                releasing: releasing, work: &work
            )
            released = finished.released
            guard let snapshot = finished.snapshot else { preconditionFailure("Statecraft: a barrier got no snapshot") }
            return .barrier(waiter, snapshot)
        }
    }

    /// Gives one event to the machine.
    ///
    /// - Parameters:
    ///   - releasing: Whether to give the machine back in the lock that publishes the step
    ///     when the event leaves no entry or exit work; `released` says whether it was.
    /// - Returns: The step, when `wantsStep`.
    @inlinable
    func processEvent(
        _ machine: inout Base,
        _ anchor: inout (machine: Duration, clock: Duration),
        _ event: Base.Event,
        wantsStep: Bool,
        releasing: Bool,
        released: inout Bool,
        work: inout [@Sendable () async -> Void]
    ) -> Step? {
        let timed = catchUp(&machine, anchor)
        let outcome = machine.send(event)
        // A fault is taken once (a finished machine's old one is not reported again).
        if _slowPath(machine.mayHaveFaults) { takeFaults(of: &machine) }
        // Taken before the machine may be given back: from then on another task may step it.
        let source = wantsStep ? machine.snapshotSource : nil
        let finished = finishStep(
            &machine, &anchor, timed: timed, wantsSnapshot: false, wantsTransitions: wantsStep, attached: nil,
            releasing: releasing, source: source, forEvent: true, work: &work
        )
        released = finished.released
        let taken = finished.transitions
        if _slowPath(finished.observed) {
            return tellActivity(&machine, event: event, outcome: outcome, taken: taken, source: source, wantsStep: wantsStep)
        }
        guard let source else { return nil }
        return Step(event: event, outcome: outcome, taken: taken, snapshotSource: source)
    }

    /// Tells activity subscribers of an event's step. Called while the machine is still held
    /// (``finishStep`` keeps it while they wait), so they hear of events in order; the lock is
    /// taken a second time only then, so an event nobody observes pays nothing for them. Kept
    /// out of line: inlined, it slows every send.
    ///
    /// - Returns: The step, when `wantsStep`.
    @inlinable
    @inline(never)
    func tellActivity(
        _ machine: inout Base, event: Base.Event, outcome: Base.Outcome, taken: StepTransitions<Base.Transition>,
        source: Base.SnapshotSource?, wantsStep: Bool
    ) -> Step? {
        let step = Step(event: event, outcome: outcome, taken: taken, snapshotSource: source ?? machine.snapshotSource)
        core.withLockAnnotated { state in
            for subscriber in state.activitySubscribers.values { subscriber.yield(.step(step)) }
        }
        return wantsStep ? step : nil
    }

    /// After the machine's step: under the lock, publishes what changed, reschedules the
    /// timer, and, when states were exited or entered, cancels and starts invocations and
    /// collects entry and exit work.
    ///
    /// - Parameters:
    ///   - timed: Whether the machine had timers, and its clock was brought up to date,
    ///     before the step.
    ///   - wantsSnapshot: Whether to return the snapshot.
    ///   - wantsTransitions: Whether to return the transitions.
    ///   - releasing: Whether to give the machine back in the same lock when the step leaves no
    ///     entry or exit work and no activity subscriber waits (``Finished/released`` says
    ///     whether it was).
    ///   - source: The step's snapshot source, when it holds the snapshot itself: used for
    ///     subscribers rather than building the snapshot twice.
    ///   - forEvent: Whether the step processed an event: the result then says whether activity
    ///     subscribers wait, for the caller to tell them about the event; otherwise they are told
    ///     here about the transitions timers took, if any.
    @inlinable
    func finishStep(
        _ machine: inout Base,
        _ anchor: inout (machine: Duration, clock: Duration),
        timed: Bool,
        wantsSnapshot: Bool,
        wantsTransitions: Bool,
        attached: StateHooks<Base.StateID, Base.Event>?,
        releasing: Bool,
        source: Base.SnapshotSource? = nil,
        forEvent: Bool = false,
        work: inout [@Sendable () async -> Void]
    ) -> Finished<Base> {
        // Only a machine with hooks records its state changes; the others skip the arrays.
        let changes = machine.recordsStateChanges ? machine.takeStateChanges().netChanges() : nil
        let moved = changes.map { !$0.exited.isEmpty || !$0.entered.isEmpty } ?? false
        let changed = !log.isEmpty || moved
        let deadline = machine.nextDeadline
        if deadline != nil, !timed {
            // The machine's clock stood still while it had no timer: it starts running now.
            anchor = (machine.now, clock.elapsed())
        }
        let done = machine.status == .done
        let current = anchor
        let statesMoved = moved || attached != nil || done
        // Made outside the lock when it is certainly needed; under it only for subscribers.
        let result = wantsSnapshot ? machine.snapshot : nil
        let finished = core.withLockAnnotated { state in
            let observed = !state.activitySubscribers.isEmpty
            let transitions =
                wantsTransitions || observed || !state.transitionSubscribers.isEmpty ? log.take() : log.clear()
            let publishes = changed && !state.snapshotSubscribers.isEmpty
            let tellsTimers = observed && !forEvent && !transitions.isEmpty
            let snapshot = result ?? (publishes || tellsTimers ? (source as? Base.Snapshot) ?? machine.snapshot : nil)
            if publishes, let snapshot {
                for subscriber in state.snapshotSubscribers.values { subscriber.yield(snapshot) }
            }
            if !transitions.isEmpty, !state.transitionSubscribers.isEmpty {
                transitions.forEach { transition in
                    for subscriber in state.transitionSubscribers.values { subscriber.yield(transition) }
                }
            }
            if tellsTimers, let snapshot {
                let taken = transitions.array
                for subscriber in state.activitySubscribers.values {
                    subscriber.yield(.timers(transitions: taken, snapshot: snapshot))
                }
            }
            var finished = Finished<Base>(snapshot: snapshot, transitions: transitions, observed: observed && forEvent)
            if state.phase != .stopped {
                if deadline != state.timerDeadline { reschedule(deadline, anchor: current, in: &state) }
                if statesMoved {
                    work = stateWork(
                        machine, exited: changes?.exited ?? [], entered: changes?.entered ?? [], attached: attached,
                        done: done, snapshot: snapshot, in: &state
                    )
                }
            }
            if releasing, work.isEmpty, !finished.observed {
                finished.released = true
                if case .stopped = state.release(cell, spawn: { cell in spawnWorker(cell, nil) }) {
                    finished.stopped = true
                }
            }
            return finished
        }
        if finished.stopped { resumeStoppedBarriers() }
        return finished
    }

    /// The part of an item's processing that only runs when states were exited or entered,
    /// hooks attached, or the machine finished: invocations cancelled and started, and the
    /// entry and exit work to await.
    @usableFromInline
    func stateWork(
        _ machine: Base,
        exited: [Base.StateID],
        entered: [Base.StateID],
        attached: StateHooks<Base.StateID, Base.Event>?,
        done: Bool,
        snapshot: Base.Snapshot?,
        in state: inout RuntimeState<Base>
    ) -> [@Sendable () async -> Void] {
        let active = attached == nil ? [] : machine.activeStates
        for exit in exited { state.cancelInvocations(of: exit) }
        if done {
            state.cancelAllInvocations()
        } else {
            for entry in entered { startInvocations(state.hooks, of: entry, in: &state) }
            if let attached {
                for entry in active { startInvocations(attached, of: entry, in: &state) }
            }
        }
        var work = state.hooks.exitWork(for: exited) + state.hooks.entryWork(for: entered)
        if let attached {
            state.hooks.merge(attached)
            work += attached.entryWork(for: active)
        }
        if !work.isEmpty {
            state.inTransitionWork = true
            state.workSnapshot = snapshot ?? machine.snapshot
        }
        return work
    }
}
