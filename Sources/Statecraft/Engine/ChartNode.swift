/// What a node of the compiled chart is.
@usableFromInline
enum NodeKind: UInt8, Sendable {
    /// The synthetic root, SCXML's `<scxml>` element: compound, never in the configuration.
    case root
    case atomic
    case compound
    case parallel
    case final
    case shallowHistory
    case deepHistory
}

/// A state of the compiled chart. Nodes are numbered in document order (preorder), the root
/// first, so the descendants of node `n` are exactly the nodes `n + 1 ..< end`.
@usableFromInline
struct ChartNode: Sendable {
    @usableFromInline var kind: NodeKind
    /// The parent node; -1 for the root.
    @usableFromInline var parent: Int32
    /// One past the last descendant.
    @usableFromInline var end: Int32
    /// For a compound state or the root: its initial transition. For a history state: its
    /// default transition. Otherwise -1.
    @usableFromInline var initialTransition: Int32
    /// For a history state: its slot in the machine's history storage. Otherwise -1.
    @usableFromInline var historySlot: Int32
    /// Entry actions: `actions[entryStart ..< entryStart + entryCount]`.
    @usableFromInline var entryStart: Int32
    @usableFromInline var entryCount: Int32
    /// Exit actions: `actions[exitStart ..< exitStart + exitCount]`.
    @usableFromInline var exitStart: Int32
    @usableFromInline var exitCount: Int32
    /// Whether a child is a history state (its exit must record history).
    @usableFromInline var hasHistoryChild: Bool
    /// Whether it has delayed (``After``) transitions to start on entry.
    @usableFromInline var hasTimers: Bool
    /// How many ancestors it has; the root's depth is 0.
    @usableFromInline var depth: Int32

    @inlinable var isAtomic: Bool { kind == .atomic || kind == .final }
    @inlinable var isCompound: Bool { kind == .compound || kind == .root }
    @inlinable var isHistory: Bool { kind == .shallowHistory || kind == .deepHistory }
}

/// What the engine needs to know of a transition; closures are stored apart.
@usableFromInline
struct TransitionInfo: Sendable {
    /// The state it is written in (the root for the chart's initial transition).
    @usableFromInline var source: Int32
    /// Its targets: `targets[targetStart ..< targetStart + targetCount]`.
    @usableFromInline var targetStart: Int32
    @usableFromInline var targetCount: Int32
    /// The transition domain when it does not depend on history; -1 without targets; -2 when
    /// a target is a history state and the domain is computed when taken.
    @usableFromInline var domain: Int32
    /// The action's index in the chart's actions, or -1.
    @usableFromInline var action: Int32
    @usableFromInline var hasGuard: Bool
    @usableFromInline var isInternal: Bool
    /// Whether its entry sets were computed when the chart was built (it targets no history
    /// state), in the chart's `entryMasks`.
    @usableFromInline var hasStaticEntry: Bool
    /// For a delayed transition: its delay. Zero otherwise.
    @usableFromInline var delay: Duration
}

/// What the leaf fast path needs to take one candidate of one table cell: the transition, the
/// atomic state it leads to, and whether anything runs on the way.
@usableFromInline
struct LeafStep: Sendable {
    /// The active atomic state after the step; -1 without target.
    @usableFromInline var leaf: Int32
    /// The transition's source and first target (-1 without target), for results.
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
    /// The transition.
    @usableFromInline var transition: Int32
    /// The actions taking it runs, in order: `leafActions[actionStart ..< actionStart + actionCount]`.
    @usableFromInline var actionStart: Int32
    @usableFromInline var actionCount: UInt16
    /// ``LeafStep/guarded``, ``LeafStep/runsActions``, ``LeafStep/entersFinal``,
    /// ``LeafStep/targetless``, ``LeafStep/backward``. With none but ``LeafStep/runsActions``
    /// and ``LeafStep/backward``, the step moves the leaf, perhaps running actions, and nothing
    /// else.
    @usableFromInline var flags: UInt8

    @usableFromInline
    init(leaf: Int32, source: Int32, target: Int32, transition: Int32, actionStart: Int32, actionCount: UInt16, flags: UInt8) {
        self.leaf = leaf
        self.source = source
        self.target = target
        self.transition = transition
        self.actionStart = actionStart
        self.actionCount = actionCount
        self.flags = flags
    }

    /// The transition has a guard.
    @usableFromInline static let guarded: UInt8 = 1
    /// Some exit, transition, entry or initial action runs.
    @usableFromInline static let runsActions: UInt8 = 2
    /// The new state is a top-level final state: the machine finishes.
    @usableFromInline static let entersFinal: UInt8 = 4
    /// The transition has no target: the leaf stays, no state is exited or entered.
    @usableFromInline static let targetless: UInt8 = 8
    /// The step's actions are stored last first, and run from the end (see
    /// `Machine.runLeafActions(_:_:)`): set for the steps from every other atomic state.
    @usableFromInline static let backward: UInt8 = 32
    /// A placeholder.
    @usableFromInline static let none = LeafStep(leaf: -1, source: -1, target: -1, transition: -1, actionStart: 0, actionCount: 0, flags: 0)
}

