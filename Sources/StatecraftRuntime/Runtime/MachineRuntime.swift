public import Statecraft
public import Synchronization

/// A running machine's home in an app or a server: it takes events from any task or thread,
/// processes them one at a time in arrival order, fires delayed events on a real clock, runs
/// the work attached to states, and publishes what happens.
///
/// ```swift
/// let runtime = MachineRuntime(turnstile.makeMachine(context: 0))
/// let delivery = await runtime.send(.coin)
/// print(delivery)                       // coin: locked -> unlocked
/// runtime.post(.push)                   // fire and forget
/// for await snapshot in runtime.snapshots() { print(snapshot.activeStates) }
/// ```
///
/// **Order.** Each event runs to completion (its macrostep, then the events the machine's
/// actions sent it) before the next one starts; an event that arrives meanwhile waits in a
/// queue, so no two events ever interleave, and the machine chooses and commits each
/// transition without suspending. When the runtime is idle, the event is processed at once,
/// on the sender's own task or thread, with no hop to another executor; otherwise it waits
/// for the task that holds the machine to reach it.
///
/// **Time.** Delayed transitions and delayed sends wait on the clock given to the runtime
/// (`ContinuousClock` by default; a `ManualClock` from `StatecraftTesting` in tests). While
/// the machine has timers, its own clock follows the runtime's and is brought up to date
/// before every event, so the timers that are due fire first, in order; while it has none, it
/// stands still and no clock is read. See <doc:Runtime>.
///
/// **Entry and exit work.** ``StateHooks`` attach asynchronous work to states. The runtime
/// awaits it after the macrostep that caused it and before the next event, so a state's view
/// has left before the next state's view appears. Events that arrive meanwhile are queued,
/// dropped, or only the latest kept, as ``BusyPolicy`` says. See <doc:StateDrivenViews>.
///
/// **Observation.** ``snapshots()`` and ``transitions()`` give each subscriber every change,
/// in order. ``MachineModel`` mirrors the snapshots for SwiftUI.
///
/// **Stopping.** ``stop()`` cancels timers, invocations and running entry or exit work,
/// discards waiting events, finishes the observation sequences and releases the hooks; the
/// runtime then goes away with its last reference. Dropping the last reference without
/// stopping cancels timers and invocations too.
///
/// The runtime is `Sendable`: share it between any tasks and threads.
public final class MachineRuntime<Base: RunnableMachine & Sendable>: Sendable {
    @usableFromInline let core: Mutex<RuntimeState<Base>>
    /// The machine's box. Only the task that took it through `core` touches the machine.
    @usableFromInline let cell: MachineCell<Base>
    @usableFromInline let clock: RuntimeClock
    @usableFromInline let policy: BusyPolicy
    @usableFromInline let log: TransitionLog<Base.Transition>
    /// Where the machine's faults are written, besides ``recentFaults`` and ``faults(buffering:)``.
    @usableFromInline let faultLog: RuntimeFaultLog

    /// Starts running a machine.
    ///
    /// The machine keeps its listener: the runtime adds its own after it. When `hooks` are
    /// given, their entry work runs for the states the machine is in, and their invocations
    /// start, as if those states had just been entered.
    ///
    /// - Parameters:
    ///   - machine: The machine, in the state it is in; for a typed chart,
    ///     `chart.makeMachine(context:)`.
    ///   - hooks: Work attached to states; none by default.
    ///   - policy: What to do with events that arrive during entry or exit work; they are
    ///     queued by default.
    ///   - clock: The clock delayed events wait on.
    ///   - faultLog: Where each fault of the machine is written (a loop cut at a limit, see
    ///     ``recentFaults``): one line on standard error by default.
    @inlinable
    public convenience init(
        _ machine: Base,
        hooks: StateHooks<Base.StateID, Base.Event> = StateHooks(),
        policy: BusyPolicy = .queue,
        clock: some Clock<Duration> = ContinuousClock(),
        faultLog: RuntimeFaultLog = .standardError
    ) {
        var machine = machine
        let log = TransitionLog<Base.Transition>()
        let previous = machine.onTransition
        machine.onTransition = { transition in
            log.append(transition)
            previous?(transition)
        }
        let hasTimers = machine.nextDeadline != nil
        // A fault of the steps the machine took before the runtime had it (its start).
        let earlier = machine.takeFaults()
        self.init(running: machine, log: log, clock: RuntimeClock(clock), policy: policy, faultLog: faultLog)
        if !earlier.isEmpty { reportFaults(earlier) }
        if !hooks.isEmpty {
            submit(.attach(hooks))
        } else if hasTimers {
            submit(.tick)
        }
    }

