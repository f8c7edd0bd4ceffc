/// Numbering: the states become nodes in document order, the synthetic root at 0.
extension ChartCompilation {
    /// Numbers `declaration` and its descendants in document order.
    mutating func number(_ declaration: Declaration, parent: Int) throws(DefinitionError) {
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

    func name(_ node: Int) -> String {
        node == 0 ? "the chart" : "'\(states[node - 1])'"
    }

    func location(_ node: Int) -> SourceLocation {
        node == 0 ? declarations[0].location : locations[node - 1]
    }
}
