/// Taking a machine's state as a ``Snapshot`` and making a machine from one.
extension Machine {
    /// The machine's state as a value: active states, history, context, status, clock, timers.
    @inlinable
    public var snapshot: Snapshot<State, Event, Context> {
        guard let workspace else {
            return Snapshot(activeStates: activeStates, context: storedContext, status: status, now: clock)
        }
        var history: [State: [State]] = [:]
        for node in chart.nodes.indices where chart.nodes[node].isHistory {
            let remembered = workspace.history[Int(chart.nodes[node].historySlot)]
            if !remembered.isEmpty { history[chart.state(node)] = remembered.members.map { chart.state($0) } }
        }
        let timers = workspace.timers.sorted().compactMap(snapshotTimer)
        return Snapshot(
            activeStates: activeStates,
            history: history, context: storedContext, status: status, now: clock, timers: timers,
            lastEvent: workspace.lastTaken
        )
    }

    /// The delayed transitions and delayed sends waiting, in the order they fire.
    public var pendingTimers: [SnapshotTimer<State, Event>] {
        guard let workspace else { return [] }
        return workspace.timers.sorted().compactMap(snapshotTimer)
    }

    /// A pending timer as a snapshot shows it, or `nil` for a done event (never a timer).
    @inlinable
    func snapshotTimer(_ timer: PendingTimer<Event>) -> SnapshotTimer<State, Event>? {
        switch timer.trigger {
        case .event(let event):
            return SnapshotTimer(due: timer.due, kind: .event(event, id: timer.id))
        case .timer(let transition):
            let owner = Int(timer.owner)
            guard let index = chart.timerTransitions[owner].firstIndex(of: transition) else { return nil }
            return SnapshotTimer(due: timer.due, kind: .delayedTransition(source: chart.state(owner), index: index))
        case .outbound(let event):
            return SnapshotTimer(due: timer.due, kind: .outbound(event, target: timer.target ?? "", id: timer.id))
        case .done:
            return nil
        }
    }

    /// Makes a machine of `chart` in the state a snapshot describes, after checking that the
    /// chart could be in it. No action runs.
    ///
    /// - Parameters:
    ///   - chart: The chart to run.
    ///   - snapshot: The state to resume from, usually taken with ``snapshot`` and decoded.
    ///   - onTransition: A listener called after every transition taken.
    /// - Throws: ``SnapshotError`` when the snapshot names states the chart lacks, or its
    ///   active states, history or timers are not ones the chart could be in; with code
    ///   `outOfRange` when its clock or a timer's due time lies outside
    ///   ``MachineClock`` (below zero or past ``MachineClock/limit``).
    public init(
        chart: Statechart<State, Event, Context>,
        snapshot: Statecraft.Snapshot<State, Event, Context>,
        onTransition: Listener? = nil
    ) throws(SnapshotError) {
        try Self.checkNumbers(of: snapshot)
        var configuration = StateSet(capacity: chart.nodes.count)
        for state in snapshot.activeStates {
            configuration.insert(try Self.node(of: state, in: chart, role: "active state"))
        }
        try Self.checkConfiguration(configuration, status: snapshot.status, in: chart)
        self.chart = chart
        self.program = chart.program
        self.storedContext = snapshot.context
        self.onTransition = onTransition
        self.finished = snapshot.status == .done
        self.clock = snapshot.now
        // On the leaf path, the active atomic state: the configuration is it and its ancestors.
        self.current = configuration.previous(below: chart.nodes.count, from: 1) ?? chart.flatInitial
        self.leafRow = chart.isFlat && !finished ? chart.table.row(of: current) : -1
        if chart.isFlat {
            self.workspace = nil
            if let timer = snapshot.timers.first {
                throw SnapshotError(
                    code: .invalidTimer,
                    message: "the snapshot has a timer due at \(timer.due), but this chart has no delayed transition "
                        + "and no action that schedules events"
                )
            }
            return
        }
        let space = chart.makeWorkspace()
        for word in 0 ..< chart.setWords { space.words[word] = configuration.words[word] }
        space.exitedAtFinish = finished
        if space.recordsTaken { space.lastTaken = snapshot.lastEvent }
        for (state, remembered) in snapshot.history {
            let node = try Self.node(of: state, in: chart, role: "history state")
            space.history[Int(chart.nodes[node].historySlot)] = try Self.historyValue(remembered, of: node, in: chart)
        }
        for timer in snapshot.timers {
            space.timerSequence += 1
            switch timer.kind {
            case .event(let event, let id):
                space.timers.insert(PendingTimer(due: timer.due, sequence: space.timerSequence, trigger: .event(event), id: id, owner: -1))
            case .delayedTransition(let source, let index):
                let node = try Self.node(of: source, in: chart, role: "timer's state")
                let written = chart.timerTransitions[node]
                guard written.indices.contains(index), configuration.contains(node) else {
                    throw SnapshotError(
                        code: .invalidTimer,
                        message: "the snapshot has a timer for delayed transition \(index) of '\(source)', but '\(source)' "
                            + (written.indices.contains(index) ? "is not active" : "has \(written.count) delayed transitions")
                    )
                }
                space.timers.insert(PendingTimer(
                    due: timer.due, sequence: space.timerSequence, trigger: .timer(transition: written[index]),
                    id: nil, owner: Int32(node)
                ))
            case .outbound(let event, let target, let id):
                guard chart.outbound != nil else {
                    throw SnapshotError(
                        code: .invalidTimer,
                        message: "the snapshot has an event for '\(target)' due at \(timer.due) to leave the machine, but this "
                            + "chart has no outbound handler to deliver it"
                    )
                }
                space.timers.insert(PendingTimer(
                    due: timer.due, sequence: space.timerSequence, trigger: .outbound(event), id: id, owner: -1, target: target
                ))
            }
        }
        self.workspace = space
    }

