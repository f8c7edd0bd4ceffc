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
    /// The actions taking it runs, in order: `leafSlots[actionStart ..< actionStart + actionCount]` of the
    /// chart's program (compilation's `leafActions`, the closures themselves).
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
