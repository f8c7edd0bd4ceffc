extension Statechart {
    /// The chart's states and transitions as a read-only ``ChartStructure``: what drawings,
    /// lints and path searches read.
    ///
    /// ```swift
    /// print(turnstile.structure.dot())
    /// ```
    ///
    /// `structure.states[i]` describes `states[i]`; a state's id is its description
    /// (`String(describing:)`), and an event kind's name is the kind's description (for an
    /// ``EventDescriptor``, each of its alternatives). Guards and actions appear with the
    /// labels given by `labelled(guard:action:)` and `labelled(_:)`; source locations are
    /// where the DSL elements were written.
    ///
    /// - Complexity: O(*n* + *t*) for *n* states and *t* transitions; the structure is made
    ///   each time this is read.
    public var structure: ChartStructure {
        let ordinary = outline.transitions.indices.filter { !outline.transitions[$0].isInitial }
        func targetStates(of transition: Int) -> [Int] {
            let info = transitions[transition]
            return (0..<Int(info.targetCount)).map { Int(self.targets[Int(info.targetStart) + $0]) - 1 }
        }
        var states: [ChartStructure.State] = []
        states.reserveCapacity(nodes.count - 1)
        for node in 1..<nodes.count {
            let kind: ChartStructure.StateKind
            switch nodes[node].kind {
            case .root, .compound: kind = .compound
            case .atomic: kind = .atomic
            case .parallel: kind = .parallel
            case .final: kind = .final
            case .shallowHistory: kind = .history(.shallow)
            case .deepHistory: kind = .history(.deep)
            }
            let initialTransition = Int(nodes[node].initialTransition)
            let parent = Int(nodes[node].parent)
            states.append(ChartStructure.State(
                index: node - 1,
                id: String(describing: stateTable[node - 1]),
                kind: kind,
                parent: parent > 0 ? parent - 1 : nil,
                initial: initialTransition >= 0 ? targetStates(of: initialTransition) : [],
                entry: outline.entryLabels[node],
                exit: outline.exitLabels[node],
                location: outline.locations[node]
            ))
        }
        var structureTransitions: [ChartStructure.Transition] = []
        structureTransitions.reserveCapacity(ordinary.count)
        for (index, compiled) in ordinary.enumerated() {
            let info = transitions[compiled]
            let written = outline.transitions[compiled]
            let trigger: ChartStructure.Trigger
            switch written.trigger {
            case .event(let kind): trigger = .events(Self.eventNames(of: kind))
            case .eventless: trigger = .eventless
            case .done: trigger = .done
            case .after(let delay): trigger = .after(delay)
            }
            structureTransitions.append(ChartStructure.Transition(
                index: index,
                source: Int(info.source) - 1,
                trigger: trigger,
                targets: targetStates(of: compiled),
                type: info.isInternal ? .internal : .external,
                hasGuard: written.hasWrittenGuard,
                guardLabel: written.guardLabel,
                hasAction: info.action >= 0,
                actionLabel: written.actionLabel,
                location: transitionLocations[compiled]
            ))
        }
        return ChartStructure(
            name: nil,
            states: states,
            transitions: structureTransitions,
            initial: targetStates(of: Int(nodes[0].initialTransition)),
            eventMatching: matchesByDescriptor ? .descriptor : .exact,
            location: outline.locations[0]
        )
    }

    /// The kind of event that triggers a transition of ``structure``.
    ///
    /// A path search over the structure uses it to find the typed kind behind a transition's
    /// event names, and then an event of that kind to send.
    ///
    /// - Parameter transition: The transition's index in ``structure``'s `transitions`.
    /// - Returns: Its event kind, or `nil` for an eventless, done or delayed transition or an
    ///   index out of range.
    public func eventKind(ofTransition transition: Int) -> Event.Kind? {
        // Initial transitions are compiled first, so the ones written follow them in order.
        let first = outline.transitions.firstIndex { !$0.isInitial } ?? outline.transitions.count
        let compiled = first + transition
        guard transition >= 0, compiled < outline.transitions.count,
              case .event(let kind) = outline.transitions[compiled].trigger else { return nil }
        return kind
    }

    /// The names a kind stands for in a structure: a descriptor's alternatives, or the kind's
    /// description.
    private static func eventNames(of kind: Event.Kind) -> [String] {
        if let descriptor = kind as? EventDescriptor { return descriptor.alternatives }
        return [String(describing: kind)]
    }
}
