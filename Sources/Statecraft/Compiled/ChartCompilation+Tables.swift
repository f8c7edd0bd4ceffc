/// The tables: the state-by-event transition table, its columns, and the static entry sets.
extension ChartCompilation {
    mutating func buildTables() {
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
    mutating func computeStaticEntrySets() {
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
        for node in nodes.indices where nodes[node].isAtomic { atomicMask[node &>> 6] |= 1 &<< UInt64(node & 63) }
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
}
