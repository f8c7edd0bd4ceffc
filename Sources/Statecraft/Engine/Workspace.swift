/// What a hierarchical machine keeps besides its context: the configuration and the scratch
/// sets of a microstep, the transitions it takes, history, queues, timers, pending effects.
///
/// A machine is a value, so its workspace is copied before it is written whenever another
/// machine shares it (copy on write; see ``Machine``).
///
/// The sets and the enabled transitions are raw memory the workspace owns: a machine makes its
/// workspace unique once per event and then writes them with plain stores, where an array would
/// check its own uniqueness and bounds on every write.
@usableFromInline
final class Workspace<Event: MachineEvent>: @unchecked Sendable {
    // Safe to send: a workspace is only mutated through a machine that holds the only
    // reference to it (checked with isKnownUniquelyReferenced before every write), so no two
    // threads ever see one mutable instance. The same holds for the memory it owns (`words`,
    // `chosen`), which nothing else points to.
    //
    // Every property is `@exclusivity(unchecked)`: the engine reaches them only from the
    // mutating methods of the machine that owns the workspace, which Swift already checks
    // statically, and no closure of yours can reach them (actions get `Effects` by `inout`
    // for the duration of the call). Dynamic checks would find nothing and cost about half
    // of a microstep.

    /// The configuration and the scratch sets, as consecutive runs of `setWords` words (see
    /// `MachineSets`).
    @usableFromInline let words: UnsafeMutablePointer<UInt64>
    @usableFromInline let setWords: Int
    /// The transitions the current microstep takes: `chosen[0 ..< chosenCount]`.
    @usableFromInline let chosen: UnsafeMutablePointer<Int32>
    @usableFromInline let chosenCapacity: Int
    @usableFromInline @exclusivity(unchecked) var chosenCount = 0
    /// Per history state, the states it remembers; empty until its parent is first exited.
    @usableFromInline @exclusivity(unchecked) var history: ContiguousArray<StateSet>
    @usableFromInline @exclusivity(unchecked) var internalQueue = ContiguousArray<Trigger<Event>>()
    @usableFromInline @exclusivity(unchecked) var internalHead = 0
    @usableFromInline @exclusivity(unchecked) var externalQueue = ContiguousArray<Event>()
    @usableFromInline @exclusivity(unchecked) var externalHead = 0
    @usableFromInline @exclusivity(unchecked) var timers = TimerQueue<PendingTimer<Event>>()
    @usableFromInline @exclusivity(unchecked) var timerSequence: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var effects = Effects<Event>()
    /// What `effects` asks which states are active; cleared when the workspace goes.
    @usableFromInline let link: WorkspaceLink<Event>
    /// The event name a descriptor chart's selection looked up last, with the first column it
    /// matched (-1 for none) and all of them when it matched more than one: a stream of events
    /// of one name looks up the chart's names once.
    @usableFromInline @exclusivity(unchecked) var matchedName: String?
    @usableFromInline @exclusivity(unchecked) var matchedFirst = -1
    @usableFromInline @exclusivity(unchecked) var matchedColumns: [Int] = []
    @usableFromInline @exclusivity(unchecked) var lastFault: EngineFault? {
        didSet { faulted = lastFault != nil }
    }
    /// Whether `lastFault` holds a fault: testing this flag is one load, testing the optional
    /// fault copies it through its value witnesses.
    @usableFromInline @exclusivity(unchecked) var faulted = false
    /// Whether the exit actions of a finished machine have run.
    @usableFromInline @exclusivity(unchecked) var exitedAtFinish = false
    /// Per node, the history default transition whose action runs when the node is entered; -1.
    @usableFromInline @exclusivity(unchecked) var defaultHistoryAction: ContiguousArray<Int32>
    @usableFromInline @exclusivity(unchecked) var touchedHistoryActions = ContiguousArray<Int32>()
    /// Whether exits and entries are recorded in `changes` (see `Machine.recordsStateChanges`).
    @usableFromInline @exclusivity(unchecked) var recordsChanges = false
    /// Exited nodes as `~node`, entered nodes as `node`, in order.
    @usableFromInline @exclusivity(unchecked) var changes = ContiguousArray<Int32>()
    /// Whether events the machine sent itself that took no transition are kept in `unhandled`
    /// (see `Machine.recordsUnhandledEvents`).
    @usableFromInline @exclusivity(unchecked) var recordsUnhandled = false
    /// Raised events and delayed sends to the machine itself that selected no transition.
    @usableFromInline @exclusivity(unchecked) var unhandled = ContiguousArray<Event>()
    /// Whether the events the machine sends itself wait in the external queue for its owner
    /// (see `Machine.holdsSentEvents`) rather than being processed at once.
    @usableFromInline @exclusivity(unchecked) var holdsSent = false
    /// The node of a state of the chart, for `Effects.isActive(_:)`.
    @usableFromInline let stateNode: @Sendable (AnyHashable) -> Int?
    /// Whether `Effects.isActive(_:)` reads the configuration as it changes rather than the one
    /// the microstep was selected in (`StatechartOptions.actionsSeeStateChanges`).
    @usableFromInline let readsLiveConfiguration: Bool
    /// Whether `lastTaken` is kept (`StatechartOptions.actionsSeeLastEvent`).
    @usableFromInline let recordsTaken: Bool
    /// The event taken most recently, when `recordsTaken`; for `Effects.lastEvent`.
    @usableFromInline @exclusivity(unchecked) var lastTaken: TakenEvent<Event>?

