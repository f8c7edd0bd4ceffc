import Statecraft
import Synchronization

/// How items reach the machine: processed at once by a sender that finds the runtime idle, or
/// by the worker task that holds the machine while items wait or entry and exit work runs.
extension MachineRuntime {
    /// Takes an item in: processes it now when the runtime is idle, or leaves it to the task
    /// holding the machine.
    func submit(_ item: Pending<Base>) {
        switch core.withLock({ $0.arrive(item, policy: policy) }) {
        case .process(let machine):
            processInline(machine, item)
        case .wait, .ignore:
            break
        case .discard(let reason):
            item.discard(reason)
        case .supersede(let older):
            older.discard(.superseded)
        case .stoppedSnapshot(let snapshot):
            if case .barrier(let waiter) = item { waiter.resume(returning: snapshot) }
        case .afterWorker(let worker):
            guard case .barrier(let waiter) = item else { return }
            Task { [weak self] in
                await worker.value
                guard let snapshot = self?.core.withLock({ $0.machine?.snapshot }) else {
                    preconditionFailure("Statecraft: a stopped runtime's worker ended without storing its machine")
                }
                waiter.resume(returning: snapshot)
            }
        }
    }

    /// Processes an item on the calling task. Entry and exit work, and items that arrived
    /// meanwhile, go on in a worker task.
    private func processInline(_ machine: Base, _ item: Pending<Base>) {
        var held: Base? = machine
        let processed = process(&held, item)
        if processed.work.isEmpty {
            let release = core.withLock { state in
                state.release(&held) { machine in spawnWorker(machine, nil) }
            }
            finish(release)
            processed.complete()
        } else {
            let release = core.withLock { state in
                state.beginWork(&held) { machine in spawnWorker(machine, processed) }
            }
            finish(release)
            if case .stopped = release { processed.complete() }
        }
    }

    /// Starts the task that holds the machine while entry or exit work runs or items wait.
    private func spawnWorker(_ machine: Base, _ first: Processed<Base>?) -> Task<Void, Never> {
        // Weak, so that once `work` returns nothing of the task holds the runtime: `stop()`
        // awaits this task, and the runtime may go away right after. A task that awaits a
        // reply holds the runtime itself, so `self` is there while anyone waits.
        Task { [weak self] in await self?.work(machine, first) }
    }

    /// The worker: awaits the entry and exit work of each item, then processes the next one,
    /// until the queue is empty or the runtime stops.
    private func work(_ machine: Base, _ first: Processed<Base>?) async {
        var held: Base? = machine
        var current = first
        while true {
            if let processed = current, !processed.work.isEmpty {
                await RuntimeWork.$runtime.withValue(ObjectIdentifier(self)) {
                    for work in processed.work {
                        if Task.isCancelled { break }
                        await work()
                    }
                }
                core.withLock { $0.endWork() }
            }
            let release = core.withLock { $0.next(&held) }
            current?.complete()
            current = nil
            switch release {
            case .next(let item):
                current = process(&held, item)
            case .idle, .handedOver:
                return
            case .stopped:
                finish(release)
                return
            }
        }
    }

    /// Resumes the barriers a stopped runtime left.
    private func finish(_ release: RuntimeState<Base>.Release) {
        if case .stopped(let barriers, let snapshot?) = release {
            for waiter in barriers { waiter.resume(returning: snapshot) }
        }
    }

    // MARK: One item

