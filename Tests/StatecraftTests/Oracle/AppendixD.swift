/// What a microstep processes: an event (yours, raised, sent, or one the chart's options made),
/// a state's done event for `OnDone`, or the timer of a delayed transition.
enum OracleTrigger: Equatable {
    case event(OracleEvent)
    case done(state: Int, data: OracleEvent?)
    case timer(transition: Int)

    /// The event actions and guards receive: the event, the done data, or none for a timer.
    var actionEvent: OracleEvent? {
        switch self {
        case .event(let event): event
        case .done(_, let data): data
        case .timer: nil
        }
    }
}

/// A plain transcription of the algorithm of SCXML 1.0, Appendix D ("Algorithm for SCXML
/// Interpretation"), with the names of its procedures, over the oracle's own chart model.
///
/// `mainEventLoop` is split where the recommendation blocks on the external queue: ``send(_:)``
/// and ``advance(by:)`` deliver an external event, `processExternalEvent` takes its
/// microstep and runs the macrostep, and `mainEventLoop` then processes what the actions sent.
/// What Statecraft adds to the recommendation, as its documentation describes it, is modelled
/// here too and marked where it happens: delayed transitions (a timer started on entry and
/// cancelled on exit), a clock advanced by hand, `OnDone` transitions, guard errors without
/// `StatechartOptions.guardErrorEvent` (a rejection for an external event, `lastFault`
/// otherwise), the microstep bound, and what a finished machine keeps.
struct AppendixD {
    /// `Machine.microstepLimit`.
    static let microstepLimit = 10_000

    let chart: OracleChart
    var configuration: [Int] = []
    var historyValue: [Int: [Int]] = [:]
    var internalQueue: [OracleTrigger] = []
    var externalQueue: [OracleEvent] = []
    var running = true
    /// The datamodel: the context the actions write.
    var datamodel: OracleContext

    // Statecraft's additions.
    var now = 0
    var timers: [OracleTimer] = []
    var timerSequence = 0
    var lastFault: String?
    /// Whether a macrostep was cut at the microstep bound (the algorithm has no counterpart).
    var cutAtLimit = false
    /// The transitions taken, as the machine's listener reports them: `source>target@event`.
    var taken: [String] = []
    /// Exits and entries, as `Machine.takeStateChanges()` reports them.
    var changes: [String] = []
    /// How often each part of the algorithm was reached, so that the suite can check that
    /// its random cases reach them all.
    var coverage: [String: Int] = [:]

    init(chart: OracleChart, context: OracleContext) {
        self.chart = chart
        self.datamodel = context
    }

    // MARK: interpret and mainEventLoop

    /// `interpret(doc)`: enter the initial configuration and run the first macrostep.
    mutating func interpret() {
        enterStates([chart.states[0].initialTransition!], trigger: nil)
        macrostep()
        mainEventLoop()
    }

    /// The inner loop of `mainEventLoop`: eventless transitions, then internal events, until
    /// neither enables a transition or the machine is done; then `exitInterpreter` when done.
    /// Statecraft bounds every pass of this loop (one that takes a microstep, and one that
    /// dequeues an internal event and selects nothing) by `microstepLimit`, then cuts the
    /// macrostep and drops the internal queue.
    mutating func macrostep() {
        var passes = 0
        var macrostepDone = false
        while running && !macrostepDone {
            passes += 1
            if passes > Self.microstepLimit {
                lastFault = "microstepLimit"
                cutAtLimit = true
                break
            }
            var enabledTransitions = selectEventlessTransitions()
            var trigger: OracleTrigger?
            if enabledTransitions.isEmpty {
                if internalQueue.isEmpty {
                    macrostepDone = true
                } else {
                    let internalEvent = internalQueue.removeFirst()
                    trigger = internalEvent
                    enabledTransitions = (try? selectTransitions(internalEvent, strict: false))?.enabled ?? []
                }
            }
            if !enabledTransitions.isEmpty {
                microstep(enabledTransitions, trigger: trigger)
            }
        }
        internalQueue.removeAll()
        if !running { exitInterpreter() }
    }

