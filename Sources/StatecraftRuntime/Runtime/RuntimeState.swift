public import Statecraft

/// Everything a ``MachineRuntime`` shares between tasks, kept behind its mutex: who holds the
/// machine, what waits for it, and the tasks and subscribers the runtime owns.
///
/// Each input is a `mutating` method that returns what the caller must do, outside the lock:
/// the lock is never held while the machine runs your actions or your entry and exit work.
///
/// The machine's cell is at home (`isHome`) while the runtime is idle or stopped. While it is
/// running, one task (the sender that found the runtime idle, or the runtime's worker task)
/// holds it, and everything that arrives waits in `queue`. The cell itself never moves: the
/// runtime and this state each keep a reference for the runtime's whole life, and `isHome`
/// says who may touch the machine, so that handing it over costs no reference counting.
@usableFromInline
struct RuntimeState<Base: RunnableMachine & Sendable> {
    @usableFromInline
    enum Phase {
        /// Nothing to do; the machine is in `cell`.
        case idle
        /// A task holds the machine and processes items.
        case running
        /// Stopped; the machine is in `cell`, or is on its way back from the worker.
        case stopped
    }

    /// What a newly arrived item should do.
    @usableFromInline
    enum Arrival {
        /// The runtime was idle: process the item now; the caller holds the machine.
        case process
        /// The item waits in the queue.
        case wait
        /// The item is discarded.
        case discard(DiscardReason)
        /// The item waits, and took the place of this older event.
        case supersede(Pending<Base>)
        /// The runtime is stopped: resume the barrier with this snapshot.
        case stoppedSnapshot(Base.Snapshot)
        /// The runtime is stopped and its worker is bringing the machine back: resume the
        /// barrier with the machine's snapshot once the worker has ended.
        case afterWorker(Task<Void, Never>)
        /// Nothing to do (a timer tick already waiting, or one that came after stop).
        case ignore
    }

    /// What the task holding the machine does next.
    @usableFromInline
    enum Release {
        /// The machine is stored; the runtime is idle.
        case idle
        /// A worker task took the machine to process the queue.
        case handedOver
        /// Process this item next.
        case next(Pending<Base>)
        /// The runtime stopped; the machine is stored. Resume the barriers that wait, with
        /// ``RuntimeState/takeStoppedBarriers()``.
        case stopped
    }

    /// What `stop()` found, for the caller to cancel, resume and finish outside the lock.
    struct Leftovers {
        var discarded: [Pending<Base>] = []
        var barriers: [UnsafeContinuation<Base.Snapshot, Never>] = []
        var snapshot: Base.Snapshot?
        var tasks: [Task<Void, Never>] = []
        var worker: Task<Void, Never>?
        var snapshotSubscribers: [AsyncStream<Base.Snapshot>.Continuation] = []
        var transitionSubscribers: [AsyncStream<Base.Transition>.Continuation] = []
        var activitySubscribers: [AsyncStream<MachineRuntime<Base>.Activity>.Continuation] = []
        var faultSubscribers: [AsyncStream<EngineFault>.Continuation] = []
    }

    @usableFromInline var phase = Phase.idle
    /// The machine's cell, the same one the runtime keeps.
    @usableFromInline let home: MachineCell<Base>
    /// Whether the machine is at home: no task holds it.
    @usableFromInline var isHome = true
    @usableFromInline var queue = ContiguousArray<Pending<Base>>()
    @usableFromInline var head = 0
    /// Whether entry or exit work is being awaited.
    @usableFromInline var inTransitionWork = false
    /// Under ``BusyPolicy/keepLatest``: where the one event that arrived during the current
    /// entry or exit work waits.
    @usableFromInline var latestIndex: Int?
    /// The snapshot after the step whose entry or exit work is being awaited.
    @usableFromInline var workSnapshot: Base.Snapshot?
    @usableFromInline var tickQueued = false
    @usableFromInline var hooks = StateHooks<Base.StateID, Base.Event>()

    @usableFromInline var worker: Task<Void, Never>?
    @usableFromInline var timer: Task<Void, Never>?
    @usableFromInline var timerDeadline: Duration?
    /// Per state, its running invocations.
    @usableFromInline var invocations: [Base.StateID: [(id: UInt64, task: Task<Void, Never>)]] = [:]
    /// Every running invocation, and its state.
    @usableFromInline var liveInvocations: [UInt64: Base.StateID] = [:]
    @usableFromInline var nextInvocation: UInt64 = 0