    /// Runs the synchronous part of an item: the machine's step, then, under the lock,
    /// publishing, invocations, the timer, and collecting entry and exit work.
    private func process(_ held: inout Base?, _ item: Pending<Base>) -> Processed<Base> {
        guard var machine = held.take() else { preconditionFailure("Statecraft: a runtime processed without a machine") }
        defer { held = machine }
        var event: Base.Event?
        var outcome: Base.Outcome?
        var reply: UnsafeContinuation<Delivery, Never>?
        var barrier: UnsafeContinuation<Base.Snapshot, Never>?
        var attached: StateHooks<Base.StateID, Base.Event>?
        switch item {
        case .event(let sent, let waiting):
            catchUp(&machine)
            event = sent
            reply = waiting
            outcome = machine.send(sent)
        case .result(let produced, let invocation):
            guard core.withLock({ $0.finishInvocation(invocation) }) else { return Processed() }
            catchUp(&machine)
            outcome = machine.send(produced)
        case .tick:
            catchUp(&machine)
        case .attach(let hooks):
            machine.recordsStateChanges = true
            catchUp(&machine)
            attached = hooks
        case .barrier(let waiting):
            catchUp(&machine)
            barrier = waiting
        }
        let (exited, entered) = machine.recordsStateChanges ? machine.takeStateChanges().netChanges() : ([], [])
        let transitions = log.take()
        let changed = !transitions.isEmpty || !exited.isEmpty || !entered.isEmpty
        let deadline = machine.nextDeadline
        let done = machine.status == .done
        let active = attached == nil ? [] : machine.activeStates
        let current = machine
        return core.withLock { state in
            let needsSnapshot = reply != nil || barrier != nil || (changed && !state.snapshotSubscribers.isEmpty)
            let snapshot = needsSnapshot ? current.snapshot : nil
            if changed, let snapshot {
                for subscriber in state.snapshotSubscribers.values { subscriber.yield(snapshot) }
            }
            if !state.transitionSubscribers.isEmpty {
                for transition in transitions {
                    for subscriber in state.transitionSubscribers.values { subscriber.yield(transition) }
                }
            }
            var processed = Processed<Base>()
            if let reply, let event, let outcome, let snapshot {
                let step = Step(event: event, outcome: outcome, transitions: transitions, snapshot: snapshot)
                processed.completion = .reply(reply, .processed(step))
            } else if let barrier, let snapshot {
                processed.completion = .barrier(barrier, snapshot)
            }
            guard state.phase != .stopped else { return processed }
            for exit in exited { state.cancelInvocations(of: exit) }
            if done {
                state.cancelAllInvocations()
            } else {
                for entry in entered { startInvocations(state.hooks, of: entry, in: &state) }
                if let attached {
                    for entry in active { startInvocations(attached, of: entry, in: &state) }
                }
            }
            if deadline != state.timerDeadline {
                state.timer?.cancel()
                state.timer = deadline.map(startTimer)
                state.timerDeadline = deadline
            }
            processed.work = state.hooks.exitWork(for: exited) + state.hooks.entryWork(for: entered)
            if let attached {
                state.hooks.merge(attached)
                processed.work += attached.entryWork(for: active)
            }
            if !processed.work.isEmpty {
                state.inTransitionWork = true
                state.workSnapshot = snapshot ?? current.snapshot
            }
            return processed
        }
    }

    /// Moves the machine's clock to the runtime's, firing the timers due by now.
    private func catchUp(_ machine: inout Base) {
        let now = origin + clock.elapsed()
        if now > machine.now { _ = machine.advance(to: now) }
    }

    // MARK: Timers and invocations

    /// A task that sleeps until the machine's `deadline` and then asks for a tick.
    private func startTimer(_ deadline: Duration) -> Task<Void, Never> {
        let clock = clock
        let offset = deadline - origin
        return Task { [weak self] in
            do {
                try await clock.sleep(offset)
            } catch {
                return
            }
            self?.submit(.tick)
        }
    }

    /// Starts the invocations `hooks` declare for `entered`.
    private func startInvocations(
        _ hooks: StateHooks<Base.StateID, Base.Event>, of entered: Base.StateID, in state: inout RuntimeState<Base>
    ) {
        for invocation in hooks.invocations where invocation.state == entered {
            state.nextInvocation &+= 1
            let id = state.nextInvocation
            let task = Task { [weak self] in
                let event: Base.Event?
                do {
                    event = try await invocation.operation()
                } catch {
                    event = Task.isCancelled ? nil : invocation.onError(error)
                }
                // Cancelled: the state exited or the runtime stopped. Leave without touching
                // the runtime, which may be going away.
                if Task.isCancelled { return }
                guard let self else { return }
                if let event {
                    submit(.result(event, invocation: id))
                } else {
                    _ = core.withLock { $0.finishInvocation(id) }
                }
            }
            state.addInvocation(id, of: entered, task)
        }
    }
}
