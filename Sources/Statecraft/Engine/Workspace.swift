/// The part of a hierarchical machine that is not a few words: configuration, history,
/// queues, timers, and scratch sets reused by every microstep so that a step allocates
/// nothing once warm.
///
/// A machine is a value, so its workspace is copied before it is written whenever another
/// machine shares it (copy on write; see ``Machine``).
@usableFromInline
final class Workspace<Event: MachineEvent>: @unchecked Sendable {
    // Safe to send: a workspace is only mutated through a machine that holds the only
    // reference to it (checked with isKnownUniquelyReferenced before every write), so no two
    // threads ever see one mutable instance.
    @usableFromInline var configuration: StateSet
    /// Per history state, the states it remembers; empty until its parent is first exited.
    @usableFromInline var history: ContiguousArray<StateSet>
    @usableFromInline var internalQueue = ContiguousArray<Trigger<Event>>()
    @usableFromInline var internalHead = 0
    @usableFromInline var externalQueue = ContiguousArray<Event>()
    @usableFromInline var externalHead = 0
    @usableFromInline var timers = ContiguousArray<PendingTimer<Event>>()
    @usableFromInline var timerSequence: UInt64 = 0
    @usableFromInline var effects = Effects<Event>()
    @usableFromInline var lastFault: EngineFault?
    /// Whether the exit actions of a finished machine have run.
    @usableFromInline var exitedAtFinish = false

    // Scratch, valid within one microstep.
    @usableFromInline var enabled = ContiguousArray<Int32>()
    @usableFromInline var toExit: StateSet
    @usableFromInline var toEnter: StateSet
    @usableFromInline var defaultEntry: StateSet
    /// Per node, the history default transition whose action runs when the node is entered; -1.
    @usableFromInline var defaultHistoryAction: ContiguousArray<Int32>
    @usableFromInline var touchedHistoryActions = ContiguousArray<Int32>()

    @usableFromInline
    init(nodeCount: Int, historyCount: Int) {
        configuration = StateSet(capacity: nodeCount)
        history = ContiguousArray(repeating: StateSet(capacity: nodeCount), count: historyCount)
        toExit = StateSet(capacity: nodeCount)
        toEnter = StateSet(capacity: nodeCount)
        defaultEntry = StateSet(capacity: nodeCount)
        defaultHistoryAction = ContiguousArray(repeating: -1, count: nodeCount)
    }

    /// A copy holding the same configuration, history, queues and timers.
    @usableFromInline
    func copy() -> Workspace {
        let copy = Workspace(nodeCount: 0, historyCount: 0)
        copy.configuration = configuration
        copy.history = history
        copy.internalQueue = internalQueue
        copy.internalHead = internalHead
        copy.externalQueue = externalQueue
        copy.externalHead = externalHead
        copy.timers = timers
        copy.timerSequence = timerSequence
        copy.lastFault = lastFault
        copy.exitedAtFinish = exitedAtFinish
        copy.toExit = toExit
        copy.toEnter = toEnter
        copy.defaultEntry = defaultEntry
        copy.defaultHistoryAction = defaultHistoryAction
        return copy
    }
}