    @usableFromInline var snapshotSubscribers: [Int: AsyncStream<Base.Snapshot>.Continuation] = [:]
    @usableFromInline var transitionSubscribers: [Int: AsyncStream<Base.Transition>.Continuation] = [:]
    /// Subscribers of ``MachineRuntime/activity(buffering:)``; while there are none, no step is made for them.
    @usableFromInline var activitySubscribers: [Int: AsyncStream<MachineRuntime<Base>.Activity>.Continuation] = [:]
    @usableFromInline var nextSubscriber = 0
    /// Subscribers of ``MachineRuntime/faults(buffering:)``.
    @usableFromInline var faultSubscribers: [Int: AsyncStream<EngineFault>.Continuation] = [:]
    /// The machine's most recent faults, oldest first (``MachineRuntime/recentFaults``).
    @usableFromInline var recentFaults: [EngineFault] = []
    /// How many faults the machine reported (``MachineRuntime/faultCount``).
    @usableFromInline var faultCount = 0

    @usableFromInline
    init(cell: MachineCell<Base>) {
        home = cell
    }

    /// The machine's cell while it is at home; `nil` while a task holds it.
    @inlinable
    var cell: MachineCell<Base>? { isHome ? home : nil }

    // MARK: Arrivals

    /// An item arrives: take the machine and process it now, or queue it, or discard it.
    @inlinable
    mutating func arrive(_ item: Pending<Base>, policy: BusyPolicy) -> Arrival {
        switch phase {
        case .idle:
            phase = .running
            takeCell()
            return .process
        case .stopped:
            switch item {
            case .event:
                return .discard(.stopped)
            case .barrier:
                if let cell { return .stoppedSnapshot(cell.machine.snapshot) }
                if let worker { return .afterWorker(worker) }
                // The sender that processes an item now will store the machine and resume
                // the queued barriers.
                queue.append(item)
                return .wait
            case .result, .tick, .attach:
                return .ignore
            }
        case .running:
            switch item {
            case .tick:
                if tickQueued { return .ignore }
                tickQueued = true
            case .event where inTransitionWork:
                switch policy {
                case .queue:
                    break
                case .drop:
                    return .discard(.dropped)
                case .keepLatest:
                    if let index = latestIndex {
                        let older = queue[index]
                        queue[index] = item
                        return .supersede(older)
                    }
                    latestIndex = queue.count
                }
            default:
                break
            }
            queue.append(item)
            return .wait
        }
    }

    // MARK: Handing the machine on

    /// Takes the machine when the runtime is idle, for a sender to process its event at once.
    @inlinable
    mutating func takeIfIdle() -> Bool {
        guard phase == .idle else { return false }
        phase = .running
        takeCell()
        return true
    }

    /// The inline processor is done with its item: store the machine and go idle, or hand the
    /// machine to a new worker (made by `spawn`) when items wait.
    @inlinable
    mutating func release(_ held: MachineCell<Base>, spawn: (MachineCell<Base>) -> Task<Void, Never>) -> Release {
        if phase == .stopped { return storeAfterStop(held) }
        if head < queue.count {
            worker = spawn(held)
            return .handedOver
        }
        phase = .idle
        storeCell(held)
        return .idle
    }

    /// The worker is done with its item: the next item, or store the machine and go idle.
    @inlinable
    mutating func next(_ held: MachineCell<Base>) -> Release {
        if phase == .stopped { return storeAfterStop(held) }
        if head < queue.count {
            let item = queue[head]
            queue[head] = .tick
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            if case .tick = item { tickQueued = false }
            return .next(item)
        }
        phase = .idle
        storeCell(held)
        worker = nil
        return .idle
    }

    /// Entry or exit work is handed to a worker that `spawn` makes, unless the runtime stopped
    /// meanwhile; then the machine is stored and the work dropped.
    @inlinable
    mutating func beginWork(_ held: MachineCell<Base>, spawn: (MachineCell<Base>) -> Task<Void, Never>) -> Release {
        if phase == .stopped { return storeAfterStop(held) }
        worker = spawn(held)
        return .handedOver
    }

