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
    /// What the chart keeps of the definition for its structure.
    var outline = ChartOutline<Event.Kind>()

    /// Each node's declaration, and each transition's declaration with the node it is written in.
    private var declarations: [Declaration] = []
    private var written: [(node: Int, transition: Transition, kind: WrittenKind)] = []
    /// The ordinary (not initial) transitions: the node written in, the index, the trigger.
    private var ordinary: [(node: Int, index: Int, trigger: TriggerDeclaration<Event.Kind>)] = []

    private enum WrittenKind { case ordinary, initial }

    /// - Parameters:
    ///   - roots: The top-level states.
    ///   - initial: The state the chart starts in (the root's `initial:`).
    ///   - rootTargets: Instead, the targets of the root's initial transition (several states in
    ///     parallel regions), as an SCXML document's `initial` attribute names them.
    init(_ roots: [Declaration], initial: State?, rootTargets: [State]?) throws(DefinitionError) {
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

    // MARK: Numbering

    /// Numbers `declaration` and its descendants in document order.
    private mutating func number(_ declaration: Declaration, parent: Int) throws(DefinitionError) {
        let index = nodes.count
        let kind: NodeKind
        switch declaration.kind {
        case .atomic: kind = .atomic
        case .compound: kind = parent < 0 ? .root : .compound
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(.shallow): kind = .shallowHistory
        case .history(.deep): kind = .deepHistory
        }
        if parent >= 0 {
            if let earlier = stateIndex[declaration.id] {
                throw DefinitionError(
                    code: .duplicateState,
                    message: "state '\(declaration.id)' is declared twice (first at \(locations[earlier - 1])); "
                        + "give every state its own identity",
                    location: declaration.location
                )
            }
            stateIndex[declaration.id] = index
            states.append(declaration.id)
            locations.append(declaration.location)
        }
        nodes.append(ChartNode(
            kind: kind, parent: Int32(parent), end: 0, initialTransition: -1, historySlot: -1,
            entryStart: 0, entryCount: 0, exitStart: 0, exitCount: 0, hasHistoryChild: false, hasTimers: false,
            depth: parent < 0 ? 0 : nodes[parent].depth + 1
        ))
        declarations.append(declaration)
        doneData.append(nil)
        if kind == .shallowHistory || kind == .deepHistory {
            nodes[index].historySlot = Int32(historyCount)
            historyCount += 1
            if parent >= 0 { nodes[parent].hasHistoryChild = true }
        }
        var entry: [ActionClosure<State, Event, Context>] = []
        var exit: [ActionClosure<State, Event, Context>] = []
        outline.locations.append(declaration.location)
        outline.entryLabels.append([])
        outline.exitLabels.append([])
        for element in declaration.elements {
            switch element.storage {
            case .child(let child):
                try number(child, parent: index)
            case .entry(let action):
                entry.append(action)
                outline.entryLabels[index].append(element.label)
            case .exit(let action):
                exit.append(action)
                outline.exitLabels[index].append(element.label)
            case .transition(let transition):
                written.append((index, transition, .ordinary))
            case .initial(let transition):
                written.append((index, transition, .initial))
            case .doneData(let make):
                guard kind == .final else {
                    throw DefinitionError(
                        code: .misplacedElement,
                        message: "DoneData is written in '\(declaration.id)', which is not a Final state; "
                            + "done data belongs in the final state whose entry completes its parent",
                        location: declaration.location
                    )
                }
                doneData[index] = make
            }
        }
        nodes[index].entryStart = Int32(actions.count)
        nodes[index].entryCount = Int32(entry.count)
        actions.append(contentsOf: entry)
        nodes[index].exitStart = Int32(actions.count)
        nodes[index].exitCount = Int32(exit.count)
        actions.append(contentsOf: exit)
        usesEffects = usesEffects || (entry + exit).contains { $0.producesEffects }
        nodes[index].end = Int32(nodes.count)
    }

    /// The child states of `node` in document order, history states left out.
    func childStates(of node: Int) -> [Int] {
        var children: [Int] = []
        var child = node + 1
        while child < Int(nodes[node].end) {
            if !nodes[child].isHistory { children.append(child) }
            child = Int(nodes[child].end)
        }
        return children
    }

    /// Whether `node` is a proper descendant of `ancestor`.
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        node > ancestor && node < Int(nodes[ancestor].end)
    }

    private func name(_ node: Int) -> String {
        node == 0 ? "the chart" : "'\(states[node - 1])'"
    }

    private func location(_ node: Int) -> SourceLocation {
        node == 0 ? declarations[0].location : locations[node - 1]
    }

    // MARK: Structure

    private func checkStructure() throws(DefinitionError) {
        // The Initial transitions written in each state, gathered once: asking `written` per
        // state made building a chart of thousands of states quadratic.
        var initialsByNode: [Int: [Transition]] = [:]
        for entry in written where entry.kind == .initial { initialsByNode[entry.node, default: []].append(entry.transition) }
        for node in nodes.indices {
            let children = childStates(of: node)
            switch nodes[node].kind {
            case .compound where children.isEmpty:
                throw DefinitionError(
                    code: .compoundWithoutChildren,
                    message: "compound state \(name(node)) has no child state; write its children, or declare it Atomic",
                    location: location(node)
                )
            case .parallel where children.isEmpty:
                throw DefinitionError(
                    code: .parallelWithoutRegions,
                    message: "parallel state \(name(node)) has no region; write at least one child state in it, "
                        + "or declare it Atomic",
                    location: location(node)
                )
            default:
                break
            }
            let initials = initialsByNode[node] ?? []
            if nodes[node].kind == .parallel, let first = initials.first {
                throw DefinitionError(
                    code: .misplacedElement,
                    message: "parallel state \(name(node)) has an Initial transition; every region of a parallel "
                        + "state is entered, so remove it",
                    location: first.location
                )
            }
            if initials.count > 1 || (initials.count == 1 && declaredInitial(node) != nil) {
                throw DefinitionError(
                    code: .misplacedElement,
                    message: "compound state \(name(node)) names its initial state more than once; "
                        + "keep one of `initial:` and `Initial(to:)`",
                    location: initials.last?.location ?? location(node)
                )
            }
        }
    }

    private func declaredInitial(_ node: Int) -> State? {
        if case .compound(let initial) = declarations[node].kind { initial } else { nil }
    }

    // MARK: Transitions

    private mutating func compileTransitions() throws(DefinitionError) {
        timerTransitions = Array(repeating: [], count: nodes.count)
        // Initial transitions of the root and of compound states, and defaults of history states.
        var writtenInitial: [Int: Transition] = [:]
        for entry in written where entry.kind == .initial && writtenInitial[entry.node] == nil {
            writtenInitial[entry.node] = entry.transition
        }
        for node in nodes.indices where nodes[node].isCompound || nodes[node].isHistory {
            if let initial = declaredInitial(node), stateIndex[initial] == nil {
                throw DefinitionError(
                    code: .unknownInitialState,
                    message: "the initial state '\(initial)' of \(name(node)) is not a state of the chart; declare it, "
                        + "or name one of: \(states.map { "'\($0)'" }.joined(separator: ", "))",
                    location: location(node)
                )
            }
            let declaration = writtenInitial[node]
            let transition: Transition
            if let declaration {
                transition = declaration
            } else if let initial = declaredInitial(node) {
                transition = Transition(
                    trigger: .eventless, targets: [initial], type: .external, condition: nil, action: nil,
                    location: location(node)
                )
            } else if nodes[node].isHistory {
                transition = Transition(
                    trigger: .eventless, targets: [], type: .external, condition: nil, action: nil,
                    location: location(node)
                )
            } else {
                transition = Transition(
                    trigger: .eventless, targets: [states[childStates(of: node)[0] - 1]], type: .external,
                    condition: nil, action: nil, location: location(node)
                )
            }
            nodes[node].initialTransition = Int32(try add(transition, from: node, role: .initial))
        }
        for (node, transition, kind) in written where kind == .ordinary {
            if nodes[node].kind == .final {
                throw DefinitionError(
                    code: .transitionFromFinalState,
                    message: "final state \(name(node)) declares a transition \(transition.triggerDescription); "
                        + "a final state has no transitions: make it Atomic, or move the transition to its parent",
                    location: transition.location
                )
            }
            if case .eventless = transition.trigger, transition.targets.isEmpty, transition.condition == nil {
                throw DefinitionError(
                    code: .endlessEventlessTransition,
                    message: "the eventless transition in \(name(node)) has neither a target nor a guard, so it would be "
                        + "taken again after every microstep, forever; give it a target, or a guard that turns false",
                    location: transition.location
                )
            }
            let index = try add(transition, from: node, role: .ordinary)
            ordinary.append((node, index, transition.trigger))
            if case .after = transition.trigger {
                timerTransitions[node].append(Int32(index))
                nodes[node].hasTimers = true
            }
        }
    }

    private enum Role { case ordinary, initial }

    /// Checks a transition's targets and appends it; returns its index.
    private mutating func add(_ transition: Transition, from source: Int, role: Role) throws(DefinitionError) -> Int {
        var resolved: [Int] = []
        for target in transition.targets {
            guard let node = stateIndex[target] else {
                throw DefinitionError(
                    code: .unknownTarget,
                    message: "the transition \(transition.triggerDescription) from \(name(source)) targets '\(target)', "
                        + "which is not a state of the chart; declare that state or fix the target",
                    location: transition.location
                )
            }
            resolved.append(node)
        }
        if role == .initial { try checkInitialTargets(resolved, of: source, at: transition.location) }
        try checkTargetsCompatible(resolved, transition: transition, source: source)
        let index = transitions.count
        var action: Int32 = -1
        if let closure = transition.action {
            action = Int32(actions.count)
            actions.append(closure)
            usesEffects = usesEffects || closure.producesEffects
        }
        var delay = Duration.zero
        if case .after(let after) = transition.trigger { delay = after }
        let conditions = try stateConditions(of: transition, from: source)
        stateConditions.append(contentsOf: conditions)
        stateConditionStart.append(Int32(stateConditions.count))
        transitions.append(TransitionInfo(
            source: Int32(source), targetStart: Int32(targets.count), targetCount: Int32(resolved.count),
            domain: -1, action: action, hasGuard: transition.condition != nil || !conditions.isEmpty,
            isInternal: transition.type == .internal, hasStaticEntry: false, delay: delay
        ))
        targets.append(contentsOf: resolved.map { Int32($0) })
        guards.append(transition.condition)
        transitionLocations.append(transition.location)
        outline.transitions.append(ChartOutline.Transition(
            trigger: transition.trigger, isInitial: role == .initial,
            hasWrittenGuard: (transition.condition != nil && !transition.guardOnlyMatchesCase) || !conditions.isEmpty,
            guardLabel: transition.guardLabel, actionLabel: transition.actionLabel
        ))
        transitions[index].domain = Int32(staticDomain(of: index))
        return index
    }

    /// A transition's state conditions (``When``) as node numbers: required states as
    /// themselves, excluded ones negated.
    private func stateConditions(of transition: Transition, from source: Int) throws(DefinitionError) -> [Int32] {
        var conditions: [Int32] = []
        for (states, sign) in [(transition.requiredStates, Int32(1)), (transition.excludedStates, Int32(-1))] {
            for state in states {
                guard let node = stateIndex[state] else {
                    throw DefinitionError(
                        code: .unknownState,
                        message: "the transition \(transition.triggerDescription) from \(name(source)) is conditioned on "
                            + "'\(state)', which is not a state of the chart; declare that state or fix the condition",
                        location: transition.location
                    )
                }
                conditions.append(sign &* Int32(node))
            }
        }
        return conditions
    }

    private func checkInitialTargets(_ resolved: [Int], of node: Int, at location: SourceLocation) throws(DefinitionError) {
        let kind = nodes[node].kind
        let owner = kind == .shallowHistory || kind == .deepHistory ? Int(nodes[node].parent) : node
        for target in resolved {
            let allowed: Bool
            switch kind {
            case .shallowHistory: allowed = Int(nodes[target].parent) == owner && !nodes[target].isHistory
            case .deepHistory: allowed = isDescendant(target, of: owner) && !nodes[target].isHistory
            // SCXML 3.6: an initial transition may target a history state among the
            // descendants; the history's recorded or default configuration is then entered.
            default: allowed = isDescendant(target, of: owner)
            }
            guard allowed else {
                let what = switch kind {
                case .shallowHistory: "the default of shallow history \(name(node)) must be a child state of \(name(owner))"
                case .deepHistory: "the default of deep history \(name(node)) must be a descendant of \(name(owner))"
                default: "the initial state of \(name(node)) must be one of its descendants"
                }
                throw DefinitionError(
                    code: .invalidInitial,
                    message: "\(what); \(name(target)) is not",
                    location: location
                )
            }
        }
    }

    /// Refuses targets that cannot be active together: two descendants of different children
    /// of one compound state.
    private func checkTargetsCompatible(_ resolved: [Int], transition: Transition, source: Int) throws(DefinitionError) {
        for (position, first) in resolved.enumerated() {
            for second in resolved[(position + 1)...] {
                var ancestor = Int(nodes[first].parent)
                while !(second == ancestor || isDescendant(second, of: ancestor)) {
                    ancestor = Int(nodes[ancestor].parent)
                }
                let related = first == second || isDescendant(first, of: second) || isDescendant(second, of: first)
                if nodes[ancestor].kind != .parallel && !related {
                    throw DefinitionError(
                        code: .conflictingTargets,
                        message: "the transition \(transition.triggerDescription) from \(name(source)) targets "
                            + "\(name(first)) and \(name(second)), which cannot be active together: "
                            + "only one child of \(name(ancestor)) is active at a time",
                        location: transition.location
                    )
                }
            }
        }
    }

    /// The transition domain when no target is a history state; -1 without targets, -2 when it
    /// depends on history.
    private func staticDomain(of transition: Int) -> Int {
        let info = transitions[transition]
        let resolved = (0..<Int(info.targetCount)).map { Int(targets[Int(info.targetStart) + $0]) }
        if resolved.isEmpty { return -1 }
        if resolved.contains(where: { nodes[$0].isHistory }) { return -2 }
        let source = Int(info.source)
        if nodes[source].kind == .root || nodes[source].isHistory {
            return nodes[source].isHistory ? Int(nodes[source].parent) : 0
        }
        if info.isInternal && nodes[source].isCompound && resolved.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        return leastCommonCompoundAncestor(source, resolved)
    }

    /// SCXML's `findLCCA`: the nearest proper ancestor of `head` that is compound (or the root)
    /// and contains every state of `tail`.
    func leastCommonCompoundAncestor(_ head: Int, _ tail: [Int]) -> Int {
        var ancestor = Int(nodes[head].parent)
        while ancestor > 0 {
            if nodes[ancestor].isCompound && tail.allSatisfy({ isDescendant($0, of: ancestor) }) { return ancestor }
            ancestor = Int(nodes[ancestor].parent)
        }
        return 0
    }

    // MARK: Tables

    private mutating func buildTables() {
        var kindList: [Event.Kind] = []
        var kindNumbers: [Event.Kind: Int] = [:]
        var transitionColumns = [[Int]](repeating: [], count: transitions.count)
        var eventlessTransitions = Set<Int>()
        // Columns: event kinds first, then done events, then delayed transitions. A descriptor
        // with several names gets a column per name.
        for entry in ordinary {
            guard case .event(let kind) = entry.trigger else { continue }
            for column in Self.columnKinds(kind) where kindNumbers[column] == nil {
                kindNumbers[column] = kindList.count
                kindList.append(column)
            }
        }
        var columns = kindList.count
        doneColumn = Array(repeating: -1, count: nodes.count)
        timerColumn = Array(repeating: -1, count: transitions.count)
        for entry in ordinary {
            switch entry.trigger {
            case .event(let kind):
                transitionColumns[entry.index] = Self.columnKinds(kind).map { kindNumbers[$0]! }
            case .eventless:
                eventlessTransitions.insert(entry.index)
                isFlat = false
            case .done:
                if doneColumn[entry.node] < 0 {
                    doneColumn[entry.node] = Int32(columns)
                    columns += 1
                }
                transitionColumns[entry.index] = [Int(doneColumn[entry.node])]
                isFlat = false
            case .after:
                timerColumn[entry.index] = Int32(columns)
                transitionColumns[entry.index] = [columns]
                columns += 1
                isFlat = false
            }
        }
        // Candidates per atomic node: its own transitions, then its ancestors', in document order.
        var byNode = [[Int]](repeating: [], count: nodes.count)
        for entry in ordinary { byNode[entry.node].append(entry.index) }
        var entries: [(state: Int, event: Int, transition: Int)] = []
        var eventlessEntries: [(state: Int, event: Int, transition: Int)] = []
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            var node = leaf
            while node > 0 {
                for transition in byNode[node] {
                    if eventlessTransitions.contains(transition) {
                        eventlessEntries.append((leaf, 0, transition))
                    } else {
                        for column in transitionColumns[transition] { entries.append((leaf, column, transition)) }
                    }
                }
                node = Int(nodes[node].parent)
            }
        }
        kinds = KindIndex(kindList)
        table = TransitionTable(
            stateCount: nodes.count, eventCount: columns, entries: entries,
            layout: ChartCompilationOptions.buildsAsLarge ? .displaced : .automatic
        )
        eventless = TransitionTable(stateCount: nodes.count, eventCount: 1, entries: eventlessEntries)
        hasEventless = !eventlessEntries.isEmpty
        // One active leaf at a time, and nothing but events of yours moves it: the leaf path.
        // A leaf move names its column in 24 bits (`LeafMove.gate`).
        isFlat = isFlat && !usesEffects && historyCount == 0 && Event.Kind.self != EventDescriptor.self
            && columns < LeafMove.columnLimit
            && nodes.dropFirst().allSatisfy { $0.kind != .parallel && ($0.kind != .final || $0.parent == 0) }
    }

    /// The column kinds of a transition's kind: itself, or one single-name descriptor per name
    /// of an event descriptor.
    static func columnKinds(_ kind: Event.Kind) -> [Event.Kind] {
        guard let descriptor = kind as? EventDescriptor else { return [kind] }
        return descriptor.alternatives.map { EventDescriptor($0) as! Event.Kind }
    }

    /// The topology the engine computes entry sets on.
    var topology: ChartTopology {
        ChartTopology(nodes: ContiguousArray(nodes), transitions: ContiguousArray(transitions), targets: targets)
    }

    /// The largest chart, in words per state set, that keeps each transition's entry sets as
    /// masks (`entryMasks`): 256 states. A larger chart enters states from their entry paths,
    /// which grow with the states a transition enters rather than with the chart.
    static var entryMaskWordLimit: Int { 4 }

    /// Computes, for every transition that targets no history state, the states it enters and
    /// those it enters by default, so that taking it needs no entry-set computation: as a path
    /// (`entryPaths`) for every chart, and as masks as well for a chart of at most
    /// ``entryMaskWordLimit`` words.
    private mutating func computeStaticEntrySets() {
        setWords = (nodes.count + 63) >> 6
        let keepsMasks = setWords <= Self.entryMaskWordLimit && !ChartCompilationOptions.buildsAsLarge
        entryMasks = keepsMasks ? ContiguousArray(repeating: 0, count: transitions.count * 2 * setWords) : []
        let topology = topology
        var scratch = StaticEntryScratch(capacity: nodes.count)
        entryPathStart = [0]
        for transition in transitions.indices {
            if transitions[transition].domain >= 0 {
                scratch.toEnter.removeAll()
                scratch.defaultEntry.removeAll()
                scratch.usedHistory = false
                topology.computeEntrySet(transition, into: &scratch)
                if !scratch.usedHistory {
                    transitions[transition].hasStaticEntry = true
                    if keepsMasks {
                        let base = transition * 2 * setWords
                        for word in 0 ..< setWords {
                            entryMasks[base + word] = scratch.toEnter.words[word]
                            entryMasks[base + setWords + word] = scratch.defaultEntry.words[word]
                        }
                    }
                    var next = scratch.toEnter.next(from: 1, below: nodes.count)
                    while let node = next {
                        let byDefault: Int32 = scratch.defaultEntry.contains(node) ? 1 : 0
                        entryPaths.append(Int32(node) << 1 | byDefault)
                        next = scratch.toEnter.next(from: node + 1, below: nodes.count)
                    }
                }
            }
            entryPathStart.append(Int32(entryPaths.count))
        }
        let start = Int(nodes[0].initialTransition)
        // Only a flat chart (no history) uses the initial leaf; an initial entry that passes
        // through a history state has no static path.
        if transitions[start].hasStaticEntry {
            initialLeaf = Int(entryPaths[Int(entryPathStart[start + 1]) - 1] >> 1)
        }
        if isFlat { computeLeafSteps() }
        atomicMask = ContiguousArray(repeating: 0, count: setWords)
        for node in nodes.indices where nodes[node].isAtomic { StateSet.insert(&atomicMask, 0, node) }
        if leafSteps.contains(where: { $0.actionCount == UInt16.max }) {
            // A step whose actions do not fit its count (tens of thousands): the general path.
            isFlat = false
            leafSteps = []
            leafMoves = []
        }
        if !isFlat && Event.Kind.self != EventDescriptor.self && !ChartCompilationOptions.skipsRegionSteps {
            computeRegionSteps()
            if !ChartCompilationOptions.skipsPlans { computePlans() }
        }
        assert(fastPathsAgreeWithGeneralPath())
    }

    // MARK: Warnings

    /// The states a set of targets makes active, ignoring history values: the targets, their
    /// ancestors, their default descendants, and every region of a parallel state entered.
    private func entryClosure(_ start: [Int]) -> Set<Int> {
        var entered = Set<Int>()
        var pending = start
        while let node = pending.popLast() {
            guard node > 0, entered.insert(node).inserted else { continue }
            pending.append(Int(nodes[node].parent))
            switch nodes[node].kind {
            case .compound, .shallowHistory, .deepHistory:
                let initial = transitions[Int(nodes[node].initialTransition)]
                let defaults = (0..<Int(initial.targetCount)).map { Int(targets[Int(initial.targetStart) + $0]) }
                pending.append(contentsOf: defaults.isEmpty && nodes[node].isHistory
                    ? [Int(nodes[node].parent)] : defaults)
                if nodes[node].isHistory { entered.remove(node) }
            case .parallel:
                pending.append(contentsOf: childStates(of: node))
            default:
                break
            }
        }
        return entered
    }

    private func findUnreachableStates() -> [DefinitionWarning] {
        let rootInitial = transitions[Int(nodes[0].initialTransition)]
        // A worklist over the states reached, each state's transitions followed once (a
        // fixpoint over all transitions was quadratic on long chains).
        var bySource = [[Int]](repeating: [], count: nodes.count)
        for (index, transition) in transitions.enumerated() where transition.source >= 0 {
            bySource[Int(transition.source)].append(index)
        }
        var reached = Set<Int>()
        var pending: [Int] = []
        func reach(_ states: Set<Int>) {
            for state in states where reached.insert(state).inserted { pending.append(state) }
        }
        reach(entryClosure((0..<Int(rootInitial.targetCount)).map { Int(targets[Int(rootInitial.targetStart) + $0]) }))
        while let state = pending.popLast() {
            for index in bySource[state] {
                let transition = transitions[index]
                reach(entryClosure((0..<Int(transition.targetCount)).map { Int(targets[Int(transition.targetStart) + $0]) }))
            }
        }
        return (1..<nodes.count).filter { !reached.contains($0) && !nodes[$0].isHistory }.map { node in
            DefinitionWarning(
                code: .unreachableState,
                message: "state \(name(node)) cannot be reached from the initial state \(name(Int(targets[Int(rootInitial.targetStart)])))",
                location: location(node)
            )
        }
    }

    private func findShadowedTransitions() -> [DefinitionWarning] {
        var warnings: [DefinitionWarning] = []
        var reported = Set<Int>()
        for leaf in nodes.indices where nodes[leaf].isAtomic {
            for column in 0..<kinds.count {
                var unguardedSource = -1
                for position in table.cell(state: leaf, event: column) {
                    let transition = table.transition(at: position)
                    let source = Int(transitions[transition].source)
                    if unguardedSource == source, reported.insert(transition).inserted {
                        warnings.append(DefinitionWarning(
                            code: .shadowedTransition,
                            message: "this transition on '\(kinds.kinds[column])' from \(name(source)) is never taken: "
                                + "an earlier one without guard always is",
                            location: transitionLocations[transition]
                        ))
                    }
                    if !transitions[transition].hasGuard && unguardedSource < 0 { unguardedSource = source }
                }
            }
        }
        return warnings
    }
}
