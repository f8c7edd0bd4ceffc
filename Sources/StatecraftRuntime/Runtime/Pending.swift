/// Something waiting for its turn with the machine, in arrival order.
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
    func discard(_ reason: DiscardReason) {
        if case .event(_, let reply?) = self { reply.resume(returning: .discarded(reason)) }
    }
}

/// What is left to do once an item's synchronous part has run: entry and exit work to await,
/// then whom to tell.
struct Processed<Base: RunnableMachine & Sendable>: Sendable {
    /// Who waits for the item, and with what.
    enum Completion: Sendable {
        case none
        case reply(UnsafeContinuation<MachineRuntime<Base>.Delivery, Never>, MachineRuntime<Base>.Delivery)
        case barrier(UnsafeContinuation<Base.Snapshot, Never>, Base.Snapshot)
    }

    /// Exit work, then entry work, in the order to await them.
    var work: [@Sendable () async -> Void] = []
    var completion = Completion.none

    /// Resumes whoever waits for the item.
    func complete() {
        switch completion {
        case .none: break
        case .reply(let reply, let delivery): reply.resume(returning: delivery)
        case .barrier(let waiter, let snapshot): waiter.resume(returning: snapshot)
        }
    }
}

/// Marks the task running a runtime's entry and exit work, so that the runtime can tell when
/// that work calls it back.
enum RuntimeWork {
    /// The runtime whose entry or exit work the current task is running.
    @TaskLocal static var runtime: ObjectIdentifier?
}
