/// Makes a failing case smaller while the engine and the oracle still disagree: script steps,
/// states, transitions, actions, effects, guards and options are taken out one at a time.
enum OracleShrinker {
    /// The smallest failing case found within `attempts` runs, with its disagreement.
    static func shrink(
        _ spec: OracleCase, attempts: Int = 3_000
    ) -> (OracleCase, OracleDisagreement)? {
        func disagreement(_ candidate: OracleCase) -> OracleDisagreement? {
            if case .disagreed(let found) = OracleDifferential.run(candidate) { return found }
            return nil
        }
        guard var found = disagreement(spec) else { return nil }
        var current = spec
        current.script = Array(current.script.prefix(found.step + 1))
        var left = attempts
        var progress = true
        while progress && left > 0 {
            progress = false
            for candidate in reductions(of: current) {
                left -= 1
                if left <= 0 { break }
                if let smaller = disagreement(candidate) {
                    current = candidate
                    current.script = Array(current.script.prefix(smaller.step + 1))
                    found = smaller
                    progress = true
                    break
                }
            }
        }
        return (current, found)
    }

    /// Every case one change smaller than `spec`, the largest cuts first.
    static func reductions(of spec: OracleCase) -> [OracleCase] {
        var candidates: [OracleCase] = []
        if spec.top.count > 1 {
            for index in spec.top.indices {
                var smaller = spec
                smaller.top.remove(at: index)
                candidates.append(smaller.repaired())
            }
        }
        for state in spec.states where !state.children.isEmpty {
            candidates.append(spec.editing(state.name) { $0.children = [] }.repaired())
        }
        for state in spec.states {
            for child in state.children.indices {
                candidates.append(spec.editing(state.name) { $0.children.remove(at: child) }.repaired())
            }
        }
        for index in spec.script.indices.reversed() {
            var smaller = spec
            smaller.script.remove(at: index)
            candidates.append(smaller)
        }
        for state in spec.states {
            for transition in state.transitions.indices {
                candidates.append(spec.editing(state.name) { $0.transitions.remove(at: transition) })
            }
        }
        for state in spec.states {
            if !state.onEntry.isEmpty { candidates.append(spec.editing(state.name) { $0.onEntry.removeLast() }) }
            if !state.onExit.isEmpty { candidates.append(spec.editing(state.name) { $0.onExit.removeLast() }) }
            if state.historyAction != nil { candidates.append(spec.editing(state.name) { $0.historyAction = nil }) }
            if state.historyDefault != nil { candidates.append(spec.editing(state.name) { $0.historyDefault = nil }) }
            if state.initial != .firstChild { candidates.append(spec.editing(state.name) { $0.initial = .firstChild }) }
            if state.doneData { candidates.append(spec.editing(state.name) { $0.doneData = false }) }
            for (index, transition) in state.transitions.enumerated() {
                if transition.guardSpec != nil {
                    candidates.append(spec.editing(state.name) { $0.transitions[index].guardSpec = nil })
                }
                if transition.action != nil {
                    candidates.append(spec.editing(state.name) { $0.transitions[index].action = nil })
                }
                if transition.action?.effects.isEmpty == false {
                    candidates.append(spec.editing(state.name) { $0.transitions[index].action?.effects.removeLast() })
                }
                if transition.isInternal { candidates.append(spec.editing(state.name) { $0.transitions[index].isInternal = false }) }
                if transition.targets.count > 1 {
                    candidates.append(spec.editing(state.name) { $0.transitions[index].targets.removeLast() })
                }
            }
            for (index, action) in state.onEntry.enumerated() where !action.effects.isEmpty {
                candidates.append(spec.editing(state.name) { $0.onEntry[index].effects.removeLast() })
            }
            for (index, action) in state.onExit.enumerated() where !action.effects.isEmpty {
                candidates.append(spec.editing(state.name) { $0.onExit[index].effects.removeLast() })
            }
        }
        var options: [OracleCase] = []
        if spec.rootInitial != nil { options.append(spec.with { $0.rootInitial = nil }) }
        if spec.doneEvents { options.append(spec.with { $0.doneEvents = false }) }
        if spec.errorEvents { options.append(spec.with { $0.errorEvents = false }) }
        if spec.recordsChanges { options.append(spec.with { $0.recordsChanges = false }) }
        if spec.skipsPlans { options.append(spec.with { $0.skipsPlans = false }) }
        if spec.skipsRegionSteps { options.append(spec.with { $0.skipsRegionSteps = false }) }
        return candidates + options
    }
}

extension OracleCase {
    func with(_ change: (inout OracleCase) -> Void) -> OracleCase {
        var copy = self
        change(&copy)
        return copy
    }

    /// The case with one state changed.
    func editing(_ name: String, _ change: (inout StateSpec) -> Void) -> OracleCase {
        func visit(_ state: inout StateSpec) {
            if state.name == name { change(&state) }
            for index in state.children.indices { visit(&state.children[index]) }
        }
        var copy = self
        for index in copy.top.indices { visit(&copy.top[index]) }
        return copy
    }