    /// The rest of `mainEventLoop`: the events the machine's actions sent to it, each as an
    /// external event. Statecraft stops after `microstepLimit` of them.
    mutating func mainEventLoop() {
        var macrosteps = 0
        while running && !externalQueue.isEmpty {
            macrosteps += 1
            if macrosteps > Self.microstepLimit {
                lastFault = "externalQueueLimit"
                break
            }
            let externalEvent = externalQueue.removeFirst()
            _ = processExternalEvent(.event(externalEvent))
        }
        externalQueue.removeAll()
    }

    /// What `mainEventLoop` does with an external event: select, take the microstep, complete
    /// the macrostep. Statecraft's answer is what `Machine.send(_:)` returns.
    mutating func processExternalEvent(_ externalEvent: OracleTrigger) -> String {
        let selection: Selection
        // Statecraft selects strictly only for a user's event: a guard that throws on a timer
        // (or a done event) is reported in `lastFault` and counts as false.
        var strict = false
        if case .event = externalEvent { strict = true }
        do {
            selection = try selectTransitions(externalEvent, strict: strict)
        } catch {
            // Without `guardErrorEvent`, a guard that throws rejects an external event and
            // leaves the machine as it was.
            return "rejected guardFailed in \(stateName)"
        }
        var result: String
        if let first = selection.enabled.first {
            let transition = chart.transitions[first]
            let source = chart.states[transition.source].name
            result = transition.targets.first.map { "transitioned \(source) -> \(chart.states[$0].name)" } ?? "handled in \(source)"
            microstep(selection.enabled, trigger: externalEvent)
            macrostep()
        } else {
            // The rejection names the state where the event found nothing, before the
            // macrostep runs the events its guards raised.
            result = "rejected \(selection.sawCandidate ? "guardsDeclined" : "noTransition") in \(stateName)"
            macrostep()
        }
        if case .timer = externalEvent { result = "handled" }
        return result
    }

    /// `exitInterpreter()` for a machine that entered a top-level final state: the exit
    /// content of every active state in exit order. The session is over, so nothing queued or
    /// scheduled will run, not even what the exit content asked for. Statecraft keeps the
    /// configuration, so the final state is still reported.
    mutating func exitInterpreter() {
        for s in exitOrder(configuration) {
            changes.append("exit \(chart.states[s].name)")
            for content in chart.states[s].onExit { executeContent(content, event: nil) }
        }
        timers.removeAll()
        internalQueue.removeAll()
        externalQueue.removeAll()
    }

    // MARK: Selection

    struct Selection {
        var enabled: [Int] = []
        /// Whether some transition matched the event, whatever its guard said (Statecraft's
        /// rejection codes tell `noTransition` from `guardsDeclined`).
        var sawCandidate = false
    }

    /// `selectEventlessTransitions()`.
    mutating func selectEventlessTransitions() -> [Int] {
        var enabledTransitions: [Int] = []
        let atomicStates = atomicStatesInDocumentOrder()
        for state in atomicStates {
            loop: for s in [state] + getProperAncestors(state, nil) {
                for t in chart.transitionsOf[s] where chart.transitions[t].trigger == .eventless {
                    if (try? conditionMatch(t, nil, strict: false)) == true {
                        enabledTransitions.addMember(t)
                        break loop
                    }
                }
            }
        }
        return removeConflictingTransitions(enabledTransitions)
    }

    /// `selectTransitions(event)`. With `strict` (an external event without
    /// `guardErrorEvent`), a guard that throws stops the selection.
    mutating func selectTransitions(_ event: OracleTrigger, strict: Bool) throws -> Selection {
        var selection = Selection()
        let atomicStates = atomicStatesInDocumentOrder()
        for state in atomicStates {
            loop: for s in [state] + getProperAncestors(state, nil) {
                for t in chart.transitionsOf[s] where nameMatch(t, event) {
                    selection.sawCandidate = true
                    if try conditionMatch(t, event.actionEvent, strict: strict) {
                        selection.enabled.addMember(t)
                        break loop
                    }
                }
            }
        }
        let selected = selection.enabled.count
        selection.enabled = removeConflictingTransitions(selection.enabled)
        if selection.enabled.count < selected { coverage["conflict removed", default: 0] += 1 }
        return selection
    }