    /// Checks every number of a snapshot against its rule, so that no arithmetic on it can
    /// overflow later: the clock and each timer's due time lie in the clock's range.
    private static func checkNumbers(of snapshot: Statecraft.Snapshot<State, Event, Context>) throws(SnapshotError) {
        if let problem = MachineClock.rangeProblem(snapshot.now, what: "the snapshot's clock (now)") {
            throw SnapshotError(code: .outOfRange, message: problem)
        }
        for (index, timer) in snapshot.timers.enumerated() {
            if let problem = MachineClock.rangeProblem(timer.due, what: "timer \(index)'s due time") {
                throw SnapshotError(code: .outOfRange, message: problem)
            }
        }
    }

    private static func node(of state: State, in chart: Statechart<State, Event, Context>, role: String) throws(SnapshotError) -> Int {
        guard let node = chart.stateIndex[state] else {
            throw SnapshotError(code: .unknownState, message: "the snapshot's \(role) '\(state)' is not a state of this chart")
        }
        if role == "history state", !chart.nodes[node].isHistory {
            throw SnapshotError(code: .invalidHistory, message: "the snapshot records history for '\(state)', which is not a history state")
        }
        return node
    }

    /// Checks that a set of nodes is a configuration the chart can be in.
    private static func checkConfiguration(
        _ configuration: StateSet, status: MachineStatus, in chart: Statechart<State, Event, Context>
    ) throws(SnapshotError) {
        func invalid(_ message: String) -> SnapshotError {
            SnapshotError(code: .invalidConfiguration, message: message)
        }
        let members = configuration.members
        guard !members.isEmpty else { throw invalid("the snapshot has no active state; a running chart always has one") }
        for node in members {
            let info = chart.nodes[node]
            let parent = Int(info.parent)
            if info.isHistory {
                throw invalid("history state '\(chart.state(node))' is active; history states are never active")
            }
            if parent > 0 && !configuration.contains(parent) {
                throw invalid("'\(chart.state(node))' is active but its parent '\(chart.state(parent))' is not")
            }
        }
        for node in [0] + members where chart.nodes[node].isCompound || chart.nodes[node].kind == .parallel {
            var child = node + 1
            var active: [Int] = []
            var inactive: [Int] = []
            while child < Int(chart.nodes[node].end) {
                if !chart.nodes[child].isHistory {
                    if configuration.contains(child) { active.append(child) } else { inactive.append(child) }
                }
                child = Int(chart.nodes[child].end)
            }
            let name = node == 0 ? "the chart" : "'\(chart.state(node))'"
            if chart.nodes[node].kind == .parallel, let missing = inactive.first {
                throw invalid("parallel state \(name) is active but its region '\(chart.state(missing))' is not")
            }
            if chart.nodes[node].kind != .parallel && active.count != 1 {
                let listed = active.map { "'\(chart.state($0))'" }.joined(separator: ", ")
                throw invalid("exactly one child of \(name) must be active; the snapshot has \(active.isEmpty ? "none" : listed)")
            }
        }
        let topLevelFinal = members.contains { chart.nodes[$0].parent == 0 && chart.nodes[$0].kind == .final }
        if topLevelFinal != (status == .done) {
            throw invalid(status == .done
                ? "the snapshot says the machine is done, but no top-level final state is active"
                : "a top-level final state is active, so the machine is done, but the snapshot says it is running")
        }
    }

