/// Something waiting for its turn with the machine, in arrival order.
@usableFromInline
enum Pending<Base: RunnableMachine & Sendable>: Sendable {
    /// An event of yours; `reply` resumes the task awaiting it, if any.
    case event(Base.Event, reply: UnsafeContinuation<MachineRuntime<Base>.Delivery, Never>?)
    /// The event an invocation produced; ignored when that invocation is no longer live.
    case result(Base.Event, invocation: UInt64)
    /// A timer of the machine may be due.
    case tick
    /// Hooks to add; their entry work runs for the states active when their turn comes.
    case attach(StateHooks<Base.StateID, Base.Event>)
    /// A task waiting until everything before it is done; resumed with the snapshot then.
    case barrier(UnsafeContinuation<Base.Snapshot, Never>)

    /// Tells whoever waits on this item that the runtime discarded it.
    @inlinable
    func discard(_ reason: DiscardReason) {
        if case .event(_, let reply?) = self { reply.resume(returning: .discarded(reason)) }
    }
}

/// Who waits for an item once it is done, and with what.
@usableFromInline
enum Completion<Base: RunnableMachine & Sendable>: Sendable {
    case none
    case reply(UnsafeContinuation<MachineRuntime<Base>.Delivery, Never>, MachineRuntime<Base>.Delivery)
    case barrier(UnsafeContinuation<Base.Snapshot, Never>, Base.Snapshot)

    /// Resumes whoever waits.
    @inlinable
    func complete() {
        switch self {
        case .none: break
        case .reply(let reply, let delivery): reply.resume(returning: delivery)
        case .barrier(let waiter, let snapshot): waiter.resume(returning: snapshot)
        }
    }
}

/// What a worker is handed: entry and exit work to await, in order, then whom to tell.
@usableFromInline
struct Processed<Base: RunnableMachine & Sendable>: Sendable {
    @usableFromInline var work: [@Sendable () async -> Void]
    @usableFromInline var completion: Completion<Base>

    @inlinable
    init(work: [@Sendable () async -> Void], completion: Completion<Base>) {
        self.work = work
        self.completion = completion
    }
}

/// What a step left for the caller: the snapshot and transitions, when asked for, and whether
/// the machine was given back, and whether activity subscribers wait to hear of the event (see
/// ``MachineRuntime/activity(buffering:)``).
@usableFromInline
struct Finished<Base: RunnableMachine & Sendable> {
    @usableFromInline var snapshot: Base.Snapshot?
    @usableFromInline var transitions: StepTransitions<Base.Transition>
    /// Whether activity subscribers wait to hear of the event the step processed: then the
    /// machine was kept, for the caller to tell them before anyone else can step it.
    @usableFromInline var observed: Bool
    /// Whether the machine was given back in the lock that published the step.
    @usableFromInline var released = false
    /// Whether the runtime had stopped when the machine was given back.
    @usableFromInline var stopped = false

    @inlinable
    init(snapshot: Base.Snapshot?, transitions: StepTransitions<Base.Transition>, observed: Bool = false) {
        self.snapshot = snapshot
        self.transitions = transitions
        self.observed = observed
    }
}

/// Marks the task running a runtime's entry and exit work, so that the runtime can tell when
/// that work calls it back.
@usableFromInline
enum RuntimeWork {
    /// The runtime whose entry or exit work the current task is running.
    @usableFromInline @TaskLocal static var runtime: ObjectIdentifier?
}