    /// Whether a transition's trigger matches the event: an event of the same name; for
    /// `OnDone`, the done event of its own state; for `After`, its own timer.
    func nameMatch(_ t: Int, _ event: OracleTrigger) -> Bool {
        switch (chart.transitions[t].trigger, event) {
        case (.event(let name), .event(let event)): name == event.name
        case (.done, .done(let state, _)): state == chart.transitions[t].source
        case (.after, .timer(let transition)): transition == t
        default: false
        }
    }

    /// `conditionMatch(t)`: the guard, with the recommendation's rule for errors when the
    /// chart delivers guard errors as events (raise `error.execution`, count as false), and
    /// Statecraft's otherwise (throw when strict, else record `lastFault` and count as false).
    mutating func conditionMatch(_ t: Int, _ event: OracleEvent?, strict: Bool) throws -> Bool {
        guard let condition = chart.transitions[t].guardSpec else { return true }
        do {
            return try condition.evaluate(datamodel)
        } catch {
            coverage["guard threw", default: 0] += 1
            if chart.errorEvents {
                internalQueue.append(.event(OracleEvent("error.execution")))
                return false
            }
            if strict { throw error }
            lastFault = "guardFailed"
            return false
        }
    }

    /// `removeConflictingTransitions(enabledTransitions)`.
    func removeConflictingTransitions(_ enabledTransitions: [Int]) -> [Int] {
        var filteredTransitions: [Int] = []
        for t1 in enabledTransitions {
            var t1Preempted = false
            var transitionsToRemove: [Int] = []
            for t2 in filteredTransitions {
                let exits1 = computeExitSet([t1])
                if computeExitSet([t2]).contains(where: { exits1.contains($0) }) {
                    if isDescendant(chart.transitions[t1].source, chart.transitions[t2].source) {
                        transitionsToRemove.addMember(t2)
                    } else {
                        t1Preempted = true
                        break
                    }
                }
            }
            if !t1Preempted {
                filteredTransitions.removeAll { transitionsToRemove.contains($0) }
                filteredTransitions.addMember(t1)
            }
        }
        return filteredTransitions
    }

    // MARK: microstep

    /// `microstep(enabledTransitions)`; then, as Statecraft's listener does, each transition
    /// taken is reported.
    mutating func microstep(_ enabledTransitions: [Int], trigger: OracleTrigger?) {
        noteCoverage(of: enabledTransitions, trigger: trigger)
        exitStates(enabledTransitions, trigger: trigger)
        executeTransitionContent(enabledTransitions, trigger: trigger)
        enterStates(enabledTransitions, trigger: trigger)
        for t in enabledTransitions {
            let transition = chart.transitions[t]
            let target = transition.targets.first.map { chart.states[$0].name } ?? "-"
            taken.append("\(chart.states[transition.source].name)>\(target)@\(trigger?.actionEvent?.description ?? "-")")
        }
    }

    /// `exitStates(enabledTransitions)`: history first, then exit content in exit order.
    /// Statecraft cancels a state's delayed transitions when it exits.
    mutating func exitStates(_ enabledTransitions: [Int], trigger: OracleTrigger?) {
        let statesToExit = exitOrder(computeExitSet(enabledTransitions))
        for s in statesToExit {
            for h in chart.states[s].children where isHistoryState(h) {
                if chart.kinds[h] == .deepHistory {
                    // Appendix D records atomic states only; a regionless parallel (3.4) is kept
                    // too, or its restored parent would have no active child (3.11 forbids it).
                    historyValue[h] = configuration.filter { (isAtomicState($0) || isRegionlessParallel($0)) && isDescendant($0, s) }
                } else {
                    historyValue[h] = configuration.filter { chart.parents[$0] == s }
                }
            }
        }
        for s in statesToExit {
            changes.append("exit \(chart.states[s].name)")
            for content in chart.states[s].onExit { executeContent(content, event: trigger?.actionEvent) }
            timers.removeAll { $0.owner == s }
            configuration.removeAll { $0 == s }
        }
    }

