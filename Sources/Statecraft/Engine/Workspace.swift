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
    //
    // Every property is `@exclusivity(unchecked)`: the engine reaches them only from the
    // mutating methods of the machine that owns the workspace, which Swift already checks
    // statically, and no closure of yours can reach them (actions get `Effects` by `inout`
    // for the duration of the call). Dynamic checks would find nothing and cost about half
    // of a microstep.
    @usableFromInline @exclusivity(unchecked) var configuration: StateSet
    /// Per history state, the states it remembers; empty until its parent is first exited.
    @usableFromInline @exclusivity(unchecked) var history: ContiguousArray<StateSet>
    @usableFromInline @exclusivity(unchecked) var internalQueue = ContiguousArray<Trigger<Event>>()
    @usableFromInline @exclusivity(unchecked) var internalHead = 0
    @usableFromInline @exclusivity(unchecked) var externalQueue = ContiguousArray<Event>()
    @usableFromInline @exclusivity(unchecked) var externalHead = 0
    @usableFromInline @exclusivity(unchecked) var timers = ContiguousArray<PendingTimer<Event>>()
    @usableFromInline @exclusivity(unchecked) var timerSequence: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var effects = Effects<Event>()
    @usableFromInline @exclusivity(unchecked) var lastFault: EngineFault?
    /// Whether the exit actions of a finished machine have run.
    @usableFromInline @exclusivity(unchecked) var exitedAtFinish = false

    // Scratch, valid within one microstep.
    @usableFromInline @exclusivity(unchecked) var enabled = ContiguousArray<Int32>()
    @usableFromInline @exclusivity(unchecked) var toExit: StateSet
    @usableFromInline @exclusivity(unchecked) var toEnter: StateSet
    @usableFromInline @exclusivity(unchecked) var defaultEntry: StateSet
    /// Per node, the history default transition whose action runs when the node is entered; -1.
    @usableFromInline @exclusivity(unchecked) var defaultHistoryAction: ContiguousArray<Int32>
    @usableFromInline @exclusivity(unchecked) var touchedHistoryActions = ContiguousArray<Int32>()

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
