import Statecraft

/// What the engine calls while it runs the document's chart: a state's entry and exit (its
/// `<onentry>` and `<onexit>` blocks, late data binding, the invocations it owns) and a
/// transition's executable content; and the events raised before the engine could take them.
extension SCXMLSession {
    func enter(_ index: Int, event: SCXMLEvent?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        let info = document.stateInfos[index]
        traceHandler?(.entered(info.id))
        if document.model.binding == .late, !info.data.isEmpty, !lateBound.contains(index) {
            lateBound.insert(index)
            for item in info.data { bind(item, override: nil) }
            flushPending(&effects)
        }
        run(blocks: info.onEntry, effects: &effects)
        // SCXML Appendix D: statesToInvoke is an ordered set; a state entered again in the same
        // macrostep starts its invocations once.
        if !info.invokes.isEmpty, !statesToInvoke.contains(index) { statesToInvoke.append(index) }
        if info.isTopLevelFinal {
            if let data = info.topLevelDoneData {
                doneData = evaluateDoneData(data, effects: &effects)?.data ?? .undefined
            }
            topFinal = info.id
        }
    }

    /// Runs each block of executable content; an error stops only its own block.
    func run(blocks: [[Action]], effects: inout Effects<SCXMLEvent>) {
        guard !blocks.isEmpty else { return }
        var raised: [SCXMLEvent] = []
        for block in blocks {
            _ = execute(block, raised: &raised)
        }
        for event in raised { effects.raise(event) }
        if let traceHandler {
            for event in raised { traceHandler(.raised(event.name)) }
        }
    }

    func exit(_ index: Int, event: SCXMLEvent?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        let info = document.stateInfos[index]
        run(blocks: info.onExit, effects: &effects)
        traceHandler?(.exited(info.id))
        if !info.invokes.isEmpty {
            // Appendix D, exitStates: statesToInvoke.delete(s).
            statesToInvoke.removeAll { $0 == index }
            for invokeID in childOrder where children[invokeID]?.owner == index {
                children[invokeID]?.child.cancel()
                children[invokeID] = nil
                cancelledInvocations.insert(invokeID)
            }
            // A child that already ended is not cancelled: what it sent, done.invoke last, is
            // still delivered (W3C test 236).
            childOrder.removeAll { children[$0] == nil }
            finishedChildren = finishedChildren.filter { $0.value.owner != index }
        }
    }

    func run(_ actions: [Action], event: SCXMLEvent?, site: Int?, effects: inout Effects<SCXMLEvent>) {
        pass(event: event, site: site, effects: &effects)
        if !actions.isEmpty { run(blocks: [actions], effects: &effects) }
    }

    /// What taking a transition does before its executable content, and all it does for one
    /// without: the errors waiting for an action are raised, and the trace is told.
    func pass(event: SCXMLEvent?, site: Int?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        if let site, let traceHandler { traceHandler(.transition(site: site, event: event?.name)) }
    }

    func flushPending(_ effects: inout Effects<SCXMLEvent>) {
        guard !pendingRaises.isEmpty else { return }
        for event in pendingRaises { effects.raise(event) }
        if let traceHandler {
            for event in pendingRaises { traceHandler(.raised(event.name)) }
        }
        pendingRaises.removeAll()
    }
}
