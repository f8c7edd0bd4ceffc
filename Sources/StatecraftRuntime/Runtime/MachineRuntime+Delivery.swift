import Statecraft

extension MachineRuntime {
    /// What happened to an event: the machine processed it, or the runtime discarded it.
    ///
    /// ```swift
    /// switch await runtime.send(.coin) {
    /// case .processed(let step): print(step.outcome, step.snapshot)
    /// case .queued:              print("queued behind the entry or exit work that sent it")
    /// case .discarded(let why):  print("discarded:", why)
    /// }
    /// ```
    public enum Delivery: Sendable {
        /// The machine processed the event, and any entry and exit work it caused is done.
        case processed(Step)
        /// The event was sent from the runtime's own entry or exit work: it waits behind that
        /// work, so its result cannot be awaited there. It will be processed in its turn.
        case queued
        /// The runtime never gave the event to the machine.
        case discarded(DiscardReason)

        /// The step, when the machine processed the event.
        public var step: Step? {
            if case .processed(let step) = self { step } else { nil }
        }

        /// What the machine did with the event, when it processed it.
        public var outcome: Base.Outcome? {
            step?.outcome
        }
    }

    /// One event processed by the machine: what it did, every transition taken, and the
    /// machine's snapshot afterwards.
    ///
    /// A step is a value, made without allocating for the usual event (one transition or
    /// none): its ``transitions`` array and, for a `Machine`, its ``snapshot`` are built when
    /// they are read, from what the step keeps (see `RunnableMachine.SnapshotSource`). Read
    /// each once and keep the result if you need it more than once.
    public struct Step: Sendable {
        /// The event.
        public let event: Base.Event
        /// What the machine did with it: for a `Machine`, a `SendResult` with
        /// the first transition taken or the rejection saying why none was.
        public let outcome: Base.Outcome
        @usableFromInline let taken: StepTransitions<Base.Transition>
        /// The machine's state right after the event, from which ``snapshot`` is built.
        public let snapshotSource: Base.SnapshotSource

        @inlinable
        init(
            event: Base.Event, outcome: Base.Outcome, taken: StepTransitions<Base.Transition>,
            snapshotSource: Base.SnapshotSource
        ) {
            self.event = event
            self.outcome = outcome
            self.taken = taken
            self.snapshotSource = snapshotSource
        }

        /// Every transition taken while the event was processed, in order: delayed
        /// transitions that fell due just before it, the event's own, then the eventless
        /// transitions and raised events that followed.
        ///
        /// - Complexity: O(*n*) for *n* transitions: each read builds the array.
        @inlinable
        public var transitions: [Base.Transition] { taken.array }

        /// The first transition taken while the event was processed, if any: the first of
        /// ``transitions``, without building the array.
        @inlinable
        public var firstTransition: Base.Transition? { taken.first }

        /// The machine's snapshot right after the event, before any entry or exit work ran.
        ///
        /// - Complexity: For a `Machine`, each read builds the snapshot (its active states,
        ///   history, context and timers) from the ``snapshotSource`` the step keeps.
        @inlinable
        public var snapshot: Base.Snapshot { Base.snapshot(from: snapshotSource) }
    }
}

extension MachineRuntime.Delivery: CustomStringConvertible {
    /// The step's line when the machine processed the event (`coin(cents: 25): locked ->
    /// unlocked`); otherwise what became of the event.
    public var description: String {
        switch self {
        case .processed(let step): step.description
        case .queued: "queued: sent from the runtime's own entry or exit work, it is processed in its turn"
        case .discarded(let reason): "discarded: \(reason)"
        }
    }
}

extension MachineRuntime.Step: CustomStringConvertible {
    /// The event and every transition it caused, in order, as one line: `coin(cents: 25):
    /// locked -> unlocked`, `push: unlocked -> locked, then locked -> idle`; the outcome
    /// (`rejected: ...`) when no transition was taken.
    public var description: String {
        macrostepLine(event: event, transitions: transitions, otherwise: outcome)
    }
}