    /// An empty configuration and no history.
    ///
    /// - Parameters:
    ///   - nodeCount: The chart's nodes, root included.
    ///   - historyCount: The chart's history states.
    ///   - setWords: Words per state set.
    ///   - stateNode: The node of a state of the chart (`Statechart.stateNode`).
    ///   - readsLiveConfiguration: Whether actions see the configuration as it changes.
    ///   - recordsTaken: Whether the event taken most recently is kept.
    @usableFromInline
    init(
        nodeCount: Int, historyCount: Int, setWords: Int, stateNode: @escaping @Sendable (AnyHashable) -> Int?,
        readsLiveConfiguration: Bool, recordsTaken: Bool
    ) {
        self.stateNode = stateNode
        self.readsLiveConfiguration = readsLiveConfiguration
        self.recordsTaken = recordsTaken
        history = ContiguousArray(repeating: StateSet(capacity: nodeCount), count: historyCount)
        defaultHistoryAction = ContiguousArray(repeating: -1, count: nodeCount)
        self.setWords = setWords
        words = .allocate(capacity: setWords &* MachineSets.count)
        words.initialize(repeating: 0, count: setWords &* MachineSets.count)
        // At most one transition per atomic state, or the one initial transition.
        chosenCapacity = max(nodeCount, 1)
        chosen = .allocate(capacity: chosenCapacity)
        let link = WorkspaceLink<Event>()
        effects.owner = link
        self.link = link
        link.space = self
    }

    deinit {
        link.space = nil
        words.deallocate()
        chosen.deallocate()
    }

    /// A copy holding the same configuration, history, queues and timers.
    @usableFromInline
    func copy() -> Workspace {
        let copy = Workspace(
            nodeCount: chosenCapacity, historyCount: 0, setWords: setWords, stateNode: stateNode,
            readsLiveConfiguration: readsLiveConfiguration, recordsTaken: recordsTaken
        )
        copy.words.update(from: words, count: setWords &* MachineSets.count)
        copy.chosen.update(from: chosen, count: chosenCount)
        copy.chosenCount = chosenCount
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
        copy.touchedHistoryActions = touchedHistoryActions
        copy.recordsChanges = recordsChanges
        copy.changes = changes
        copy.recordsUnhandled = recordsUnhandled
        copy.unhandled = unhandled
        copy.holdsSent = holdsSent
        copy.lastTaken = lastTaken
        return copy
    }

    /// What a history slot remembers, or `nil` when its parent was never exited.
    @inlinable
    func remembered(_ slot: Int) -> StateSet? {
        history[slot].isEmpty ? nil : history[slot]
    }
}

extension Workspace {
    /// Whether `state` is in the configuration the current microstep was selected in, for
    /// `Effects.isActive(_:)`; in the configuration now, state by state, when the chart asks
    /// for that (`readsLiveConfiguration`: the general path keeps it as SCXML's algorithm does).
    @usableFromInline
    func wasSelected(_ state: AnyHashable) -> Bool {
        guard let node = stateNode(state), node > 0 else { return false }
        let run = readsLiveConfiguration ? MachineSets.configuration : MachineSets.selected
        return StateSet.contains(words + run &* setWords, node)
    }
}

/// What an action's `Effects` holds to ask its machine which states are active: a reference to
/// the workspace that the workspace clears when it goes, so an `Effects` kept past its action
/// answers `false` rather than reach freed memory. The workspace is never referenced weakly
/// (that would put its counts in a side table, and each retain of it on the slow path).
@usableFromInline
final class WorkspaceLink<Event: MachineEvent>: ActiveStateQuery, @unchecked Sendable {
    // Safe to send for the workspace's reasons: it is set and cleared by the workspace that
    // holds it (in its init and deinit) and read inside that workspace's actions.
    @usableFromInline unowned(unsafe) var space: Workspace<Event>?

    @usableFromInline
    init() {}

    @usableFromInline
    func wasSelected(_ state: AnyHashable) -> Bool {
        space?.wasSelected(state) ?? false
    }

    @usableFromInline
    func lastTaken() -> Any? {
        space?.lastTaken
    }
}

/// The entry-set computation's view of a running machine: its scratch sets and its history.
@usableFromInline
struct RuntimeEntryScratch<Event: MachineEvent>: EntryScratch {
    @usableFromInline unowned(unsafe) let space: Workspace<Event>

    @inlinable
    init(space: Workspace<Event>) {
        self.space = space
    }

    @inlinable var toEnter: UnsafeMutablePointer<UInt64> { space.words + space.setWords &* MachineSets.toEnter }
    @inlinable mutating func insertToEnter(_ node: Int) { StateSet.insert(toEnter, node) }
    @inlinable func toEnterContainsAny(from start: Int, below end: Int) -> Bool {
        StateSet.next(toEnter, from: start, below: end) != nil
    }
    @inlinable mutating func insertDefaultEntry(_ node: Int) {
        StateSet.insert(space.words + space.setWords &* MachineSets.defaultEntry, node)
    }
    @inlinable mutating func setHistoryDefault(parent: Int, transition: Int) {
        space.defaultHistoryAction[parent] = Int32(transition)
        space.touchedHistoryActions.append(Int32(parent))
    }
    @inlinable func remembered(_ slot: Int) -> StateSet? { space.remembered(slot) }
}

/// The runs of a workspace's `words`, each `chart.setWords` words long.
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
    /// The configuration the current microstep's transitions were selected in, which
    /// `Effects.isActive(_:)` reads: every path copies it before running an action, in a chart
    /// with actions that take `Effects`.
    @usableFromInline static let selected = 4
    /// How many runs there are.
    @usableFromInline static let count = 5
}
