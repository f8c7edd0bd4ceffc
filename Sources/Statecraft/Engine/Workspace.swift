/// The part of a hierarchical machine that is neither hot nor a few words: history, queues,
/// timers, pending effects. The configuration and the scratch sets of a microstep live in the
/// machine itself.
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
    /// Per node, the history default transition whose action runs when the node is entered; -1.
    @usableFromInline @exclusivity(unchecked) var defaultHistoryAction: ContiguousArray<Int32>
    @usableFromInline @exclusivity(unchecked) var touchedHistoryActions = ContiguousArray<Int32>()
    /// Whether exits and entries are recorded in `changes` (see `Machine.recordsStateChanges`).
    @usableFromInline @exclusivity(unchecked) var recordsChanges = false
    /// Exited nodes as `~node`, entered nodes as `node`, in order.
    @usableFromInline @exclusivity(unchecked) var changes = ContiguousArray<Int32>()

    @usableFromInline
    init(nodeCount: Int, historyCount: Int) {
        history = ContiguousArray(repeating: StateSet(capacity: nodeCount), count: historyCount)
        defaultHistoryAction = ContiguousArray(repeating: -1, count: nodeCount)
    }

    /// A copy holding the same history, queues and timers.
    @usableFromInline
    func copy() -> Workspace {
        let copy = Workspace(nodeCount: 0, historyCount: 0)
        copy.history = history
        copy.internalQueue = internalQueue
        copy.internalHead = internalHead
        copy.externalQueue = externalQueue
        copy.externalHead = externalHead
        copy.timers = timers
        copy.timerSequence = timerSequence
        copy.lastFault = lastFault
        copy.exitedAtFinish = exitedAtFinish
        copy.defaultHistoryAction = defaultHistoryAction
        copy.recordsChanges = recordsChanges
        copy.changes = changes
        return copy
    }

    /// What a history slot remembers, or `nil` when its parent was never exited.
    @inlinable
    func remembered(_ slot: Int) -> StateSet? {
        history[slot].isEmpty ? nil : history[slot]
    }
}

/// The entry-set computation's view of a running machine: its scratch sets, moved out of the
/// machine for the computation, and its history.
@usableFromInline
struct RuntimeEntryScratch<Event: MachineEvent>: EntryScratch {
    @usableFromInline var sets: ContiguousArray<UInt64>
    @usableFromInline let words: Int
    @usableFromInline unowned(unsafe) let space: Workspace<Event>

    @inlinable
    init(sets: ContiguousArray<UInt64>, words: Int, space: Workspace<Event>) {
        self.sets = sets
        self.words = words
        self.space = space
    }

    @inlinable mutating func insertToEnter(_ node: Int) { Bits.insert(&sets, words &* MachineSets.toEnter, node) }
    @inlinable func toEnterContainsAny(from start: Int, below end: Int) -> Bool {
        Bits.next(sets, words &* MachineSets.toEnter, from: start, below: end) != nil
    }
    @inlinable mutating func insertDefaultEntry(_ node: Int) { Bits.insert(&sets, words &* MachineSets.defaultEntry, node) }
    @inlinable mutating func setHistoryDefault(parent: Int, transition: Int) {
        space.defaultHistoryAction[parent] = Int32(transition)
        space.touchedHistoryActions.append(Int32(parent))
    }
    @inlinable func remembered(_ slot: Int) -> StateSet? { space.remembered(slot) }
}

/// The runs of a machine's `sets` array, each `chart.setWords` words long.
@usableFromInline
enum MachineSets {
    /// The active states.
    @usableFromInline static let configuration = 0
    /// The states the current microstep exits.
    @usableFromInline static let toExit = 1
    /// The states the current microstep enters.
    @usableFromInline static let toEnter = 2
    /// The compound states the current microstep enters by default.
    @usableFromInline static let defaultEntry = 3
    /// How many runs there are.
    @usableFromInline static let count = 4
}
