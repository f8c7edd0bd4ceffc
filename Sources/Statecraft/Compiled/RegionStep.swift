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