    /// Entry or exit work has been awaited to its end.
    @inlinable
    mutating func endWork() {
        inTransitionWork = false
        latestIndex = nil
        workSnapshot = nil
    }

    @inlinable
    mutating func storeAfterStop(_ held: MachineCell<Base>) -> Release {
        storeCell(held)
        worker = nil
        return .stopped
    }

    /// Once stopped with the machine stored: the barriers still waiting, and the snapshot to
    /// resume them with.
    @usableFromInline
    mutating func takeStoppedBarriers() -> (barriers: [UnsafeContinuation<Base.Snapshot, Never>], snapshot: Base.Snapshot?) {
        var barriers: [UnsafeContinuation<Base.Snapshot, Never>] = []
        for item in queue[head...] {
            if case .barrier(let waiter) = item { barriers.append(waiter) }
        }
        queue.removeAll()
        head = 0
        return (barriers, barriers.isEmpty ? nil : cell?.machine.snapshot)
    }

    @inlinable
    mutating func takeCell() {
        precondition(isHome, "Statecraft: the runtime is idle but its machine is not at home")
        isHome = false
    }

    @inlinable
    mutating func storeCell(_ held: MachineCell<Base>) {
        assert(held === home && !isHome, "Statecraft: a machine came home that was not away")
        isHome = true
    }

    /// A timer tick is being processed: the timer task is done (or stale), so the deadline
    /// left after the tick, if any, gets a new task.
    @usableFromInline
    mutating func timerFired() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    // MARK: Invocations

    /// Records a started invocation of `state`.
    @usableFromInline
    mutating func addInvocation(_ id: UInt64, of state: Base.StateID, _ task: Task<Void, Never>) {
        invocations[state, default: []].append((id, task))
        liveInvocations[id] = state
    }

    /// An invocation ended; returns whether it was still live (its state not exited since).
    @inlinable
    mutating func finishInvocation(_ id: UInt64) -> Bool {
        guard let state = liveInvocations.removeValue(forKey: id) else { return false }
        invocations[state]?.removeAll { $0.id == id }
        if invocations[state]?.isEmpty == true { invocations[state] = nil }
        return true
    }

    /// Cancels the invocations of `state`.
    @usableFromInline
    mutating func cancelInvocations(of state: Base.StateID) {
        guard let running = invocations.removeValue(forKey: state) else { return }
        for invocation in running {
            invocation.task.cancel()
            liveInvocations[invocation.id] = nil
        }
    }

    /// Cancels every invocation.
    @usableFromInline
    mutating func cancelAllInvocations() {
        for running in invocations.values {
            for invocation in running { invocation.task.cancel() }
        }
        invocations.removeAll()
        liveInvocations.removeAll()
    }

    // MARK: Stopping

    /// Stops the runtime: from now on it takes nothing. Returns what the caller must discard,
    /// resume, cancel and finish.
    mutating func stop() -> Leftovers {
        var leftovers = Leftovers()
        guard phase != .stopped else { return leftovers }
        phase = .stopped
        var kept = ContiguousArray<Pending<Base>>()
        for item in queue[head...] {
            switch item {
            case .event:
                leftovers.discarded.append(item)
            case .barrier(let waiter):
                if cell != nil { leftovers.barriers.append(waiter) } else { kept.append(item) }
            case .result, .tick, .attach:
                break
            }
        }
        queue = kept
        head = 0
        if !leftovers.barriers.isEmpty { leftovers.snapshot = cell?.machine.snapshot }
        leftovers.tasks = invocations.values.flatMap { $0.map(\.task) } + (timer.map { [$0] } ?? [])
        invocations.removeAll()
        liveInvocations.removeAll()
        timer = nil
        timerDeadline = nil
        leftovers.worker = worker
        leftovers.snapshotSubscribers = Array(snapshotSubscribers.values)
        leftovers.transitionSubscribers = Array(transitionSubscribers.values)
        leftovers.activitySubscribers = Array(activitySubscribers.values)
        leftovers.faultSubscribers = Array(faultSubscribers.values)
        snapshotSubscribers.removeAll()
        transitionSubscribers.removeAll()
        activitySubscribers.removeAll()
        faultSubscribers.removeAll()
        hooks = StateHooks()
        return leftovers
    }
}
