/// The leaf path: a chart with one active atomic state at a time, moved only by your events
/// (`Statechart.isFlat`), runs without a workspace. `send(_:)` takes its first look itself (the
/// cell's first candidate, without guard); everything else on this path is here.
extension Machine {
    @inlinable
    mutating func sendFlat(_ event: Event) -> SendResult<State, Event.Kind> {
        guard let column = chart.kinds.index(of: event.kind) else {
            return .rejected(Rejection(code: .noTransition, state: chart.state(current), eventKind: event.kind))
        }
        let cell = chart.table.cell(state: current, event: column)
        var position = cell.lowerBound
        while position < cell.upperBound {
            let step = chart.leafSteps.withUnsafeBufferPointer { $0[position] }
            if step.flags & LeafStep.guarded != 0 {
                do {
                    if try !checkGuard(Int(step.transition), .event(event)) {
                        position &+= 1
                        continue
                    }
                } catch {
                    return .rejected(Rejection(
                        code: .guardFailed, state: chart.state(current), eventKind: event.kind,
                        underlying: error, location: chart.location(ofTransition: Int(step.transition))
                    ))
                }
            }
            if step.flags & LeafStep.runsActions != 0 { runLeafActions(step, event) }
            let source = chart.state(Int(step.source))
            guard step.flags & LeafStep.targetless == 0 else {
                notify(source, nil, event)
                return .handled(in: source)
            }
            current = Int(step.leaf)
            leafRow = chart.table.row(of: current)
            assert(checkInvariants())
            let target = chart.state(Int(step.target))
            notify(source, target, event)
            if step.flags & LeafStep.entersFinal != 0 { finishFlat() }
            return .transitioned(from: source, to: target)
        }
        let code: RejectionCode = cell.isEmpty ? .noTransition : .guardsDeclined
        return .rejected(Rejection(code: code, state: chart.state(current), eventKind: event.kind))
    }

    /// Runs the actions of the first step of a cell of `leafMoves`.
    @inlinable
    @inline(never)
    mutating func runLeafActions(ofCell cell: Int, _ event: Event) {
        let position = Int(chart.leafMoves.withUnsafeBufferPointer { $0[cell].position })
        runLeafActions(chart.leafSteps.withUnsafeBufferPointer { $0[position] }, event)
    }

    /// Runs the actions of a leaf step, in order: exit actions innermost first, the
    /// transition's action, entry and initial actions outermost first.
    ///
    /// Two copies of the loop: steps from every other atomic state keep their actions last
    /// first and run them from the end (``LeafStep/backward``). The calls are indirect, and a
    /// processor predicts an indirect call's target from the call's address and the few
    /// branches before it, which are the same for every step; when two steps alternate (a
    /// toggle, a ring), one call site sees their targets in turn and nearly every call is
    /// mispredicted. In two copies, alternating steps call from different sites.
    @inlinable
    @inline(__always)
    mutating func runLeafActions(_ step: LeafStep, _ event: Event) {
        // A leaf-path chart has no action that produces effects.
        let start = Int(step.actionStart)
        let end = start &+ Int(step.actionCount)
        if step.flags & LeafStep.backward == 0 {
            var position = start
            while position < end {
                program.runLeaf(position, &storedContext, event)
                position &+= 1
            }
        } else {
            var position = end
            while position > start {
                position &-= 1
                program.runLeaf(position, &storedContext, event)
            }
        }
    }

    /// Enters the states a transition enters on the leaf path, outermost first, running entry
    /// actions and the initial actions of compound states entered by default; the last one is
    /// the new active leaf.
    @inlinable
    @inline(__always)
    mutating func enterPath(of transition: Int, event: Event?) {
        var position = Int(chart.entryPathStart[transition])
        let end = Int(chart.entryPathStart[transition &+ 1])
        while position < end {
            let entry = Int(chart.entryPaths[position])
            let entering = entry &>> 1
            let node = chart.nodes[entering]
            current = entering
            node.forEachEntryAction(byDefault: entry & 1 != 0, transitions: chart.transitions) { runAction($0, event: event) }
            position &+= 1
        }
    }

    /// A leaf-path machine entered a top-level final state: it is done, and its state exits
    /// with no event, as `exitAtFinish` exits the states of a general-path machine.
    @inlinable
    mutating func finishFlat() {
        finished = true
        leafRow = -1
        chart.nodes[current].forEachExitAction { runAction($0, event: nil) }
    }
}
