public import Observation
import Synchronization

/// A running machine as an `@Observable` model, for SwiftUI: its ``snapshot`` follows the
/// runtime's, on the main actor.
///
/// ```swift
/// @State private var gate = MachineModel(turnstile.makeMachine(context: 0))
///
/// var body: some View {
///     Text("\(gate.snapshot.activeStates)")
///     Button("Coin") { gate.post(.coin) }
/// }
/// ```
///
/// The model makes and owns a ``MachineRuntime`` and reads its ``MachineRuntime/snapshots()``
/// sequence, so it sees every change in order; a view that reads ``snapshot`` is updated
/// after each one. Updates arrive on the main actor shortly after the runtime processes an
/// event: after `await send(_:)` returns, the new snapshot may still be on its way. When the
/// model goes away, so does its runtime (unless you keep a reference to it), and with it the
/// machine's timers and invocations.
@MainActor
@Observable
public final class MachineModel<Base: RunnableMachine & Sendable> {
    /// The machine's latest snapshot.
    public private(set) var snapshot: Base.Snapshot

    /// The runtime the model reads; send events through it, or through the model.
    @ObservationIgnored public let runtime: MachineRuntime<Base>

    /// The task that copies the runtime's snapshots into ``snapshot``.
    @ObservationIgnored private let updates = Mutex<Task<Void, Never>?>(nil)

    /// Starts running `machine` and follows its snapshots.
    ///
    /// - Parameters:
    ///   - machine: The machine.
    ///   - hooks: Work attached to states; none by default.
    ///   - policy: What to do with events that arrive during entry or exit work.
    ///   - clock: The clock delayed events wait on.
    public init(
        _ machine: Base,
        hooks: StateHooks<Base.StateID, Base.Event> = StateHooks(),
        policy: BusyPolicy = .queue,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        snapshot = machine.snapshot
        runtime = MachineRuntime(machine, hooks: hooks, policy: policy, clock: clock)
        let snapshots = runtime.snapshots()
        let task = Task { [weak self] in
            for await snapshot in snapshots {
                guard let self else { return }
                self.snapshot = snapshot
            }
        }
        updates.withLock { $0 = task }
    }

    deinit {
        updates.withLock { $0 }?.cancel()
    }

    /// Sends an event and waits until the machine has processed it.
    ///
    /// - Parameter event: The event.
    /// - Returns: What happened to it (see ``MachineRuntime/send(_:)``).
    @discardableResult
    public func send(_ event: Base.Event) async -> MachineRuntime<Base>.Delivery {
        await runtime.send(event)
    }

    /// Sends an event without waiting for it.
    ///
    /// - Parameter event: The event.
    public func post(_ event: Base.Event) {
        runtime.post(event)
    }
}
