/// A running machine that a host drives: it takes one event at a time, keeps its timers on
/// its own clock, and can say which states it exits and enters.
///
/// This is the one contract between a machine and whatever runs it: the runtime's
/// `MachineRuntime` (module `StatecraftRuntime`), the durable store (module
/// `StatecraftDurable`, through the refinement ``StorableMachine``) and the inspector all
/// drive a machine through these members and never look inside it.
///
/// ``Machine`` conforms; an SCXML session conforms through `SCXMLMachine` (module
/// `StatecraftSCXML`). Another engine conforms by offering the same few members. A
/// `MachineRuntime` also needs the machine to be `Sendable` (a `Machine` is when its context
/// is), because it hands the machine from task to task, never to two at once.
public protocol RunnableMachine {
    /// The events the machine takes.
    associatedtype Event: Sendable
    /// The identity of a state.
    associatedtype StateID: Hashable & Sendable
    /// What one event did: a transition taken, or why none was.
    associatedtype Outcome: Sendable
    /// A transition the machine has taken, as its listener sees it.
    associatedtype Transition: Sendable
    /// The machine's state as a value.
    associatedtype Snapshot: Sendable

    /// Processes one event to completion (one macrostep, and any events the machine's own
    /// actions sent it).
    ///
    /// - Parameter event: The event.
    /// - Returns: What the event did.
    mutating func send(_ event: Event) -> Outcome

    /// The time on the machine's own clock.
    var now: Duration { get }

    /// When the machine's earliest pending timer is due, on its own clock; `nil` when none is.
    var nextDeadline: Duration? { get }

    /// Moves the machine's clock to `instant`, firing every timer due by then, in order.
    ///
    /// - Parameter instant: The new time on the machine's clock; an earlier one changes
    ///   nothing.
    /// - Returns: How many timers fired.
    mutating func advance(to instant: Duration) -> Int

    /// The machine's state as a value.
    var snapshot: Snapshot { get }

    /// Whether the machine still takes events.
    var status: MachineStatus { get }

    /// Every active state, in the order the machine entered them (document order).
    var activeStates: [StateID] { get }

    /// Called after every transition the machine takes, from inside ``send(_:)`` and
    /// ``advance(to:)``.
    var onTransition: (@Sendable (Transition) -> Void)? { get set }

    /// Whether the machine records the states it exits and enters, for
    /// ``takeStateChanges()``.
    var recordsStateChanges: Bool { get set }

    /// The states exited and entered since the last call, in order; empties the record.
    ///
    /// - Returns: The changes, oldest first.
    mutating func takeStateChanges() -> [StateChange<StateID>]

    /// The faults the machine reported in the ``send(_:)`` or ``advance(to:)`` just made (a
    /// loop cut at a limit, say), for the runtime to log and publish; none by default.
    ///
    /// The runtime calls it right after each ``send(_:)`` and each ``advance(to:)``, and once
    /// when it takes the machine (for the steps taken before). A `Machine` gives its
    /// `lastFault`; an SCXML session the faults of its group reported since the last call.
    ///
    /// - Returns: The new faults, oldest first.
    mutating func takeFaults() -> [EngineFault]

    /// Whether ``takeFaults()`` may have something to give: the runtime asks this after each
    /// step and calls ``takeFaults()`` only when it is `true`, so that a step without a fault
    /// costs one test. `true` by default (the runtime then always asks); a `Machine` answers
    /// from its fault flag.
    var mayHaveFaults: Bool { get }

    /// What a runtime's step (`MachineRuntime.Step`) keeps to give its snapshot when asked: the
    /// ``Snapshot`` itself by default, or something cheaper to keep from which it is built
    /// (a `Machine` keeps a `LazySnapshot`, which allocates nothing).
    associatedtype SnapshotSource: Sendable = Snapshot

    /// The machine's state now, as a ``SnapshotSource``; taken after every event whose sender
    /// waits for its step.
    var snapshotSource: SnapshotSource { get }

    /// The snapshot a source holds or builds.
    ///
    /// - Parameter source: A source taken with ``snapshotSource``.
    /// - Returns: The snapshot of the machine when the source was taken.
    static func snapshot(from source: SnapshotSource) -> Snapshot
}

extension RunnableMachine {
    /// None: a machine that reports no faults.
    ///
    /// - Returns: An empty array.
    @inlinable
    public mutating func takeFaults() -> [EngineFault] { [] }

    /// `true`: the runtime asks ``takeFaults()`` after every step.
    @inlinable
    public var mayHaveFaults: Bool { true }
}

extension RunnableMachine where SnapshotSource == Snapshot {
    /// The snapshot, built now.
    @inlinable
    public var snapshotSource: Snapshot { snapshot }

    /// The snapshot itself.
    ///
    /// - Parameter source: A snapshot.
    /// - Returns: `source`.
    @inlinable
    public static func snapshot(from source: Snapshot) -> Snapshot { source }
}