/// The leaf path's first look at a cell of the transition table (an atomic state and an event
/// kind): its first candidate's step, laid out for the common case, where the step has no guard
/// and only moves the leaf.
///
/// Taking a step reads the next cell's row from the step itself (`row`), so one event costs one
/// dependent load of the table, with no multiplication between them.
@usableFromInline
struct LeafMove: Sendable {
    /// The new leaf's row of cells, `leaf * columns`.
    @usableFromInline var row: Int32
    /// The active atomic state after the step.
    @usableFromInline var leaf: Int32
    /// The transition's source and first target, for results.
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
    /// The step's position in `Statechart.leafSteps`, whose actions it runs.
    @usableFromInline var position: Int32
    /// The first candidate's ``LeafStep`` flags, or ``LeafMove/empty``.
    @usableFromInline var flags: UInt8

    @usableFromInline
    init(row: Int32, leaf: Int32, source: Int32, target: Int32, position: Int32, flags: UInt8) {
        self.row = row
        self.leaf = leaf
        self.source = source
        self.target = target
        self.position = position
        self.flags = flags
    }

    /// The cell has no candidate.
    @usableFromInline static let empty: UInt8 = 16
    /// A cell without candidate.
    @usableFromInline static let none = LeafMove(row: -1, leaf: -1, source: -1, target: -1, position: -1, flags: empty)
}

/// What the general path needs to take one candidate of one table cell (an active atomic state
/// and an event kind) without computing exit and entry sets: the states it exits and enters and
/// the actions that run, when they do not depend on the rest of the configuration.
///
/// A step is ``RegionStep/simple`` when the states between the atomic state and the
/// transition's domain include no parallel state (then the states it exits are exactly those,
/// whatever else is active, and no other active atomic state selects the same transition), the
/// states it enters do not depend on history, and nothing on the way records history, starts
/// or cancels timers, or enters a final state. A transition without target is simple when no
/// parallel state lies between the atomic state and the transition's source, itself included. The simple steps of
/// one microstep come from different regions of parallel states: their domains are disjoint, so
/// they never conflict, and running them one after another in document order is SCXML's
/// microstep.
@usableFromInline
struct RegionStep: Sendable {
    /// The transition.
    @usableFromInline var transition: Int32
    /// The transition's action, or -1.
    @usableFromInline var action: Int32
    /// The transition's source and first target (-1 without target), for results.
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
    /// For a chart of at most 64 nodes, the states exited and entered, as sets.
    @usableFromInline var exitBits: UInt64
    @usableFromInline var entryBits: UInt64
    /// The states exited, the atomic state first: `regionNodes[exitStart ..< exitStart + exitCount]`.
    @usableFromInline var exitStart: Int32
    /// The states entered, in document order: `regionNodes[entryStart ..< entryStart + entryCount]`.
    @usableFromInline var entryStart: Int32
    /// The exit actions, in order: `program.regionSlots[exitActionStart ..< exitActionStart + exitActionCount]`.
    @usableFromInline var exitActionStart: Int32
    /// The entry actions and the initial actions of states entered by default, in order.
    @usableFromInline var entryActionStart: Int32
    @usableFromInline var exitCount: UInt16
    @usableFromInline var entryCount: UInt16
    @usableFromInline var exitActionCount: UInt16
    @usableFromInline var entryActionCount: UInt16
    /// ``RegionStep/simple``, ``RegionStep/guarded``, ``RegionStep/backward``.
    @usableFromInline var flags: UInt8

    @usableFromInline
    init(transition: Int32, action: Int32, source: Int32, target: Int32, flags: UInt8) {
        self.transition = transition
        self.action = action
        self.source = source
        self.target = target
        exitBits = 0
        entryBits = 0
        exitStart = 0
        entryStart = 0
        exitActionStart = 0
        entryActionStart = 0
        exitCount = 0
        entryCount = 0
        exitActionCount = 0
        entryActionCount = 0
        self.flags = flags
    }

    /// The step's exits and entries are static (see ``RegionStep``).
    @usableFromInline static let simple: UInt8 = 1
    /// The transition has a guard.
    @usableFromInline static let guarded: UInt8 = 2
    /// The step's exit and entry actions are stored last first and run from the end, from a
    /// second copy of the loops (see `Machine.runLeafActions(_:_:)` for why).
    @usableFromInline static let backward: UInt8 = 4
}
