/// A validated, immutable machine definition: its states, transitions and actions, compiled
/// once into the tables the engine runs on.
///
/// Build a chart once and make as many ``Machine`` instances from it as you need: a machine
/// holds only a reference to the chart, its configuration and its context.
///
/// ```swift
/// enum Gate: Hashable { case locked, unlocked }
/// enum Input: MachineEvent { case coin, push }
///
/// let turnstile = try Statechart<Gate, Input, Int> {
///     Atomic(.locked) {
///         On(.coin, to: .unlocked) { coins, _ in coins += 1 }
///     }
///     Atomic(.unlocked) {
///         On(.push, to: .locked)
///     }
/// }
/// var gate = turnstile.makeMachine(context: 0)
/// gate.send(.coin)          // .transitioned(from: .locked, to: .unlocked)
/// ```
///
/// States nest with ``Compound`` and ``Parallel``, and the chart follows the semantics of the
/// W3C SCXML recommendation: see <doc:Statecharts>. The machine starts in the first state
/// written, or in the one named by `initial`. Events are matched by their
/// ``MachineEvent/kind``; states and event kinds are numbered in document order and the engine
/// looks transitions up in a dense state-by-event table.
///
/// A chart is `Sendable`: every closure it holds is `@Sendable` and nothing in it changes after
/// it is built, so one chart may serve machines on any number of threads.
public final class Statechart<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    /// The states, in document order (history pseudo-states included).
    public let states: [State]
    /// The state a new machine starts in: the target of the chart's initial transition.
    public let initialState: State
    /// Oddities found while building the chart: unreachable states, transitions never taken.
    public let warnings: [DefinitionWarning]

    @usableFromInline let topology: ChartTopology
    @usableFromInline let nodes: ContiguousArray<ChartNode>
    @usableFromInline let stateTable: ContiguousArray<State>
    @usableFromInline let stateIndex: [State: Int]
    /// `stateIndex` for a state of any type, as `Effects.isActive(_:)` asks.
    @usableFromInline let stateNode: @Sendable (AnyHashable) -> Int?

    /// Every action and guard, in the shape the engine calls.
    @usableFromInline let program: ChartProgram<Event, Context>
    @usableFromInline let transitions: ContiguousArray<TransitionInfo>
    @usableFromInline let targets: ContiguousArray<Int32>
    @usableFromInline let doneData: ContiguousArray<DoneDataClosure<Event, Context>?>
    /// How the engine delivers done events and guard errors.
    @usableFromInline let options: StatechartOptions<State, Event>
    @usableFromInline let timerTransitions: ContiguousArray<[Int32]>
    @usableFromInline let kinds: KindIndex<Event.Kind>
    @usableFromInline let table: TransitionTable
    @usableFromInline let eventless: TransitionTable
    @usableFromInline let doneColumn: ContiguousArray<Int32>
    @usableFromInline let timerColumn: ContiguousArray<Int32>
    @usableFromInline let historyCount: Int
    /// Whether the chart has one active atomic state at a time and only your events move it (no
    /// parallel or history state, no eventless, done or delayed transition, no effects, final
    /// states only at the top level): such a chart runs on the leaf fast path.
    @usableFromInline let isFlat: Bool
    /// The atomic state a leaf-path machine starts in.
    @usableFromInline let flatInitial: Int
    /// For the leaf path: the states each transition enters, as `node << 1 | enteredByDefault`.
    @usableFromInline let entryPaths: ContiguousArray<Int32>
    /// Where each transition's run of `entryPaths` starts; one more entry than transitions.
    @usableFromInline let entryPathStart: ContiguousArray<Int32>
    /// For a leaf-path chart, per table position, the step taking that candidate takes.
    @usableFromInline let leafSteps: ContiguousArray<LeafStep>
    /// For a leaf-path chart, per slot of the transition table (`table.row(of: node) + column`),
    /// its first candidate's move, or ``LeafMove/none``: the leaf path's first look, without
    /// reading the table.
    @usableFromInline let leafMoves: ContiguousArray<LeafMove>
    /// For a chart on the general path, per table position, the step taking that candidate
    /// takes (see ``RegionStep``).
    @usableFromInline let regionSteps: ContiguousArray<RegionStep>
    /// The states the region steps exit and enter.
    @usableFromInline let regionNodes: ContiguousArray<Int32>
    /// Whether events of yours take the region steps (see `Machine.processEvent(_:)`): a chart on
    /// the general path whose kinds are matched by equality.
    @usableFromInline let runsRegionSteps: Bool
    /// For a chart of at most 64 nodes on the general path, the microsteps precomputed per
    /// configuration and event kind (see ``MicrostepPlan``); their actions are in the program.
    @usableFromInline let plans: ContiguousArray<MicrostepPlan>
    /// Per plan, the transitions it takes, as pairs of source and first target (-1 without).
    @usableFromInline let planTransitions: ContiguousArray<Int32>
    /// An open-addressing index of `plans` by configuration and event kind, `2^planBits` slots;
    /// empty when there is no plan.
    @usableFromInline let planIndex: ContiguousArray<Int32>
    @usableFromInline let planBits: Int
    /// The atomic and final states, as a set of `setWords` words.
    @usableFromInline let atomicMask: ContiguousArray<UInt64>
    /// Whether some action may raise, send, schedule or cancel events.
    @usableFromInline let usesEffects: Bool
    /// Whether event kinds are ``EventDescriptor``s, matched by prefix rather than equality.
    @usableFromInline let matchesByDescriptor: Bool
    /// When ``matchesByDescriptor``: the column of each name transitions are written against.
    @usableFromInline let descriptorNames: DescriptorNames
    /// Whether any transition is eventless.
    @usableFromInline let hasEventless: Bool
    /// Words per state set.
    @usableFromInline let setWords: Int
    /// Per transition with a static entry: its entry set, then its default-entry set.
    @usableFromInline let entryMasks: ContiguousArray<UInt64>
    let transitionLocations: [SourceLocation]
    /// Per transition, its state conditions (``When``), and where each transition's run starts
    /// (one more entry than transitions); see `ChartCompilation.stateConditions`.
    @usableFromInline let stateConditions: ContiguousArray<Int32>
    @usableFromInline let stateConditionStart: ContiguousArray<Int32>
    /// What a chart built by another front end runs when the engine dequeues an event: the
    /// event (`nil` for a trigger that is not an event of yours, and before the initial
    /// configuration is entered) and a view of the configuration valid for the engine call.
    @usableFromInline package typealias DequeueHook = @Sendable (_ context: inout Context, _ event: Event?, _ configuration: ConfigurationView) -> Void
    /// Called by the general path each time it dequeues an event (SCXML binds `_event` there);
    /// charts with one never take the leaf path or the region steps.
    @usableFromInline let dequeueHook: DequeueHook?
    /// What a chart built by another front end runs before each event the engine takes from
    /// the machine's external queue (`Machine.enqueue(_:)`), ahead of the dequeue hook and the
    /// macrostep: it returns whether the event is processed (`false` drops it, and no macrostep
    /// runs). An SCXML session starts the step's evaluation budget, runs `<finalize>` and
    /// forwards the event to the invocations that ask for it (SCXML 6.4, 6.5).
    @usableFromInline package typealias ExternalEventHook = @Sendable (_ context: inout Context, _ event: Event) -> Bool
    /// What a chart built by another front end runs after each macrostep (SCXML's
    /// `mainEventLoop` between macrosteps): after the initial one, after each one an event taken
    /// from the external queue started, and after each one an event it returned started. It is
    /// told whether the machine is done, the fault the macrostep reported (an `EngineFault`,
    /// `nil` for none) and the configuration; it returns events to process now, each as a
    /// macrostep of its own before the next external event (an SCXML session's errors from
    /// starting invocations). The hook bounds how often it returns events: the engine runs
    /// what it is given.
    @usableFromInline package typealias MacrostepHook = @Sendable (
        _ context: inout Context, _ isDone: Bool, _ fault: (any Error)?, _ configuration: ConfigurationView
    ) -> [Event]
    /// Called before each event taken from the external queue; see ``ExternalEventHook``.
    @usableFromInline let externalEventHook: ExternalEventHook?
    /// Called after each macrostep; see ``MacrostepHook``.
    @usableFromInline let macrostepHook: MacrostepHook?
    /// What delivers the events the chart's actions schedule to leave the machine
    /// (``Effects/send(_:to:after:id:)``) when they fall due: it may change the context and
    /// raise events (an error when the target cannot be reached), which the machine then
    /// processes as a macrostep of their own.
    public typealias OutboundHandler = @Sendable (
        _ context: inout Context, _ outbound: OutboundEvent<Event>, _ effects: inout Effects<Event>
    ) -> Void
    /// The chart's outbound handler; see ``OutboundHandler``.
    @usableFromInline let outbound: OutboundHandler?
    /// The field of the context where a machine keeps the event it took most recently, with its
    /// queue, when it takes it (before it selects transitions for it): what guards read of it,
    /// as SCXML's `_event`, bound when an event is dequeued (W3C SCXML 1.0, 5.10).
    public typealias LastEventField = WritableKeyPath<Context, TakenEvent<Event>?>
    /// The chart's last-event field; see ``LastEventField``. A key path is immutable once made,
    /// and the machines of the chart only read it, each on its own context: shared between
    /// threads it is read, never changed (a literal such as `\.last` is not inferred `Sendable`
    /// when the parameter is optional, so the parameter cannot ask for it).
    @usableFromInline nonisolated(unsafe) let lastEventField: LastEventField?
    /// What the chart keeps of its definition for ``structure``.
    let outline: ChartOutline<Event.Kind>

    /// Builds and validates a chart.
    ///
    /// - Parameters:
    ///   - initial: The state a machine starts in; the first state written when `nil`.
    ///   - options: How done events and guard errors are delivered, and what actions see of the
    ///     configuration; see ``StatechartOptions``.
    ///   - outbound: Delivers the events actions schedule to leave the machine
    ///     (``Effects/send(_:to:after:id:)``) when they fall due; see ``OutboundHandler``.
    ///   - lastEvent: A field of the context where the machine keeps each event it takes, with
    ///     its queue, before it selects transitions for it, so that guards can read it; see
    ///     ``LastEventField``. A chart with one runs every step on the general path.
    ///   - content: The chart's top-level states, written with ``Atomic``, ``Compound``,
    ///     ``Parallel`` and ``Final``.
    /// - Throws: ``DefinitionError`` naming the first mistake found and where it was written.
    /// - Complexity: O(*n* × *k* × *d* + *t*) for *n* states, *k* event kinds, hierarchy depth
    ///   *d* and *t* transitions.
    public convenience init(
        initial: State? = nil,
        options: StatechartOptions<State, Event> = StatechartOptions(),
        outbound: OutboundHandler? = nil,
        lastEvent: LastEventField? = nil,
        @ChartBuilder<State, Event, Context> _ content: () -> [ChartElement<State, Event, Context>]
    ) throws(DefinitionError) {
        try self.init(
            compiling: ChartCompilation(content().map(\.declaration), initial: initial.map { [$0] } ?? [], rootTargets: nil),
            options: options, outbound: outbound, lastEvent: lastEvent
        )
    }

    /// Builds and validates a chart that starts in several states at once: one in each of some
    /// regions of parallel states, as an SCXML document's `initial="a b"` says.
    ///
    /// ```swift
    /// let chart = try Statechart<Player, PlayerEvent, Void>(initial: [.playing, .muted]) {
    ///     Parallel(.player) {
    ///         Compound(.playback) { Atomic(.stopped); Atomic(.playing) }
    ///         Compound(.volume) { Atomic(.loud); Atomic(.muted) }
    ///     }
    /// }
    /// ```
    ///
    /// No two of the states may lie in one region (two children of one compound state cannot
    /// be active together); a region none of them is in is entered by its own default.
    ///
    /// - Parameters:
    ///   - initial: The states a machine starts in; the first state written when empty.
    ///   - options: How done events and guard errors are delivered, and what actions see of the
    ///     configuration; see ``StatechartOptions``.
    ///   - outbound: Delivers the events actions schedule to leave the machine; see
    ///     ``OutboundHandler``.
    ///   - lastEvent: A field of the context where the machine keeps each event it takes; see
    ///     ``LastEventField``.
    ///   - content: The chart's top-level states.
    /// - Throws: ``DefinitionError`` naming the first mistake found and where it was written:
    ///   `.conflictingTargets` for two states in one region,
    ///   `.unknownInitialState` for a state the chart does not declare.
    public convenience init(
        initial: [State],
        options: StatechartOptions<State, Event> = StatechartOptions(),
        outbound: OutboundHandler? = nil,
        lastEvent: LastEventField? = nil,
        @ChartBuilder<State, Event, Context> _ content: () -> [ChartElement<State, Event, Context>]
    ) throws(DefinitionError) {
        try self.init(
            compiling: ChartCompilation(content().map(\.declaration), initial: initial, rootTargets: nil),
            options: options, outbound: outbound, lastEvent: lastEvent
        )
    }

    /// Builds and validates a chart from declarations made by another front end (an SCXML
    /// document), whose top-level initial transition may name several states.
    ///
    /// - Parameters:
    ///   - declarations: The top-level states.
    ///   - initialTargets: The states the chart starts in; the first state when `nil`.
    ///   - options: How done events and guard errors are delivered.
    ///   - refusesEndlessEventlessTransitions: Whether an eventless transition with neither a
    ///     target nor a guard is refused; an SCXML document may write one (SCXML does not forbid
    ///     it), and the microstep limit stops it when nothing else ends the loop.
    ///   - refusesParallelsWithoutRegions: Whether a parallel state without child states is
    ///     refused; SCXML 3.4 allows one, entered with no descendants (Appendix D: not atomic,
    ///     so its transitions are never selected, and in a final state, since every child is).
    ///   - dequeueHook: Called with each event the engine dequeues, before it selects
    ///     transitions for it, and with `nil` before the initial configuration is entered; see
    ///     ``dequeueHook``.
    ///   - externalEventHook: Called before each event taken from the external queue; see
    ///     ``ExternalEventHook``.
    ///   - macrostepHook: Called after each macrostep; see ``MacrostepHook``.
    package convenience init(
        declarations: [StateDeclaration<State, Event, Context>],
        initialTargets: [State]?,
        options: StatechartOptions<State, Event>,
        refusesEndlessEventlessTransitions: Bool = true,
        refusesParallelsWithoutRegions: Bool = true,
        dequeueHook: DequeueHook? = nil,
        externalEventHook: ExternalEventHook? = nil,
        macrostepHook: MacrostepHook? = nil
    ) throws(DefinitionError) {
        try self.init(
            compiling: ChartCompilation(
                declarations, initial: [], rootTargets: initialTargets,
                refusesEndlessEventlessTransitions: refusesEndlessEventlessTransitions,
                refusesParallelsWithoutRegions: refusesParallelsWithoutRegions
            ),
            options: options,
            hooks: (dequeueHook, externalEventHook, macrostepHook)
        )
    }

    private init(
        compiling compiled: ChartCompilation<State, Event, Context>,
        options: StatechartOptions<State, Event>,
        outbound: OutboundHandler? = nil,
        lastEvent: LastEventField? = nil,
        hooks: (dequeue: DequeueHook?, externalEvent: ExternalEventHook?, macrostep: MacrostepHook?) = (nil, nil, nil)
    ) {
        self.options = options
        self.outbound = outbound
        lastEventField = lastEvent
        dequeueHook = hooks.dequeue
        externalEventHook = hooks.externalEvent
        macrostepHook = hooks.macrostep
        // A chart with a hook runs on the general path, where the hooks are called.
        // So does one whose actions see the configuration change state by state.
        let hooked = hooks.dequeue != nil || hooks.externalEvent != nil || hooks.macrostep != nil
            || options.actionsSeeStateChanges || options.actionsSeeLastEvent || lastEvent != nil
        states = Array(compiled.states)
        let rootInitial = compiled.transitions[Int(compiled.nodes[0].initialTransition)]
        let initialNode = Int(compiled.targets[Int(rootInitial.targetStart)])
        initialState = compiled.states[initialNode - 1]
        warnings = compiled.warnings
        topology = compiled.topology
        nodes = topology.nodes
        stateTable = compiled.states
        stateIndex = compiled.stateIndex
        stateNode = { [stateIndex] key in (key.base as? State).flatMap { stateIndex[$0] } }
        let actions = ContiguousArray(compiled.actions.map { ActionSlot($0) })
        program = ChartProgram(
            actions: actions,
            guards: ContiguousArray(compiled.guards.map { GuardSlot($0) }),
            regionSlots: ContiguousArray(compiled.regionActions.map { actions[Int($0)] }),
            planSlots: ContiguousArray(compiled.planActions.map { actions[Int($0)] }),
            leafSlots: ContiguousArray(compiled.leafActions.map { actions[Int($0)] })
        )
        transitions = topology.transitions
        targets = topology.targets
        doneData = ContiguousArray(compiled.doneData)
        timerTransitions = ContiguousArray(compiled.timerTransitions)
        kinds = compiled.kinds
        table = compiled.table
        eventless = compiled.eventless
        doneColumn = ContiguousArray(compiled.doneColumn)
        timerColumn = ContiguousArray(compiled.timerColumn)
        historyCount = compiled.historyCount
        // A guard error delivered as an event needs the general path's internal queue; a
        // dequeue hook is called from the general path only.
        isFlat = compiled.isFlat && options.guardErrorEvent == nil && !hooked
        flatInitial = compiled.initialLeaf
        entryPaths = compiled.entryPaths
        entryPathStart = compiled.entryPathStart
        leafSteps = compiled.leafSteps
        leafMoves = compiled.leafMoves
        regionSteps = compiled.regionSteps
        regionNodes = compiled.regionNodes
        atomicMask = compiled.atomicMask
        runsRegionSteps = !compiled.regionSteps.isEmpty && !hooked
        plans = compiled.plans
        planTransitions = compiled.planTransitions
        planIndex = compiled.planIndex
        planBits = compiled.planIndex.count.trailingZeroBitCount
        usesEffects = compiled.usesEffects
        matchesByDescriptor = Event.Kind.self == EventDescriptor.self
        descriptorNames = matchesByDescriptor ? DescriptorNames(compiled.kinds) : DescriptorNames(KindIndex<Int>([]))
        hasEventless = compiled.hasEventless
        setWords = compiled.setWords
        entryMasks = compiled.entryMasks
        transitionLocations = compiled.transitionLocations
        stateConditions = ContiguousArray(compiled.stateConditions)
        stateConditionStart = ContiguousArray(compiled.stateConditionStart)
        outline = compiled.outline
    }

    /// The plan for an event kind's column in a configuration of a chart of at most 64 nodes.
    ///
    /// - Returns: Its index in `plans`, or `nil` when there is none.
    @inlinable
    @inline(__always)
    func plan(in configuration: UInt64, column: Int) -> Int? {
        planIndex.withUnsafeBufferPointer { index in
            guard !index.isEmpty else { return nil }
            var slot = MicrostepPlan.slot(configuration, column, bits: planBits)
            while true {
                let plan = Int(index[slot])
                if plan < 0 { return nil }
                let found = plans.withUnsafeBufferPointer { $0[plan].configuration == configuration && $0[plan].column == Int32(column) }
                if found { return plan }
                slot = (slot &+ 1) & (index.count &- 1)
            }
        }
    }

    /// The node number of `state`, as ``ConfigurationView`` counts them; `nil` for a state the
    /// chart lacks.
    package func node(of state: State) -> Int? {
        stateIndex[state]
    }

    /// Whether `state` is one of the chart's states.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: `true` when the chart declares it.
    public func contains(_ state: State) -> Bool {
        stateIndex[state] != nil
    }

    /// The kinds of event the chart has transitions for, in the order first written.
    public var eventKinds: [Event.Kind] {
        Array(kinds.kinds)
    }

    /// The identity of node `node` (not the root).
    @inlinable
    @inline(__always)
    func state(_ node: Int) -> State {
        stateTable.withUnsafeBufferPointer { $0[node &- 1] }
    }

    @usableFromInline
    func location(ofTransition transition: Int) -> SourceLocation {
        transitionLocations[transition]
    }
}
