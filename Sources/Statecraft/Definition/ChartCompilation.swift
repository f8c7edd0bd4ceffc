/// Turns the declarations a builder collected into the engine's tables, checking them on the way.
struct ChartCompilation<State: Hashable & Sendable, Event: MachineEvent, Context> {
    typealias Closures = ChartClosures<Context, Event>

    var states = ContiguousArray<State>()
    var stateIndex: [State: Int] = [:]
    var stateInfo = ContiguousArray<StateInfo>()
    var entryActions = ContiguousArray<Closures.StateAction?>()
    var exitActions = ContiguousArray<Closures.StateAction?>()
    var initialIndex = 0
    var kinds = KindIndex<Event.Kind>([])
    var table = TransitionTable(stateCount: 0, eventCount: 0, entries: [])
    var transitionInfo = ContiguousArray<TransitionInfo>()
    var guards = ContiguousArray<Closures.Guard?>()
    var actions = ContiguousArray<Closures.Action?>()
    var transitionLocations: [SourceLocation] = []
    var warnings: [DefinitionWarning] = []

    init(_ declarations: [StateDeclaration<State, Event, Context>], initial: State?) throws(DefinitionError) {
        guard let first = declarations.first else {
            throw DefinitionError(
                code: .emptyChart,
                message: "the chart declares no state; write at least one Atomic or Final state in its body"
            )
        }
        var locations: [SourceLocation] = []
        for declaration in declarations {
            if let earlier = stateIndex[declaration.id] {
                throw DefinitionError(
                    code: .duplicateState,
                    message: "state '\(declaration.id)' is declared twice (first at \(locations[earlier])); "
                        + "give every state its own identity",
                    location: declaration.location
                )
            }
            stateIndex[declaration.id] = states.count
            states.append(declaration.id)
            locations.append(declaration.location)
        }
        if let initial {
            guard let index = stateIndex[initial] else {
                throw DefinitionError(
                    code: .unknownInitialState,
                    message: "the initial state '\(initial)' is not a state of the chart; declare it, "
                        + "or name one of: \(states.map { "'\($0)'" }.joined(separator: ", "))",
                    location: first.location
                )
            }
            initialIndex = index
        }

        var entries: [(state: Int, event: Int, transition: Int)] = []
        var kindList: [Event.Kind] = []
        var kindNumbers: [Event.Kind: Int] = [:]
        for (source, declaration) in declarations.enumerated() {
            var entry: [Closures.StateAction] = []
            var exit: [Closures.StateAction] = []
            for element in declaration.elements {
                switch element.storage {
                case .entry(let action): entry.append(action)
                case .exit(let action): exit.append(action)
                case .transition(let transition):
                    try Self.check(transition, from: declaration, states: stateIndex)
                    let kindNumber: Int
                    if let known = kindNumbers[transition.kind] {
                        kindNumber = known
                    } else {
                        kindNumber = kindList.count
                        kindNumbers[transition.kind] = kindNumber
                        kindList.append(transition.kind)
                    }
                    entries.append((source, kindNumber, transitionInfo.count))
                    transitionInfo.append(TransitionInfo(
                        source: Int32(source),
                        target: Int32(transition.target.flatMap { stateIndex[$0] } ?? -1),
                        hasGuard: transition.condition != nil,
                        hasAction: transition.action != nil
                    ))
                    guards.append(transition.condition)
                    actions.append(transition.action)
                    transitionLocations.append(transition.location)
                }
            }
            stateInfo.append(StateInfo(isFinal: declaration.kind == .final, hasEntry: !entry.isEmpty, hasExit: !exit.isEmpty))
            entryActions.append(Self.sequence(entry))
            exitActions.append(Self.sequence(exit))
        }
        kinds = KindIndex(kindList)
        table = TransitionTable(stateCount: states.count, eventCount: kindList.count, entries: entries)
        warnings = findUnreachableStates(locations: locations) + findShadowedTransitions()
    }

    private static func check(
        _ transition: TransitionDeclaration<State, Event, Context>,
        from declaration: StateDeclaration<State, Event, Context>,
        states stateIndex: [State: Int]
    ) throws(DefinitionError) {
        if declaration.kind == .final {
            throw DefinitionError(
                code: .transitionFromFinalState,
                message: "final state '\(declaration.id)' declares a transition on '\(transition.kind)'; "
                    + "a final state ends the machine and has no transitions: make it Atomic, or remove the transition",
                location: transition.location
            )
        }
        if let target = transition.target, stateIndex[target] == nil {
            throw DefinitionError(
                code: .unknownTarget,
                message: "the transition on '\(transition.kind)' from '\(declaration.id)' targets '\(target)', "
                    + "which is not a state of the chart; declare that state or fix the target",
                location: transition.location
            )
        }
    }

    /// One closure that runs several in order, or `nil` for none.
    private static func sequence(_ actions: [Closures.StateAction]) -> Closures.StateAction? {
        switch actions.count {
        case 0: nil
        case 1: actions[0]
        default: { context, event in for action in actions { action(&context, event) } }
        }
    }

    private func findUnreachableStates(locations: [SourceLocation]) -> [DefinitionWarning] {
        var reached = [Bool](repeating: false, count: states.count)
        var pending = [initialIndex]
        reached[initialIndex] = true
        var outgoing = [[Int]](repeating: [], count: states.count)
        for info in transitionInfo where info.target >= 0 {
            outgoing[Int(info.source)].append(Int(info.target))
        }
        while let state = pending.popLast() {
            for target in outgoing[state] where !reached[target] {
                reached[target] = true
                pending.append(target)
            }
        }
        return states.indices.filter { !reached[$0] }.map { index in
            DefinitionWarning(
                code: .unreachableState,
                message: "state '\(states[index])' cannot be reached from the initial state '\(states[initialIndex])'",
                location: locations[index]
            )
        }
    }

    private func findShadowedTransitions() -> [DefinitionWarning] {
        var warnings: [DefinitionWarning] = []
        for state in states.indices {
            for event in 0..<table.eventCount {
                var unguardedSeen = false
                for position in table.cell(state: state, event: event) {
                    let transition = table.transition(at: position)
                    if unguardedSeen {
                        warnings.append(DefinitionWarning(
                            code: .shadowedTransition,
                            message: "this transition on '\(kinds.kinds[event])' from '\(states[state])' is never taken: "
                                + "an earlier one without guard always is",
                            location: transitionLocations[transition]
                        ))
                    }
                    if !transitionInfo[transition].hasGuard { unguardedSeen = true }
                }
            }
        }
        return warnings
    }
}
