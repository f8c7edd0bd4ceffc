/// Switches for tests that check the engine's fast paths against the general one.
enum ChartCompilationOptions {
    /// Builds charts without region steps, so their machines take every event through the
    /// general SCXML path (`processExternal`).
    @TaskLocal static var skipsRegionSteps = false
    /// Builds charts without microstep plans, so their machines take the region steps.
    @TaskLocal static var skipsPlans = false
    /// Builds charts with displaced transition tables (see ``TransitionTable``) and without
    /// entry masks, as large charts are built, whatever their size.
    @TaskLocal static var buildsAsLarge = false
}

/// Turns the declarations a builder collected into the engine's tables, checking them on the way.
///
/// States become nodes numbered in document order with the synthetic root at 0. For every
/// atomic or final node and every column (an event kind, a state's done event, a delayed
/// transition), the table lists the transitions to try in SCXML's priority order: the node's
/// own in document order, then its parent's, and so on up.
struct ChartCompilation<State: Hashable & Sendable, Event: MachineEvent, Context> {
    typealias Declaration = StateDeclaration<State, Event, Context>
    typealias Transition = TransitionDeclaration<State, Event, Context>

    var nodes: [ChartNode] = []
    var states = ContiguousArray<State>()
    var stateIndex: [State: Int] = [:]
    var locations: [SourceLocation] = []
    var actions = ContiguousArray<ActionClosure<State, Event, Context>>()
    var transitions: [TransitionInfo] = []
    var targets = ContiguousArray<Int32>()
    var guards = ContiguousArray<GuardClosure<Event, Context>?>()
    var transitionLocations: [SourceLocation] = []
    /// Per transition, its state conditions (``When``): a node number that must be active, or
    /// a negated one that must not; transition `t`'s run is
    /// `stateConditionStart[t] ..< stateConditionStart[t + 1]`.
    var stateConditions: [Int32] = []
    var stateConditionStart: [Int32] = [0]
    var doneData: [DoneDataClosure<Event, Context>?] = []
    var timerTransitions: [[Int32]] = []
    var kinds = KindIndex<Event.Kind>([])
    var table = TransitionTable(stateCount: 0, eventCount: 0, entries: [])
    var eventless = TransitionTable(stateCount: 0, eventCount: 0, entries: [])
    var doneColumn: [Int32] = []
    var timerColumn: [Int32] = []
    var historyCount = 0
    var usesEffects = false
    var isFlat = true
    var hasEventless = false
    /// Words per state set: `(nodes + 63) / 64`.
    var setWords = 0
    /// Per transition with a static entry, its entry set then its default-entry set.
    var entryMasks = ContiguousArray<UInt64>()
    /// For the leaf fast path: per transition, the states it enters in document order, each as
    /// `node << 1 | enteredByDefault`; transition `t`'s are `entryPaths[entryPathStart[t] ..< entryPathStart[t + 1]]`.
    var entryPaths = ContiguousArray<Int32>()
    var entryPathStart = ContiguousArray<Int32>()
    /// The atomic state a leaf-path machine starts in.
    var initialLeaf = 0
    /// For a leaf-path chart, per table position, what taking that candidate takes.
    var leafSteps = ContiguousArray<LeafStep>()
    /// For a leaf-path chart, per slot of the transition table, its first candidate's move.
    var leafMoves = ContiguousArray<LeafMove>()
    /// The action indices the leaf steps run, one run per step.
    var leafActions = ContiguousArray<Int32>()
    /// For a chart on the general path, per table position, the step taking that candidate takes.
    var regionSteps = ContiguousArray<RegionStep>()
    /// The states the region steps exit and enter.
    var regionNodes = ContiguousArray<Int32>()
    /// The action indices the region steps run.
    var regionActions = ContiguousArray<Int32>()
    /// The atomic and final states, as a set.
    var atomicMask = ContiguousArray<UInt64>()
    /// Per table position with a simple region step, its exit and entry actions in order.
    var simpleActions: [Int: (exits: [Int32], entries: [Int32])] = [:]
    /// For a chart of at most 64 nodes on the general path, the microsteps precomputed per
    /// configuration and event kind (see ``MicrostepPlan``).
    var plans = ContiguousArray<MicrostepPlan>()
    /// The plans' actions, each plan's run in the order they run (or the reverse, for plans
    /// taken from the second loop).
    var planActions = ContiguousArray<Int32>()
    /// Per plan, the transitions it takes as pairs of source and first target (-1 without).
    var planTransitions = ContiguousArray<Int32>()
    /// An open-addressing index of `plans` by configuration and event kind; -1 where empty.
    var planIndex = ContiguousArray<Int32>()
    var warnings: [DefinitionWarning] = []
    /// Whether an eventless transition without target or guard is refused.
    var refusesEndlessEventlessTransitions = true
    /// Whether a parallel state without regions is refused (`DefinitionError.Code.parallelWithoutRegions`).
    /// SCXML 3.4 allows a `<parallel>` without child states, so documents build with it off.
    var refusesParallelsWithoutRegions = true
    /// What the chart keeps of the definition for its structure.
    var outline = ChartOutline<Event.Kind>()

    /// Each node's declaration, and each transition's declaration with the node it is written in.
    var declarations: [Declaration] = []
    var written: [(node: Int, transition: Transition, kind: WrittenKind)] = []
    /// The ordinary (not initial) transitions: the node written in, the index, the trigger.
    var ordinary: [(node: Int, index: Int, trigger: TriggerDeclaration<Event.Kind>)] = []

    enum WrittenKind { case ordinary, initial }

    /// - Parameters:
    ///   - roots: The top-level states.
    ///   - initial: The states the chart starts in (the root's `initial:`); empty for the first state.
    ///   - rootTargets: Instead, the targets of the root's initial transition (several states in
    ///     parallel regions), as an SCXML document's `initial` attribute names them.
    ///   - refusesEndlessEventlessTransitions: Whether an eventless transition with neither a
    ///     target nor a guard is refused (`DefinitionError.Code.endlessEventlessTransition`).
    ///     SCXML documents may write one (an earlier transition may end the loop), so they lint it.
    ///   - refusesParallelsWithoutRegions: Whether a parallel state without child states is
    ///     refused (`DefinitionError.Code.parallelWithoutRegions`). SCXML documents may write one
    ///     (3.4): it is entered with no descendants, is not atomic, and counts as in a final state.
    init(
        _ roots: [Declaration], initial: [State], rootTargets: [State]?, refusesEndlessEventlessTransitions: Bool = true,
        refusesParallelsWithoutRegions: Bool = true
    ) throws(DefinitionError) {
        self.refusesEndlessEventlessTransitions = refusesEndlessEventlessTransitions
        self.refusesParallelsWithoutRegions = refusesParallelsWithoutRegions
        guard let first = roots.first else {
            throw DefinitionError(
                code: .emptyChart,
                message: "the chart declares no state; write at least one Atomic, Compound, Parallel or Final state in its body"
            )
        }
        // The root: a compound node whose initial transition targets `initial` or the first state.
        var rootElements = roots.map { StateElement(storage: .child($0)) }
        if let rootTargets {
            rootElements.append(StateElement(storage: .initial(TransitionDeclaration(
                trigger: .eventless, targets: rootTargets, type: .external, condition: nil, action: nil,
                location: first.location
            ))))
        }
        let root = Declaration(id: first.id, kind: .compound(initial: initial), elements: rootElements, location: first.location)
        try number(root, parent: -1)
        try checkStructure()
        try compileTransitions()
        buildTables()
        computeStaticEntrySets()
        warnings = findUnreachableStates() + findShadowedTransitions()
    }
}
