/// SCXML's `selectTransitions` and `selectEventlessTransitions` (W3C SCXML 1.0, Appendix D):
/// the candidates of each active atomic state, read from the chart's tables, and their guards.
extension Machine {
    /// What selecting transitions found.
    @usableFromInline
    enum Selection {
        /// No candidate transition for the trigger in any active state.
        case none
        /// Candidates exist but every guard declined.
        case declined
        /// A guard threw (only when selecting strictly, for an event from outside).
        case failed(any Error, transition: Int)
        /// `enabled` holds the optimal enabled transition set.
        case selected
    }

    /// The column of the table a trigger reads, or -1 when nothing can match it.
    @inlinable
    func column(for trigger: Trigger<Event>) -> Int {
        switch trigger {
        case .event(let event): chart.kinds.index(of: event.kind) ?? -1
        case .done(let node, _): Int(chart.doneColumn[Int(node)])
        case .timer(let transition): Int(chart.timerColumn[Int(transition)])
        case .outbound: -1
        }
    }

    /// The candidate transitions of an active atomic state for a trigger, in priority order.
    /// Used by `canSend`; selection reads table cells directly.
    @usableFromInline
    func candidates(of leaf: Int, for trigger: Trigger<Event>?) -> [Int] {
        guard let trigger else {
            return chart.eventless.cell(state: leaf, event: 0).map { chart.eventless.transition(at: $0) }
        }
        if chart.matchesByDescriptor, case .event(let event) = trigger {
            return descriptorCandidates(of: leaf, columns: descriptorColumns(event))
        }
        let column = column(for: trigger)
        guard column >= 0 else { return [] }
        return chart.table.cell(state: leaf, event: column).map { chart.table.transition(at: $0) }
    }

    /// The columns an event reads when kinds are descriptors: its name, each shorter prefix at
    /// a dot, and `*` (see ``DescriptorNames``).
    @usableFromInline
    func descriptorColumns(_ event: Event) -> [Int] {
        guard let name = event.descriptorName else { return [] }
        var columns: [Int] = []
        chart.descriptorNames.forEachColumn(of: name) { columns.append($0) }
        return columns
    }

    /// The transitions of several columns of a state, merged in priority order: deeper source
    /// first, then document order.
    @inlinable
    func descriptorCandidates(of leaf: Int, columns: [Int]) -> [Int] {
        var merged: [Int] = []
        for column in columns {
            for position in chart.table.cell(state: leaf, event: column) {
                let transition = chart.table.transition(at: position)
                if !merged.contains(transition) { merged.append(transition) }
            }
        }
        return merged.sorted { first, second in
            let a = chart.nodes[Int(chart.transitions[first].source)].depth
            let b = chart.nodes[Int(chart.transitions[second].source)].depth
            return a != b ? a > b : first < second
        }
    }

