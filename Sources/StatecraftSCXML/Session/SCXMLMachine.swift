public import Statecraft
public import StatecraftRuntime

/// An SCXML session in the form a `MachineRuntime` (module `StatecraftRuntime`) runs: events from any
/// task, delayed sends on the runtime's clock, observation, and state hooks by state id.
///
/// ```swift
/// let runtime = MachineRuntime(SCXMLMachine(document: document))
/// let delivery = await runtime.send(SCXMLEvent("go"))
/// print(delivery.step?.snapshot.activeStates ?? [])
/// ```
///
/// The session inside is not thread-safe; the runtime hands it from task to task but never to
/// two at once, which is what makes this wrapper `Sendable`. Do not keep the session itself
/// elsewhere and use it while a runtime runs it.
public struct SCXMLMachine: RunnableMachine, @unchecked Sendable {
    /// The session it runs.
    public let session: SCXMLSession

    /// What one event did: the configuration after it, and whether the session ended.
    public struct Outcome: Hashable, Sendable {
        /// The active states after the event, in document order.
        public var activeStates: [String]
        /// The top-level final state reached, once the session has ended.
        public var finalState: String?
    }

    /// A session's state as a value.
    public struct Snapshot: Hashable, Sendable {
        /// The active states, in document order.
        public var activeStates: [String]
        /// Whether the session still takes events.
        public var status: MachineStatus
        /// The top-level final state reached, once the session has ended.
        public var finalState: String?
        /// The time on the session's clock.
        public var now: Duration
        /// The done data of the final state, once the session has ended.
        public var doneData: SCXMLValue
    }

    /// Starts a session of `document` (entering its initial states) and wraps it.
    ///
    /// - Parameter document: The document to run.
    public init(document: SCXMLDocument) {
        self.init(session: SCXMLSession(document: document))
    }

    /// Wraps a session, starting it if it has not started.
    ///
    /// - Parameter session: The session; the runtime takes it over.
    public init(session: SCXMLSession) {
        self.session = session
        session.start()
    }

    /// Processes the event and everything it causes at the current instant.
    ///
    /// - Parameter event: The event.
    /// - Returns: The configuration after it.
    public mutating func send(_ event: SCXMLEvent) -> Outcome {
        session.send(event)
        return Outcome(activeStates: session.activeStates, finalState: session.finalState)
    }

    /// The time on the session's clock.
    public var now: Duration { session.now }

    /// When the next delayed send is due.
    public var nextDeadline: Duration? { session.nextDeadline }

    /// Moves the clock to `instant`, delivering every delayed send due by then.
    ///
    /// - Parameter instant: The new time.
    /// - Returns: How many delayed sends were delivered.
    public mutating func advance(to instant: Duration) -> Int {
        session.advance(to: instant)
    }

    /// The session's state as a value.
    public var snapshot: Snapshot {
        Snapshot(
            activeStates: session.activeStates, status: status, finalState: session.finalState,
            now: session.now, doneData: session.doneData
        )
    }

    /// `.done` once the session has ended.
    public var status: MachineStatus { session.isFinished ? .done : .running }

    /// The active states, in document order.
    public var activeStates: [String] { session.activeStates }

    /// Called after every transition the session takes.
    public var onTransition: (@Sendable (TakenTransition<String, SCXMLEvent>) -> Void)? {
        get { session.transitionListener }
        nonmutating set { session.transitionListener = newValue }
    }

    /// Whether the session records the states it exits and enters.
    public var recordsStateChanges: Bool {
        get { session.recordsStateChanges }
        nonmutating set { session.recordsStateChanges = newValue }
    }

    /// The states exited and entered since the last call, in order.
    ///
    /// - Returns: The changes, oldest first.
    public mutating func takeStateChanges() -> [StateChange<String>] {
        session.takeStateChanges()
    }
}
