public import Statecraft

extension SCXMLDocument {
    /// The document's states and transitions as a read-only `ChartStructure` (from `Statecraft`), for drawings,
    /// lints and path searches.
    ///
    /// ```swift
    /// let document = try SCXMLDocument(contentsOfFile: "light.scxml")
    /// print(document.structure.dot())
    /// for finding in document.structure.lint() { print(finding) }
    /// ```
    ///
    /// States and transitions are numbered in document order, states as ``stateIDs`` lists
    /// them. A transition's guard
    /// label is its `cond` expression and its action label a summary of its executable content
    /// (`raise go; assign x`); entry and exit are summarized per `<onentry>` and `<onexit>`.
    /// Locations are the file, line and column of each element. The `<raise>` and `<send>`
    /// elements whose event is written literally and which go to this session (no target, or
    /// `#_internal`) are the structure's emitted events.
    public var structure: ChartStructure {
        var builder = StructureBuilder(file: file)
        for state in model.states { builder.add(state, parent: nil) }
        let firstTopLevel = builder.states.first { $0.parent == nil && !$0.isHistory }?.index
        let initial = model.initial.map { $0.compactMap(builder.index) } ?? firstTopLevel.map { [$0] } ?? []
        let states = builder.resolvedStates()
        return ChartStructure(
            name: model.name,
            states: states,
            transitions: builder.transitions,
            initial: initial,
            eventMatching: .descriptor,
            emittedEvents: builder.emitted,
            location: builder.location(model.position)
        )
    }
}

/// Numbers a document's states in document order and describes them, their transitions and
/// the events their executable content emits.
private struct StructureBuilder {
    let file: String?
    var states: [ChartStructure.State] = []
    var transitions: [ChartStructure.Transition] = []
    var emitted: [ChartStructure.EmittedEvent] = []
    /// Per state, its initial targets by id, resolved once every state is numbered.
    var initialIDs: [[String]] = []
    /// Per transition, its targets by id.
    var targetIDs: [[String]] = []
    var indices: [String: Int] = [:]

    init(file: String?) {
        self.file = file
    }

    func location(_ position: TextPosition) -> SourceLocation {
        SourceLocation(file: file ?? "document", line: position.line, column: position.column)
    }

    func index(_ id: String) -> Int? {
        indices[id]
    }

    mutating func add(_ state: StateModel, parent: Int?) {
        let index = states.count
        indices[state.id] = indices[state.id] ?? index
        let kind: ChartStructure.StateKind
        switch state.kind {
        case .state: kind = state.children.isEmpty ? .atomic : .compound
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(let deep): kind = .history(deep ? .deep : .shallow)
        }
        var initial: [String] = []
        if case .state = state.kind, !state.children.isEmpty {
            initial = state.initialTransition?.targets ?? state.initial
                ?? state.children.first { if case .history = $0.kind { false } else { true } }.map { [$0.id] } ?? []
        } else if case .history = state.kind {
            initial = state.initialTransition?.targets ?? []
        }
        states.append(ChartStructure.State(
            index: index, id: state.id, kind: kind, parent: parent, initial: [],
            entry: state.onEntry.map(Self.summary), exit: state.onExit.map(Self.summary),
            location: location(state.position)
        ))
        initialIDs.append(initial)
        for block in state.onEntry + state.onExit { collectEmitted(block, state: index, transition: nil) }
        for invoke in state.invokes { collectEmitted(invoke.finalize, state: index, transition: nil) }
        for transition in state.transitions {
            let number = transitions.count
            transitions.append(ChartStructure.Transition(
                index: number, source: index,
                trigger: transition.event.map { .events(EventDescriptor($0).alternatives) } ?? .eventless,
                targets: [], type: transition.isInternal ? .internal : .external,
                hasGuard: transition.cond != nil, guardLabel: transition.cond,
                hasAction: !transition.actions.isEmpty,
                actionLabel: transition.actions.isEmpty ? nil : Self.summary(transition.actions),
                location: location(transition.position)
            ))
            targetIDs.append(transition.targets)
            collectEmitted(transition.actions, state: nil, transition: number)
        }
        for child in state.children { add(child, parent: index) }
    }

    /// The states with their initial targets resolved; fills in the transitions' targets and
    /// numbers the transitions, and orders the emitted events, as the document writes them.
    mutating func resolvedStates() -> [ChartStructure.State] {
        // Collected state by state; a state's transitions written after its children come
        // after theirs in the document.
        func place(_ location: SourceLocation?) -> (Int, Int) { (location?.line ?? 0, location?.column ?? 0) }
        let order = transitions.indices.sorted { place(transitions[$0].location) < place(transitions[$1].location) }
        var renumbered = [Int](repeating: 0, count: transitions.count)
        for (number, old) in order.enumerated() { renumbered[old] = number }
        transitions = order.enumerated().map { number, oldIndex in
            let old = transitions[oldIndex]
            return ChartStructure.Transition(
                index: number, source: old.source, trigger: old.trigger, targets: targetIDs[oldIndex].compactMap(index),
                type: old.type, hasGuard: old.hasGuard, guardLabel: old.guardLabel, hasAction: old.hasAction,
                actionLabel: old.actionLabel, location: old.location
            )
        }
        emitted = emitted.map { event in
            ChartStructure.EmittedEvent(
                name: event.name, kind: event.kind, state: event.state,
                transition: event.transition.map { renumbered[$0] }, location: event.location
            )
        }.sorted { place($0.location) < place($1.location) }
        return states.map { state in
            ChartStructure.State(
                index: state.index, id: state.id, kind: state.kind, parent: state.parent,
                initial: initialIDs[state.index].compactMap(index), entry: state.entry, exit: state.exit,
                location: state.location
            )
        }
    }

    private mutating func collectEmitted(_ actions: [Action], state: Int?, transition: Int?) {
        for action in actions {
            switch action.kind {
            case .raise(let event):
                emitted.append(ChartStructure.EmittedEvent(
                    name: event, kind: .raise, state: state, transition: transition, location: location(action.position)
                ))
            case .send(let send):
                let toSelf = send.targetExpr == nil && (send.target == nil || send.target == "#_internal")
                let scxmlType = send.typeExpr == nil
                    && (send.type == nil || send.type == SCXMLNames.scxmlProcessor || send.type == "scxml")
                if let event = send.event, toSelf, scxmlType {
                    emitted.append(ChartStructure.EmittedEvent(
                        name: event, kind: .send, state: state, transition: transition, location: location(action.position)
                    ))
                }
            case .branches(let branches):
                for branch in branches { collectEmitted(branch.actions, state: state, transition: transition) }
            case .foreach(_, _, _, let body):
                collectEmitted(body, state: state, transition: transition)
            case .cancel, .log, .assign, .script:
                break
            }
        }
    }

    /// A short description of executable content: `raise go; send tick; assign x`.
    static func summary(_ actions: [Action]) -> String? {
        guard !actions.isEmpty else { return nil }
        return actions.map { action in
            switch action.kind {
            case .raise(let event): "raise \(event)"
            case .send(let send): "send " + (send.event ?? send.eventExpr.map { "(\($0))" } ?? "content")
            case .cancel(let id, let expression): "cancel " + (id ?? expression.map { "(\($0))" } ?? "")
            case .log(let label, _): label.map { "log \($0)" } ?? "log"
            case .assign(let location, _, _): "assign \(location)"
            case .branches(let branches): "if \(branches.first?.cond ?? "")"
            case .foreach(let array, _, _, _): "foreach \(array)"
            case .script: "script"
            }
        }.joined(separator: "; ")
    }
}
