public import Statecraft

extension ChartStructure {
    /// The chart as an SCXML document that ``SCXMLDocument`` reads back: its states,
    /// transitions, events and targets, with guards and actions as named placeholders.
    ///
    /// ```swift
    /// let text = turnstile.structure.scxml()
    /// let document = try SCXMLDocument(xml: text)      // the same states and transitions
    /// ```
    ///
    /// A typed chart's closures cannot be written as SCXML, so they become placeholders that
    /// keep their names:
    ///
    /// - A guard becomes a `cond` naming a variable of the `statecraft` datamodel,
    ///   `guard_` followed by its label in identifier form (`guard_enough_coins`) or by the
    ///   transition's index when it has no label; each variable is declared `true`, so the
    ///   document takes every guarded transition until you change it.
    /// - An action (of a transition, an entry or an exit) becomes `<log label="…"/>` with its
    ///   label, or `action` when it has none.
    /// - A delayed transition becomes a `<send>` with the delay (rounded up to a millisecond)
    ///   on entry of its state, a `<cancel>` of it on exit, and a transition on the event sent,
    ///   `statecraft.after.N` for the transition of index N.
    /// - A done transition is a transition on `done.state.` followed by its state's id.
    /// - A history state without a default gets its parent's default entry as its default
    ///   transition, which is what it enters while nothing is recorded.
    ///
    /// State ids are made valid XML names (characters other than letters, digits, `_`, `-` and
    /// `.` become `_`, and a name that would start with something else than a letter or `_`
    /// gets a leading `_`), and a number is appended to one that would repeat an earlier id.
    /// Event names keep letters, digits, `_`, `-` and `.`; anything else becomes `_`.
    ///
    /// - Returns: The document's text.
    public func scxml() -> String {
        SCXMLExport(structure: self).model().writtenText
    }
}

extension DocumentModel {
    /// The model as SCXML text.
    var writtenText: String { DocumentWriter().write(self) }
}

/// Turns a ``ChartStructure`` into a ``DocumentModel`` for the writer.
private struct SCXMLExport {
    let structure: ChartStructure
    let ids: [String]
    let nowhere = TextPosition(line: 1, column: 1)

    init(structure: ChartStructure) {
        self.structure = structure
        var used = Set<String>()
        ids = structure.states.map { state in
            let base = Self.xmlName(state.id)
            var candidate = base
            var number = 2
            while !used.insert(candidate).inserted {
                candidate = "\(base)_\(number)"
                number += 1
            }
            return candidate
        }
    }

    func model() -> DocumentModel {
        var model = DocumentModel()
        model.name = structure.name
        model.datamodel = "statecraft"
        model.initial = structure.initial.map { ids[$0] }
        var declared = Set<String>()
        for transition in structure.transitions where transition.hasGuard {
            let name = guardName(transition)
            if declared.insert(name).inserted {
                model.data.append(DataModel(id: name, expr: "true", position: nowhere))
            }
        }
        model.states = structure.topLevelStates.map { state($0) }
        return model
    }

    private func guardName(_ transition: ChartStructure.Transition) -> String {
        guard let label = transition.guardLabel else { return "guard_\(transition.index)" }
        return "guard_" + String(label.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": Character(scalar)
            default: "_"
            }
        })
    }

    private func log(_ label: String?) -> Action {
        Action(kind: .log(label: label ?? "action", expr: nil), position: nowhere)
    }

    private func timerEvent(_ transition: ChartStructure.Transition) -> String {
        "statecraft.after.\(transition.index)"
    }

    private func state(_ index: Int) -> StateModel {
        let described = structure.states[index]
        let kind: StateModel.Kind
        switch described.kind {
        case .atomic, .compound: kind = .state
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(let depth): kind = .history(deep: depth == .deep)
        }
        var state = StateModel(id: ids[index], kind: kind, position: nowhere)
        switch described.kind {
        case .compound:
            state.initial = described.initial.map { ids[$0] }
        case .history:
            // SCXML needs a default; a typed history without one enters its parent's default.
            var targets = described.initial
            if targets.isEmpty, let parent = described.parent {
                targets = structure.states[parent].kind == .compound
                    ? structure.states[parent].initial
                    : structure.states[parent].children.filter { !structure.states[$0].isHistory }
            }
            state.initialTransition = TransitionModel(targets: targets.map { ids[$0] }, position: nowhere)
        default:
            break
        }
        state.onEntry = described.entry.map { [log($0)] }
        state.onExit = described.exit.map { [log($0)] }
        for number in described.transitions {
            let transition = structure.transitions[number]
            var written = TransitionModel(position: nowhere)
            switch transition.trigger {
            case .events(let names): written.event = names.map(Self.eventName).joined(separator: " ")
            case .eventless: break
            case .done: written.event = "done.state.\(ids[index])"
            case .after(let delay):
                let event = timerEvent(transition)
                written.event = event
                var send = SendModel()
                send.event = event
                send.id = event
                send.delay = Self.delayText(delay)
                state.onEntry.append([Action(kind: .send(send), position: nowhere)])
                state.onExit.append([Action(kind: .cancel(sendID: event, sendIDExpr: nil), position: nowhere)])
            }
            if transition.hasGuard { written.cond = guardName(transition) }
            written.targets = transition.targets.map { ids[$0] }
            written.isInternal = transition.type == .internal
            if transition.hasAction { written.actions = [log(transition.actionLabel)] }
            state.transitions.append(written)
        }
        state.children = described.children.map { self.state($0) }
        return state
    }

    /// A valid XML name made from a state's id.
    static func xmlName(_ id: String) -> String {
        var name = String(id.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": Character(scalar)
            default: "_"
            }
        })
        if let first = name.unicodeScalars.first, !(("a"..."z").contains(first) || ("A"..."Z").contains(first) || first == "_") {
            name = "_" + name
        }
        return name.isEmpty ? "_" : name
    }

    /// An event name made of the characters SCXML event names use.
    static func eventName(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "*": Character(scalar)
            default: "_"
            }
        })
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// A delay as a CSS2 time, rounded up to the millisecond: `2s`, `150ms`.
    static func delayText(_ delay: Duration) -> String {
        let (seconds, attoseconds) = delay.components
        let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000)s" : "\(milliseconds)ms"
    }
}