    /// Checks what a history state remembers and returns it as a set.
    private static func historyValue(
        _ remembered: [State], of history: Int, in chart: Statechart<State, Event, Context>
    ) throws(SnapshotError) -> StateSet {
        let parent = Int(chart.nodes[history].parent)
        let deep = chart.nodes[history].kind == .deepHistory
        var value = StateSet(capacity: chart.nodes.count)
        for state in remembered {
            guard let node = chart.stateIndex[state] else {
                throw SnapshotError(code: .unknownState, message: "history state '\(chart.state(history))' remembers '\(state)', which is not a state of this chart")
            }
            let fits = deep
                ? chart.topology.isLeaf(node) && node > parent && node < Int(chart.nodes[parent].end)
                : Int(chart.nodes[node].parent) == parent && !chart.nodes[node].isHistory
            guard fits else {
                throw SnapshotError(
                    code: .invalidHistory,
                    message: "\(deep ? "deep" : "shallow") history state '\(chart.state(history))' cannot remember '\(state)': "
                        + (deep ? "it records atomic descendants (and parallel states without regions)" : "it records children") + " of its parent"
                )
            }
            value.insert(node)
        }
        if value.isEmpty {
            throw SnapshotError(code: .invalidHistory, message: "history state '\(chart.state(history))' remembers no state; leave it out instead")
        }
        try checkRecordable(value, of: history, in: chart)
        return value
    }

    /// Checks that a history value is one exiting its parent could record: with the states it
    /// names and (for a deep history) their ancestors below the parent, the parent and every
    /// compound or parallel state among them has exactly one child among them if compound, all
    /// its regions if parallel, so that restoring it enters a legal configuration (section 3.11).
    private static func checkRecordable(
        _ value: StateSet, of history: Int, in chart: Statechart<State, Event, Context>
    ) throws(SnapshotError) {
        let parent = Int(chart.nodes[history].parent)
        var closure = value
        for member in value.members {
            var node = Int(chart.nodes[member].parent)
            while node != parent {
                closure.insert(node)
                node = Int(chart.nodes[node].parent)
            }
        }
        // A shallow history records children only: what lies below them is entered by default.
        let checked = chart.nodes[history].kind == .deepHistory ? [parent] + closure.members : [parent]
        for node in checked {
            let info = chart.nodes[node]
            guard info.kind == .compound || info.kind == .parallel else { continue }
            var children = 0
            var remembered = 0
            var child = node + 1
            while child < Int(info.end) {
                if !chart.nodes[child].isHistory {
                    children += 1
                    if closure.contains(child) { remembered += 1 }
                }
                child = Int(chart.nodes[child].end)
            }
            let legal = info.kind == .compound ? remembered == 1 : remembered == children
            guard legal else {
                throw SnapshotError(
                    code: .invalidHistory,
                    message: "history state '\(chart.state(history))' remembers \(remembered) of the \(children) children of "
                        + "\(info.kind == .compound ? "compound" : "parallel") state '\(chart.state(node))', "
                        + (info.kind == .compound ? "which has one active child" : "all of whose regions are active")
                        + ": not a configuration exiting '\(chart.state(parent))' records"
                )
            }
        }
    }
}