    /// Takes a machine whose listener already writes to `log`.
    @usableFromInline
    init(
        running machine: Base, log: TransitionLog<Base.Transition>, clock: RuntimeClock, policy: BusyPolicy,
        faultLog: RuntimeFaultLog = .standardError
    ) {
        self.log = log
        self.faultLog = faultLog
        self.clock = clock
        self.policy = policy
        let cell = MachineCell(machine)
        self.cell = cell
        self.core = Mutex(RuntimeState(cell: cell))
    }

    deinit {
        let leftovers = core.withLockAnnotated { $0.stop() }
        for task in leftovers.tasks { task.cancel() }
        for subscriber in leftovers.snapshotSubscribers { subscriber.finish() }
        for subscriber in leftovers.transitionSubscribers { subscriber.finish() }
        for subscriber in leftovers.activitySubscribers { subscriber.finish() }
        for subscriber in leftovers.faultSubscribers { subscriber.finish() }
    }

    // MARK: Sending

    /// Sends an event and waits until the machine has processed it and any entry and exit
    /// work it caused is done.
    ///
    /// - Parameter event: The event.
    /// - Returns: ``Delivery/processed(_:)`` with what the machine did, every transition it
    ///   took and its snapshot; or ``Delivery/discarded(_:)`` when the runtime is stopped or
    ///   its ``BusyPolicy`` discarded the event. Called from this runtime's own entry or exit
    ///   work, it queues the event and returns ``Delivery/queued`` at once, since waiting
    ///   there would wait for itself.
    /// - Complexity: When the runtime is idle, the cost of the machine's step plus two lock
    ///   acquisitions: the event is processed on the caller's executor (the main actor, say),
    ///   with no hop to another executor and no task created. For a `Machine`, nothing is
    ///   allocated when the event takes at most one transition and nobody subscribes to
    ///   snapshots: the step's snapshot is built when it is read.
    @inlinable
    @discardableResult
    nonisolated(nonsending)
    public func send(_ event: Base.Event) async -> Delivery {
        switch processIfIdle(event) {
        case .done(let delivery):
            return delivery
        case .handOver(let cell, let work, let step):
            return await withUnsafeContinuation { reply in
                handOver(cell, work: work, then: .reply(reply, .processed(step)))
            }
        case .busy:
            break
        }
        if RuntimeWork.runtime == ObjectIdentifier(self) {
            post(event)
            return .queued
        }
        return await withUnsafeContinuation { reply in
            submit(.event(event, reply: reply))
        }
    }

    /// What ``send(_:)`` found when it tried to process its event at once.
    @usableFromInline
    enum Immediate {
        /// Processed, and the machine given back.
        case done(Delivery)
        /// Processed; the entry and exit work it caused goes to a worker.
        case handOver(MachineCell<Base>, [@Sendable () async -> Void], Step)
        /// Another task holds the machine.
        case busy
    }

    /// The synchronous part of ``send(_:)``: processes the event now when the runtime is idle.
    /// Kept out of the `async` function so that its locals live on the thread's stack rather
    /// than in the task's allocator.
    @inlinable
    func processIfIdle(_ event: Base.Event) -> Immediate {
        guard core.withLockAnnotated({ $0.takeIfIdle() }) else { return .busy }
        var work: [@Sendable () async -> Void] = []
        var released = false
        guard let step = processEvent(
            &cell.machine, &cell.anchor, event, wantsStep: true, releasing: true, released: &released, work: &work
        ) else {
            preconditionFailure("Statecraft: a runtime made no step for an event it processed")
        }
        return released ? .done(.processed(step)) : .handOver(cell, work, step)
    }

