@testable import Statecraft

/// Builds an ``OracleCase``'s chart through the public DSL: `Atomic`, `Compound`, `Parallel`,
/// `Final`, `History`, `Initial`, `On`, `Always`, `OnDone`, `After`, `OnEntry`, `OnExit`,
/// `DoneData` and `StatechartOptions`.
///
/// Bodies are assembled as arrays with the builders' own `buildExpression`, and handed to a
/// state in a closure that returns them (a closure with `return` is not transformed by the
/// builder), so that a chart of any shape is built by the same public calls a user writes.
enum OracleDSL {
    typealias Chart = Statechart<String, OracleEvent, OracleContext>
    typealias Element = StateElement<String, OracleEvent, OracleContext>
    typealias Closures = ChartClosures<OracleContext, OracleEvent>

    static func chart(_ spec: OracleCase) throws(DefinitionError) -> Chart {
        var options = StatechartOptions<String, OracleEvent>()
        if spec.doneEvents {
            options.doneEvent = { state, data in OracleEvent("done.state.\(state)", detail: data?.description) }
        }
        if spec.errorEvents {
            options.guardErrorEvent = { _ in OracleEvent("error.execution") }
        }
        let top = spec.top.map(topLevel)
        // A parallel state without regions is refused by the DSL and allowed in SCXML
        // documents (3.4): such a chart is built as the SCXML reader builds its charts.
        if spec.states.contains(where: { $0.kind == .parallel && $0.children.allSatisfy(\.isHistory) }) {
            return try Chart(
                declarations: top.flatMap { $0 }.map(\.declaration), initialTargets: spec.rootInitial.map { [$0] },
                options: options, refusesParallelsWithoutRegions: false
            )
        }
        return try Chart(initial: spec.rootInitial, options: options) { return top.flatMap { $0 } }
    }

    static func topLevel(_ state: StateSpec) -> [ChartElement<String, OracleEvent, OracleContext>] {
        switch state.kind {
        case .atomic: ChartBuilder.buildExpression(Atomic(state.name) { return body(of: state) })
        case .final: ChartBuilder.buildExpression(Final(state.name) { return body(of: state) })
        case .compound: ChartBuilder.buildExpression(Compound(state.name, initial: initialAttribute(state)) { body(of: state) })
        case .parallel: ChartBuilder.buildExpression(Parallel(state.name) { body(of: state) })
        case .history: preconditionFailure("the generator writes no history state at the top level")
        }
    }

    static func child(_ state: StateSpec) -> [Element] {
        switch state.kind {
        case .atomic: CompoundBuilder.buildExpression(Atomic(state.name) { return body(of: state) })
        case .final: CompoundBuilder.buildExpression(Final(state.name) { return body(of: state) })
        case .compound: CompoundBuilder.buildExpression(Compound(state.name, initial: initialAttribute(state)) { body(of: state) })
        case .parallel: CompoundBuilder.buildExpression(Parallel(state.name) { body(of: state) })
        case .history(let deep):
            if let action = state.historyAction {
                CompoundBuilder.buildExpression(History<String, OracleEvent, OracleContext>(
                    state.name, deep ? .deep : .shallow, default: state.historyDefault, action: effectAction(action)
                ))
            } else {
                CompoundBuilder.buildExpression(History<String, OracleEvent, OracleContext>(
                    state.name, deep ? .deep : .shallow, default: state.historyDefault
                ))
            }
        }
    }

    static func initialAttribute(_ state: StateSpec) -> String? {
        if case .attribute(let name) = state.initial { name } else { nil }
    }