    /// `executeTransitionContent(enabledTransitions)`.
    mutating func executeTransitionContent(_ enabledTransitions: [Int], trigger: OracleTrigger?) {
        for t in enabledTransitions {
            if let content = chart.transitions[t].content { executeContent(content, event: trigger?.actionEvent) }
        }
    }

    /// `enterStates(enabledTransitions)`. Statecraft starts a state's delayed transitions
    /// after its entry content, and delivers done events to `OnDone` unless the chart's
    /// options ask for `done.state.<id>` events.
    mutating func enterStates(_ enabledTransitions: [Int], trigger: OracleTrigger?) {
        var sets = EntrySets()
        computeEntrySet(enabledTransitions, &sets)
        let event = trigger?.actionEvent
        for s in entryOrder(sets.statesToEnter) {
            configuration.addMember(s)
            changes.append("enter \(chart.states[s].name)")
            for content in chart.states[s].onEntry { executeContent(content, event: event) }
            if sets.statesForDefaultEntry.contains(s), let content = chart.transitions[chart.states[s].initialTransition!].content {
                executeContent(content, event: event)
            }
            if let history = sets.defaultHistoryContent[s], let content = chart.transitions[history].content {
                executeContent(content, event: event)
            }
            startTimers(of: s)
            if isRegionlessParallel(s) { coverage["parallel state without regions", default: 0] += 1 }
            if isFinalState(s) {
                let parent = chart.states[s].parent!
                if parent == 0 {
                    running = false
                    coverage["finished", default: 0] += 1
                } else {
                    let grandparent = chart.states[parent].parent!
                    let data = chart.states[s].doneData
                        ? OracleEvent("data.\(chart.states[s].name).\(datamodel.counters[0])") : nil
                    internalQueue.append(doneEvent(parent, data: data))
                    if isParallelState(grandparent), getChildStates(grandparent).allSatisfy({ isInFinalState($0) }) {
                        if getChildStates(grandparent).contains(where: isRegionlessParallel) {
                            coverage["parallel done with a region without regions", default: 0] += 1
                        }
                        internalQueue.append(doneEvent(grandparent, data: nil))
                    }
                }
            }
        }
    }

    /// `new Event("done.state." + id, donedata)`, in the form the chart's options ask for.
    func doneEvent(_ state: Int, data: OracleEvent?) -> OracleTrigger {
        chart.doneEvents
            ? .event(OracleEvent("done.state.\(chart.states[state].name)", detail: data?.description))
            : .done(state: state, data: data)
    }

    mutating func noteCoverage(of enabledTransitions: [Int], trigger: OracleTrigger?) {
        if enabledTransitions.count > 1 { coverage["several transitions in a microstep", default: 0] += 1 }
        switch trigger {
        case .done?: coverage["done event", default: 0] += 1
        case .timer?: coverage["delayed transition", default: 0] += 1
        case .event(let event)? where event.name == "error.execution": coverage["error event", default: 0] += 1
        case .event(let event)? where event.name.hasPrefix("done.state."): coverage["done event", default: 0] += 1
        case nil: coverage["eventless transition", default: 0] += 1
        default: break
        }
        for t in enabledTransitions {
            let transition = chart.transitions[t]
            guard !transition.targets.isEmpty else {
                coverage["targetless transition", default: 0] += 1
                continue
            }
            if transition.targets.count > 1 { coverage["several targets", default: 0] += 1 }
            if getTransitionDomain(t) == transition.source { coverage["internal transition", default: 0] += 1 }
            for target in transition.targets where isHistoryState(target) {
                coverage[historyValue[target] == nil ? "history default" : "history restored", default: 0] += 1
            }
        }
    }

    /// `Machine.state`: the innermost state that is, or is an ancestor of, every active atomic
    /// state (the one atomic state when only one is active); a parallel state without regions
    /// counts as atomic.
    var stateName: String {
        let atomics = documentOrder(configuration).filter { isAtomicState($0) || isRegionlessParallel($0) }
        guard let first = atomics.first else { return chart.states[0].name }
        var candidate = first
        while let parent = chart.states[candidate].parent, chart.states[parent].parent != nil,
              !atomics.allSatisfy({ $0 == candidate || isDescendant($0, candidate) }) {
            candidate = parent
        }
        return chart.states[candidate].name
    }
}
