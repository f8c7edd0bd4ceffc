public import Statecraft
import Synchronization

/// An SCXML session in the form a `MachineRuntime` (module `StatecraftRuntime`) runs: events from any
/// task, delayed sends on the runtime's clock, observation, and state hooks by state id.
///
/// ```swift
/// let runtime = MachineRuntime(SCXMLMachine(document: document))
/// let delivery = await runtime.send(SCXMLEvent("go"))
/// print(delivery.step?.snapshot.activeStates ?? [])
/// ```
///
/// A session is not thread-safe, and copies of this struct share one. The wrapper is
/// `Sendable` without any unchecked promise: the session lives inside a `Mutex`, every member
/// reaches it under that lock, and no member hands the session itself out. A session given to
/// ``init(session:)`` is `sending`: the caller can no longer touch it afterwards, so nothing
/// outside the lock keeps a reference (configure it, for example its `logHandler`, before).
public struct SCXMLMachine: RunnableMachine, Sendable {
    /// The session, reachable only under its lock.
    let storage: SessionStorage

    /// Holds the session. A class, because a `Mutex` cannot be copied; `Sendable` because a
    /// `Mutex` is, whatever it guards.
    final class SessionStorage: Sendable {
        let mutex: Mutex<SCXMLSession>
        /// The messages for other machines, when the machine was made to send any
        /// (``init(session:messageTargetPrefix:)``).
        let outbox: SCXMLMessageOutbox?

        init(_ session: sending SCXMLSession, outbox: SCXMLMessageOutbox?) {
            mutex = Mutex(session)
            self.outbox = outbox
        }
    }

    /// Runs `body` on the session under its lock.
    func locked<Result: Sendable>(_ body: (SCXMLSession) -> Result) -> Result {
        storage.mutex.withLock { session in body(session) }
    }

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
    /// - Parameter session: The session. It is `sending`: the wrapper takes it over, and the
    ///   caller cannot use it afterwards.
    public init(session: sending SCXMLSession) {
        self.init(session: session, messageTargetPrefix: nil, starting: true)
    }

    /// Wraps a session whose `<send>`s to targets that start with `messageTargetPrefix` become
    /// messages for other machines (``takeMessages()``), starting it if it has not started.
    ///
    /// A send whose target is the prefix followed by a machine's id, without a delay, is taken
    /// out as a `MachineMessage` to that id, its event encoded as ``SCXMLDurableEvent``; any
    /// other send to such a target fails as sends to unknown targets do (`error.execution`).
    /// The durable store makes its SCXML machines so, with the prefix `durable:`. The session's
    /// own `externalSendHandler` is replaced.
    ///
    /// - Parameters:
    ///   - session: The session, taken over as by ``init(session:)``.
    ///   - messageTargetPrefix: The prefix of the targets that name other machines.
    public init(session: sending SCXMLSession, messageTargetPrefix: String) {
        self.init(session: session, messageTargetPrefix: messageTargetPrefix, starting: true)
    }

    /// Wraps a session, installing the outbox when there is a prefix (before the session
    /// starts, so that the sends of its initial entry are messages too) and starting it when
    /// `starting` (a restored session is not started again).
    init(session: sending SCXMLSession, messageTargetPrefix: String?, starting: Bool) {
        var outbox: SCXMLMessageOutbox?
        if let messageTargetPrefix {
            let made = SCXMLMessageOutbox(prefix: messageTargetPrefix)
            session.externalSendHandler = { event, target, delay in made.take(event, target: target, delay: delay) }
            outbox = made
        }
        if starting { session.start() }
        storage = SessionStorage(session, outbox: outbox)
    }

    /// Processes the event and everything it causes at the current instant.
    ///
    /// - Parameter event: The event.
    /// - Returns: The configuration after it.
    public mutating func send(_ event: SCXMLEvent) -> Outcome {
        locked { session in
            session.send(event)
            return Outcome(activeStates: session.activeStates, finalState: session.finalState)
        }
    }

    /// The time on the session's clock.
    public var now: Duration { locked { $0.now } }

    /// When the next delayed send is due.
    public var nextDeadline: Duration? { locked { $0.nextDeadline } }

    /// Moves the clock to `instant`, delivering every delayed send due by then.
    ///
    /// - Parameter instant: The new time.
    /// - Returns: How many delayed sends were delivered.
    public mutating func advance(to instant: Duration) -> Int {
        locked { $0.advance(to: instant) }
    }

