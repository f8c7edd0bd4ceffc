public import Statecraft

extension TestModel {
    /// Explores every configuration reachable under ``events`` and timers, and reports what can
    /// go wrong, each with the shortest path that shows it.
    ///
    /// Found without being asked: states never entered, deadlocks (a configuration that is not
    /// final where no event and no timer changes anything), steps that never settle (the
    /// engine's microstep limit), events the machine sends itself (an action's `raise`, a
    /// delayed `send`) that no transition takes when their turn comes, and, for a chart with a
    /// top-level final state, configurations from which it cannot be reached. Besides, each of
    /// `properties`.
    ///
    /// Two machines are one node when the model's identity (see ``TestModel``), what their
    /// history states remember and their pending timers (what each fires and how long until it
    /// is due) are the same. Timers fire in deadline order, or in any order when ``timerOrder``
    /// is `.any` (the paths then have `fire` steps). The search stops at ``maxConfigurations`` nodes,
    /// ``maxDepth`` steps and `maxTime`; the result's ``ModelVerification/cut`` says which, and
    /// a cut result is not a proof.
    ///
    /// ```swift
    /// let result = model.verify([.never(.open, .locked)])
    /// #expect(result.isProof, "\(result.findings)")
    /// for finding in result.findings { try model.test(finding.path, checks: [:]) }
    /// ```
    ///
    /// - Parameters:
    ///   - properties: What must hold.
    ///   - maxTime: The longest the search may run.
    /// - Returns: What was found.
    @inlinable
    public func verify(
        _ properties: [ModelProperty<State, Event, Context>] = [], maxTime: Duration = .seconds(60)
    ) -> ModelVerification<State, Event> {
        // The search runs in the caller's module, specialized for its chart's types; the
        // analysis of what it found runs here.
        let space = ModelStateSpace(model: self, recorder: TransitionRecorder<State, Event>())
        var record = ModelRecord<State, Event, Context>(properties: properties)
        let bounds = StateSpaceBounds(maxConfigurations: maxConfigurations, maxDepth: maxDepth, maxTime: maxTime)
        let graph = StateSpaceExplorer.explore(space, bounds: bounds) { record.note($0) }
        return verification(properties, graph: graph, record: record)
    }

    /// The findings of an exploration.
    @usableFromInline
    func verification(
        _ properties: [ModelProperty<State, Event, Context>], graph: StateSpaceGraph<ModelStep<Event>>,
        record: ModelRecord<State, Event, Context>
    ) -> ModelVerification<State, Event> {
        var findings: [ModelFinding<State, Event>] = []
        func finding(_ kind: ModelFinding<State, Event>.Kind, _ message: String, _ steps: [ModelStep<Event>], loop: Int? = nil, at node: Int) {
            findings.append(ModelFinding(
                kind: kind, message: message, path: replay(steps), loopStart: loop, configuration: record.atomic[node]
            ))
        }
        for (kind, message, source, step, node) in record.faults {
            finding(kind, message, graph.path(to: source) + [step], at: node)
        }
        for (source, step, node, event) in record.unhandled {
            var steps: [ModelStep<Event>] = []
            if let source, let step { steps = graph.path(to: source) + [step] }
            finding(.unhandledEvent, "the machine sends itself \(event) and no transition takes it", steps, at: node)
        }
        var shown: Set<[State]> = []
        for node in graph.deadlocks() where shown.insert(record.atomic[node]).inserted && shown.count <= 10 {
            finding(.deadlock, "no event and no timer changes anything in \(list(record.atomic[node]))", graph.path(to: node), at: node)
        }
        if graph.isComplete, let node = graph.cannotReachFinal().first {
            finding(.livelock, "no final state can be reached from \(list(record.atomic[node]))", graph.path(to: node), at: node)
        }
        for (index, property) in properties.enumerated() {
            let prefix = property.name + ": "
            func holds(_ state: State) -> [Bool] { record.active.map { $0.contains(state) } }
            switch property.rule {
            case .never(let states):
                let each = states.map(holds)
                if let node = (0 ..< graph.count).first(where: { node in each.allSatisfy { $0[node] } }) {
                    finding(.property, prefix + "\(list(states)) are active together", graph.path(to: node), at: node)
                }
            case .eventually(let from, let to):
                let isFrom = holds(from)
                let avoiding = graph.avoiding(holds(to))
                if let node = (0 ..< graph.count).first(where: { isFrom[$0] && avoiding[$0] }) {
                    let (run, loop, end) = graph.lasso(from: node, within: avoiding)
                    let path = graph.path(to: node)
                    finding(
                        .property, prefix + "from \(list(record.atomic[node])), a run never reaches \(to)"
                            + (loop == nil ? " (it stops in \(list(record.atomic[end])))" : " (it cycles)"),
                        path + run, loop: loop.map { path.count + $0 }, at: end
                    )
                }
            case .within(let kind, let state, let steps):
                let goal = holds(state)
                for (source, step, target) in record.after[kind] ?? [] {
                    guard let (run, end) = graph.run(from: target, avoiding: goal, for: steps) else { continue }
                    finding(.property, prefix + "after \(kind), \(state) is not active within \(steps) step\(steps == 1 ? "" : "s")",
                            graph.path(to: source) + [step] + run, at: end)
                    break
                }
            case .always:
                if let node = record.violations[index] {
                    finding(.property, prefix + "does not hold in \(list(record.atomic[node]))", graph.path(to: node), at: node)
                }
            }
        }
        let cut: ModelVerification<State, Event>.Cut? = switch graph.cut {
        case .configurations(let count): .configurations(count)
        case .depth(let depth): .depth(depth)
        case .time(let time): .time(time)
        case nil: nil
        }
        let kinds = Set(record.transitions.compactMap(\.eventKind))
        return ModelVerification(
            configurations: graph.count, cut: cut,
            statesNeverEntered: chart.states.filter { !chart.isHistoryState($0) && !record.entered.contains($0) },
            transitionsTaken: record.transitions,
            eventKindsNeverTaken: chart.eventKinds.filter { !kinds.contains($0) },
            findings: findings
        )
    }

    /// `a, b`.
    private func list(_ states: [State]) -> String {
        states.map { "\($0)" }.joined(separator: ", ")
    }

    /// `steps` replayed on a new machine: a path ``test(_:checks:onStep:)`` takes.
    func replay(_ steps: [ModelStep<Event>]) -> ModelPath<State, Event> {
        let recorder = TransitionRecorder<State, Event>()
        var machine = Machine(chart: chart, context: makeContext(), onTransition: recorder.listener)
        var taken: [ModelTransition<State, Event.Kind>] = []
        for step in steps {
            machine.take(step)
        }
        for transition in recorder.take() where !taken.contains(transition) { taken.append(transition) }
        return ModelPath(steps: steps, configuration: configuration(of: machine), isDone: machine.status == .done, transitions: taken)
    }
}