    /// SCXML's `selectTransitions` (with a trigger) and `selectEventlessTransitions` (without):
    /// for each active atomic state in document order, the first enabled transition of the
    /// state or its nearest ancestor; then `removeConflictingTransitions`.
    ///
    /// With `strict`, a throwing guard stops the selection and is returned; otherwise it counts
    /// as `false` and is reported in ``lastFault``.
    @inlinable
    mutating func selectTransitions(_ trigger: Trigger<Event>?, strict: Bool) -> Selection {
        space.chosenCount = 0
        if chart.matchesByDescriptor, case .event(let event)? = trigger {
            return selectByDescriptor(event, trigger, strict: strict)
        }
        let table = trigger == nil ? chart.eventless : chart.table
        let cellColumn = trigger.map { column(for: $0) } ?? 0
        guard cellColumn >= 0 else { return .none }
        var sawCandidate = false
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for position in table.cell(state: leaf, event: cellColumn) {
                    sawCandidate = true
                    let transition = table.transition(at: position)
                    do {
                        if try offer(transition, trigger, strict: strict) { break }
                    } catch {
                        return .failed(error, transition: transition)
                    }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return finishSelection(sawCandidate: sawCandidate)
    }

    /// ``selectTransitions(_:strict:)`` for charts whose kinds are event descriptors. When the
    /// event's name matches one column, as it usually does, the cells are read as for any
    /// other kind; several columns are merged per state in priority order.
    @inlinable
    mutating func selectByDescriptor(_ event: Event, _ trigger: Trigger<Event>?, strict: Bool) -> Selection {
        guard let name = event.descriptorName else { return .none }
        if space.matchedName != name {
            var first = -1
            var columns: [Int] = []
            chart.descriptorNames.forEachColumn(of: name) { column in
                if first < 0 {
                    first = column
                } else {
                    if columns.isEmpty { columns.append(first) }
                    columns.append(column)
                }
            }
            space.matchedName = name
            space.matchedFirst = first
            space.matchedColumns = columns
        }
        let first = space.matchedFirst
        guard first >= 0 else { return .none }
        // One column, as usual: the columns are not copied (retained) for it.
        let oneColumn = space.matchedColumns.isEmpty
        var sawCandidate = false
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                if oneColumn {
                    for position in chart.table.cell(state: leaf, event: first) {
                        sawCandidate = true
                        let transition = chart.table.transition(at: position)
                        do {
                            if try offer(transition, trigger, strict: strict) { break }
                        } catch {
                            return .failed(error, transition: transition)
                        }
                    }
                } else {
                    for transition in descriptorCandidates(of: leaf, columns: space.matchedColumns) {
                        sawCandidate = true
                        do {
                            if try offer(transition, trigger, strict: strict) { break }
                        } catch {
                            return .failed(error, transition: transition)
                        }
                    }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return finishSelection(sawCandidate: sawCandidate)
    }

    /// Adds a candidate to the enabled set when its guard allows, once; returns whether it
    /// was enabled, so the caller moves on to the next atomic state.
    @inlinable
    mutating func offer(_ transition: Int, _ trigger: Trigger<Event>?, strict: Bool) throws -> Bool {
        guard try isEnabled(transition, trigger, strict: strict) else { return false }
        if !enabled.contains(Int32(transition)) { appendEnabled(Int32(transition)) }
        return true
    }

    /// The end of a selection: what was found, conflicts removed.
    @inlinable
    mutating func finishSelection(sawCandidate: Bool) -> Selection {
        if enabled.isEmpty { return sawCandidate ? .declined : .none }
        if enabled.count > 1 { removeConflictingTransitions() }
        return .selected
    }

    /// Evaluates a transition's guard for selection. With `strict`, a throwing guard is thrown
    /// on; otherwise it counts as `false` and is reported in ``lastFault``.
    @inlinable
    mutating func isEnabled(_ transition: Int, _ trigger: Trigger<Event>?, strict: Bool) throws -> Bool {
        guard chart.transitions[transition].hasGuard else { return true }
        do {
            return try checkGuard(transition, trigger)
        } catch {
            if let errorEvent = chart.options.guardErrorEvent {
                space.internalQueue.append(.event(errorEvent(error)))
                return false
            }
            if strict { throw error }
            space.lastFault = EngineFault(
                code: .guardFailed,
                message: "the guard of a transition from '\(chart.state(Int(chart.transitions[transition].source)))' "
                    + "threw \(error); the transition was not taken",
                location: chart.location(ofTransition: transition)
            )
            return false
        }
    }

    @inlinable
    @inline(__always)
    func checkGuard(_ transition: Int, _ trigger: Trigger<Event>?) throws -> Bool {
        let conditions = Int(chart.stateConditionStart[transition]) ..< Int(chart.stateConditionStart[transition &+ 1])
        if !conditions.isEmpty, !stateConditionsHold(conditions) { return false }
        return try program.check(transition, storedContext, trigger?.userEvent)
    }

    /// Whether a transition's state conditions (``When``) hold in the current configuration.
    @usableFromInline
    func stateConditionsHold(_ conditions: Range<Int>) -> Bool {
        for position in conditions {
            let condition = Int(chart.stateConditions[position])
            if isActive(node: abs(condition)) != (condition > 0) { return false }
        }
        return true
    }

    /// Whether node `node` is active, on either path.
    @usableFromInline
    func isActive(node: Int) -> Bool {
        if workspace != nil { return StateSet.contains(words, node) }
        return node == current || (current > node && current < Int(chart.nodes[node].end))
    }

    /// The first transition in a table cell whose guard allows, or `nil`.
    @inlinable
    func firstEnabled(in table: TransitionTable, leaf: Int, column: Int, trigger: Trigger<Event>?) throws -> Int? {
        for position in table.cell(state: leaf, event: column) {
            let transition = table.transition(at: position)
            if !chart.transitions[transition].hasGuard { return transition }
            if try checkGuard(transition, trigger) { return transition }
        }
        return nil
    }
}