    /// The session's state as a value.
    public var snapshot: Snapshot {
        locked { session in
            Snapshot(
                activeStates: session.activeStates, status: session.isFinished ? .done : .running,
                finalState: session.finalState, now: session.now, doneData: session.doneData
            )
        }
    }

    /// `.done` once the session has ended.
    public var status: MachineStatus { locked { $0.isFinished ? .done : .running } }

    /// The active states, in document order.
    public var activeStates: [String] { locked { $0.activeStates } }

    /// Called after every transition the session takes.
    public var onTransition: (@Sendable (TakenTransition<String, SCXMLEvent>) -> Void)? {
        get { locked { $0.transitionListener } }
        nonmutating set { locked { $0.transitionListener = newValue } }
    }

    /// The document the session runs.
    public var document: SCXMLDocument { locked { $0.document } }

    /// The delayed sends waiting, in the order they will be delivered: each event and when it
    /// is due on the session's clock (with those of the sessions it invoked, which share the
    /// clock).
    ///
    /// Read on demand, under the session's lock: a tool that shows the session (the inspector)
    /// asks for it after a step; nothing of it is kept or made while nobody asks.
    public var pendingSends: [SCXMLPendingSend] {
        locked { session in session.group.pending.map { SCXMLPendingSend(event: $0.event, due: $0.due) } }
    }

    /// The datamodel's variables as values, in the order the datamodel lists them (one
    /// declared without a value is ``SCXMLValue/undefined``); `nil` when they cannot be saved
    /// as values (a variable holding a function, say), as ``SCXMLSession/snapshot()`` says.
    ///
    /// Read on demand, under the session's lock, as ``pendingSends`` is.
    public var variables: [SCXMLMember]? {
        locked { session in try? session.snapshot().variables }
    }

    /// The most recent faults of the session and the sessions it invoked, oldest first (see
    /// ``SCXMLSession/faults``): each time a limit cut something short.
    ///
    /// Read on demand, under the session's lock, as ``pendingSends`` is. A `MachineRuntime`
    /// running this machine also logs each fault once and publishes it (its `recentFaults` and
    /// `faults(buffering:)`), through ``takeFaults()``.
    public var faults: [EngineFault] {
        locked { $0.faults }
    }

    /// How many faults the session's group has reported since it was made.
    public var faultCount: Int {
        locked { $0.faultCount }
    }

    /// The faults reported since the last call, oldest first (at most the last 1,000): what a
    /// `MachineRuntime` logs after each step.
    ///
    /// - Returns: The new faults.
    public mutating func takeFaults() -> [EngineFault] {
        locked { $0.takeNewFaults() }
    }

    /// Whether the session records the states it exits and enters.
    public var recordsStateChanges: Bool {
        get { locked { $0.recordsStateChanges } }
        nonmutating set { locked { $0.recordsStateChanges = newValue } }
    }

    /// The states exited and entered since the last call, in order.
    ///
    /// - Returns: The changes, oldest first.
    public mutating func takeStateChanges() -> [StateChange<String>] {
        locked { $0.takeStateChanges() }
    }
}

extension SCXMLMachine.Outcome: CustomStringConvertible {
    /// `in s1, s2`, and the final state once the session has ended.
    public var description: String {
        "in " + activeStates.joined(separator: ", ") + (finalState.map { "; ended in \($0)" } ?? "")
    }
}

extension SCXMLMachine.Snapshot: CustomStringConvertible {
    /// One line: the active states, the clock when it moved, and how the session ended.
    public var description: String {
        var parts = ["in " + activeStates.joined(separator: ", ")]
        if now != .zero { parts.append("clock at \(now)") }
        if let finalState {
            parts.append("ended in \(finalState)" + (doneData == .null ? "" : " with \(doneData)"))
        }
        return parts.joined(separator: "; ")
    }
}

/// A delayed `<send>` waiting to be delivered.
public struct SCXMLPendingSend: Hashable, Sendable {
    /// The event it delivers (its `sendID` is the `<send>`'s id, when it has one).
    public var event: SCXMLEvent
    /// When it is due, on the session's clock.
    public var due: Duration

    /// Describes a waiting send.
    ///
    /// - Parameters:
    ///   - event: The event it delivers.
    ///   - due: When it is due.
    public init(event: SCXMLEvent, due: Duration) {
        self.event = event
        self.due = due
    }
}