    /// Sends an event without waiting for it.
    ///
    /// When the runtime is idle, the event is processed before `post` returns, on the
    /// caller's thread, and only entry and exit work it causes continues on another task;
    /// otherwise it waits its turn. Call it from anywhere, actions and entry or exit work
    /// included.
    ///
    /// - Parameter event: The event.
    @inlinable
    public func post(_ event: Base.Event) {
        submit(.event(event, reply: nil))
    }

    /// Adds hooks to the running machine, in turn with the events sent before.
    ///
    /// When their turn comes, their entry work runs for the states the machine is in, and
    /// their invocations start for those states, as if the states had just been entered; from
    /// then on they run with every state change. A view uses it to start showing a view
    /// model's states (see ``StatePresenter/bind(to:)``).
    ///
    /// - Parameter hooks: The hooks to add.
    public func attach(_ hooks: StateHooks<Base.StateID, Base.Event>) {
        submit(.attach(hooks))
    }

    /// Waits until everything sent before has been processed, every timer due by the clock's
    /// time has fired, and the entry and exit work this caused is done.
    ///
    /// With a manual clock, `advance` the clock and then `settle()` to see the delayed events
    /// it made due. Called from this runtime's own entry or exit work, it returns at once.
    nonisolated(nonsending)
    public func settle() async {
        _ = await snapshot()
    }

    /// The machine's snapshot once everything sent before has been processed (as with
    /// ``settle()``).
    ///
    /// - Returns: The snapshot. Called from this runtime's own entry or exit work, the
    ///   snapshot after the step that work belongs to.
    nonisolated(nonsending)
    public func snapshot() async -> Base.Snapshot {
        if RuntimeWork.runtime == ObjectIdentifier(self), let current = core.withLockAnnotated({ $0.workSnapshot }) {
            return current
        }
        return await withUnsafeContinuation { waiter in
            submit(.barrier(waiter))
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool {
        core.withLockAnnotated { $0.phase == .stopped }
    }

    /// Stops the runtime: cancels its timers, its invocations and the entry or exit work
    /// running now, discards the events waiting (their senders get
    /// ``DiscardReason/stopped``), finishes every observation sequence and releases the
    /// hooks. Later events are discarded too.
    ///
    /// Returns once the entry or exit work that was running has returned, so that nothing of
    /// the runtime runs afterwards. Called from that work itself, it returns at once.
    nonisolated(nonsending)
    public func stop() async {
        let leftovers = core.withLockAnnotated { $0.stop() }
        for item in leftovers.discarded { item.discard(.stopped) }
        if let snapshot = leftovers.snapshot {
            for waiter in leftovers.barriers { waiter.resume(returning: snapshot) }
        }
        for task in leftovers.tasks { task.cancel() }
        for subscriber in leftovers.snapshotSubscribers { subscriber.finish() }
        for subscriber in leftovers.transitionSubscribers { subscriber.finish() }
        for subscriber in leftovers.activitySubscribers { subscriber.finish() }
        for subscriber in leftovers.faultSubscribers { subscriber.finish() }
        if let worker = leftovers.worker {
            worker.cancel()
            if RuntimeWork.runtime != ObjectIdentifier(self) { await worker.value }
        }
    }
}

extension MachineRuntime {
    /// Starts running a machine of `chart` in its initial configuration.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: The machine's extended state.
    ///   - hooks: Work attached to states; none by default.
    ///   - policy: What to do with events that arrive during entry or exit work.
    ///   - clock: The clock delayed events wait on.
    ///   - faultLog: Where each fault of the machine is written; standard error by default.
    public convenience init<State, Event, Context>(
        chart: Statechart<State, Event, Context>,
        context: Context,
        hooks: StateHooks<State, Event> = StateHooks(),
        policy: BusyPolicy = .queue,
        clock: some Clock<Duration> = ContinuousClock(),
        faultLog: RuntimeFaultLog = .standardError
    ) where Base == Machine<State, Event, Context> {
        self.init(chart.makeMachine(context: context), hooks: hooks, policy: policy, clock: clock, faultLog: faultLog)
    }
}