    /// After states were taken out: containers left without a child become atomic, and
    /// whatever named a missing state is dropped (a transition left without its targets, an
    /// initial child, a history default, the chart's initial state).
    func repaired() -> OracleCase {
        var copy = self
        while true {
            let names = Set(copy.states.map(\.name))
            var changed = false
            func visit(_ state: inout StateSpec) {
                for index in state.children.indices { visit(&state.children[index]) }
                if (state.kind == .compound || state.kind == .parallel) && !state.children.contains(where: { !$0.isHistory }) {
                    state.kind = .atomic
                    state.children = []
                    state.initial = .firstChild
                    changed = true
                }
                switch state.initial {
                case .attribute(let target) where !names.contains(target), .element(let target, _) where !names.contains(target):
                    state.initial = .firstChild
                    changed = true
                default:
                    break
                }
                if let target = state.historyDefault, !names.contains(target) {
                    state.historyDefault = nil
                    changed = true
                }
                let count = state.transitions.count
                state.transitions.removeAll { !$0.targets.isEmpty && !$0.targets.allSatisfy(names.contains) }
                changed = changed || state.transitions.count != count
            }
            for index in copy.top.indices { visit(&copy.top[index]) }
            copy.top.removeAll { $0.isHistory }
            if let initial = copy.rootInitial, !names.contains(initial) {
                copy.rootInitial = nil
                changed = true
            }
            if copy.top.isEmpty { return self }
            if !changed { return copy }
        }
    }

    /// The case as readable, DSL-like text: the chart, its options, and the script.
    var listing: String {
        var lines: [String] = []
        var options: [String] = []
        if let rootInitial { options.append("initial: \"\(rootInitial)\"") }
        if doneEvents { options.append("doneEvent: done.state.<id>") }
        if errorEvents { options.append("guardErrorEvent: error.execution") }
        if skipsPlans { options.append("without plans") }
        if skipsRegionSteps { options.append("without region steps") }
        lines.append("Statechart(\(options.joined(separator: ", "))) {")
        func write(_ state: StateSpec, _ indent: String) {
            let head: String = switch state.kind {
            case .atomic: "Atomic(\"\(state.name)\")"
            case .final: "Final(\"\(state.name)\")"
            case .parallel: "Parallel(\"\(state.name)\")"
            case .compound:
                if case .attribute(let initial) = state.initial {
                    "Compound(\"\(state.name)\", initial: \"\(initial)\")"
                } else {
                    "Compound(\"\(state.name)\")"
                }
            case .history(let deep):
                "History(\"\(state.name)\", \(deep ? ".deep" : ".shallow")"
                    + (state.historyDefault.map { ", default: \"\($0)\"" } ?? "")
                    + (state.historyAction.map { ") { \($0) }" } ?? ")")
            }
            var body: [String] = []
            body += state.onEntry.map { "OnEntry { \($0) }" }
            body += state.onExit.map { "OnExit { \($0) }" }
            if state.doneData { body.append("DoneData { data.\(state.name).<c0> }") }
            if case .element(let target, let action) = state.initial {
                body.append("Initial(to: \"\(target)\")" + (action.map { " { \($0) }" } ?? ""))
            }
            body += state.transitions.map(\.listing)
            if body.isEmpty && state.children.isEmpty {
                lines.append(indent + head)
                return
            }
            if case .history = state.kind {
                lines.append(indent + head)
                return
            }
            lines.append(indent + head + " {")
            for line in body { lines.append(indent + "    " + line) }
            for child in state.children { write(child, indent + "    ") }
            lines.append(indent + "}")
        }
        for state in top { write(state, "    ") }
        lines.append("}")
        var run = ["start"] + script.map(\.description)
        if recordsChanges { run.insert("record state changes", at: 0) }
        lines.append("script: " + run.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}

extension TransitionSpec {
    var listing: String {
        var arguments: [String] = []
        let targetText = targets.count > 1
            ? "targets: [\(targets.map { "\"\($0)\"" }.joined(separator: ", "))]"
            : targets.first.map { "to: \"\($0)\"" }
        let head: String = switch trigger {
        case .event(let name): "On(\"\(name)\""
        case .eventless: "Always("
        case .done: "OnDone("
        case .after(let delay): "After(.milliseconds(\(delay))"
        }
        if let targetText { arguments.append(targetText) }
        if isInternal && takesType { arguments.append("type: .internal") }
        if let guardSpec { arguments.append("guard: \(guardSpec)") }
        let opened = head.hasSuffix("(") ? head : head + (arguments.isEmpty ? "" : ", ")
        return opened + arguments.joined(separator: ", ") + ")" + (action.map { " { \($0) }" } ?? "")
    }
}
