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

/// What exiting and entering a state runs, written once. The general path (`exitStates`,
/// `enterStates`, `exitAtFinish`), the leaf path (`enterPath`, `finishFlat`) call these as they
/// go; the compiled fast paths (leaf steps, region steps, microstep plans) record what they
/// yield when the chart is built (`ChartCompilation+Actions.swift`).
extension ChartNode {
    /// Exiting the state runs its exit actions, in the order written.
    @inlinable
    @inline(__always)
    func forEachExitAction(_ body: (Int) throws -> Void) rethrows {
        var index = Int(exitStart)
        let end = index &+ Int(exitCount)
        while index < end {
            try body(index)
            index &+= 1
        }
    }

    /// Entering the state runs its entry actions in the order written, then, when a compound
    /// state is entered by default (no descendant targeted), its initial transition's action.
    /// (A history state's default action belongs to the transition that targets it.)
    @inlinable
    @inline(__always)
    func forEachEntryAction<Transitions: RandomAccessCollection<TransitionInfo>>(
        byDefault: Bool, transitions: Transitions, _ body: (Int) throws -> Void
    ) rethrows where Transitions.Index == Int {
        var index = Int(entryStart)
        let end = index &+ Int(entryCount)
        while index < end {
            try body(index)
            index &+= 1
        }
        if byDefault, kind == .compound {
            let action = transitions[Int(initialTransition)].action
            if action >= 0 { try body(Int(action)) }
        }
    }
}