    /// Entry and exit actions, done data, the initial transition, transitions, then children.
    static func body(of state: StateSpec) -> [Element] {
        var elements: [Element] = []
        for action in state.onEntry {
            elements += StateBuilder.buildExpression(action.effects.isEmpty ? OnEntry(stateAction(action)) : OnEntry(effectAction(action)))
        }
        for action in state.onExit {
            elements += StateBuilder.buildExpression(action.effects.isEmpty ? OnExit(stateAction(action)) : OnExit(effectAction(action)))
        }
        if state.doneData {
            let name = state.name
            elements += StateBuilder.buildExpression(DoneData<String, OracleEvent, OracleContext> { context in
                OracleEvent("data.\(name).\(context.counters[0])")
            })
        }
        if case .element(let target, let action) = state.initial {
            let initial = action.map { Initial<String, OracleEvent, OracleContext>(to: target, action: effectAction($0)) }
                ?? Initial(to: target)
            elements += CompoundBuilder.buildExpression(initial)
        }
        for transition in state.transitions { elements += self.transition(transition) }
        for child in state.children { elements += self.child(child) }
        return elements
    }

    static func transition(_ spec: TransitionSpec) -> [Element] {
        let condition = spec.guardSpec.map(self.condition)
        let action = spec.action.map(effectAction)
        let target = spec.targets.first
        switch spec.trigger {
        case .event(let name):
            let onGuard = spec.guardSpec.map(eventGuard)
            let type: TransitionType = spec.isInternal ? .internal : .external
            if let plain = spec.action, plain.effects.isEmpty, spec.targets.count <= 1 {
                // The shape without effects, which keeps a chart on the engine's fast paths.
                let run: Closures.Action<OracleEvent> = { context, event in _ = plain.perform(&context, event: event) }
                return StateBuilder.buildExpression(On(name, to: target, type: type, guard: onGuard, action: run))
            }
            if let action {
                let onEvent: Closures.EffectAction<OracleEvent> = { context, event, effects in action(&context, event, &effects) }
                return StateBuilder.buildExpression(On(name, targets: spec.targets, type: type, guard: onGuard, action: onEvent))
            }
            if spec.targets.count > 1 {
                return StateBuilder.buildExpression(On(name, targets: spec.targets, type: type, guard: onGuard))
            }
            return StateBuilder.buildExpression(On(name, to: target, type: type, guard: onGuard))
        case .eventless:
            let type: TransitionType = spec.isInternal ? .internal : .external
            if let action {
                return StateBuilder.buildExpression(
                    Always<String, OracleEvent, OracleContext>(to: target, type: type, guard: condition, action: action)
                )
            }
            return StateBuilder.buildExpression(Always<String, OracleEvent, OracleContext>(to: target, type: type, guard: condition))
        case .done:
            if let action {
                return StateBuilder.buildExpression(OnDone<String, OracleEvent, OracleContext>(to: target, guard: condition, action: action))
            }
            return StateBuilder.buildExpression(OnDone<String, OracleEvent, OracleContext>(to: target, guard: condition))
        case .after(let delay):
            if let action {
                return StateBuilder.buildExpression(
                    After<String, OracleEvent, OracleContext>(.milliseconds(delay), to: target, guard: condition, action: action)
                )
            }
            return StateBuilder.buildExpression(After<String, OracleEvent, OracleContext>(.milliseconds(delay), to: target, guard: condition))
        }
    }

    /// The guard of an `Always`, `OnDone` or `After` transition.
    static func condition(_ check: GuardSpec) -> Closures.Guard<OracleEvent?> {
        { context, _ in try check.evaluate(context) }
    }

    /// The guard of an `On` transition.
    static func eventGuard(_ check: GuardSpec) -> Closures.Guard<OracleEvent> {
        { context, _ in try check.evaluate(context) }
    }

    /// An action without effects, in the shape of entry and exit actions that take no `Effects`.
    static func stateAction(_ spec: ActionSpec) -> Closures.Action<OracleEvent?> {
        { context, event in _ = spec.perform(&context, event: event) }
    }

    /// An action as a closure that logs, bumps and passes its effects to the machine.
    static func effectAction(_ spec: ActionSpec) -> Closures.EffectAction<OracleEvent?> {
        { context, event, effects in
            for effect in spec.perform(&context, event: event) {
                switch effect {
                case .raise(let name): effects.raise(OracleEvent(name))
                case .send(let name): effects.send(OracleEvent(name))
                case .schedule(let name, let delay, let id): effects.send(OracleEvent(name), after: .milliseconds(delay), id: id)
                case .cancel(let id): effects.cancel(id)
                }
            }
        }
    }
}
