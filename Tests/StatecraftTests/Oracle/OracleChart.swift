/// The oracle's own model of a chart: plain arrays of states and transitions in document
/// order, with the `<scxml>` element as state 0. Built from an ``OracleCase``; nothing in it
/// comes from the engine's compiled chart. A class, so that the interpreter's copies (`canSend`
/// probes one) share it.
final class OracleChart {
    enum Kind: Equatable {
        case root, atomic, compound, parallel, final, shallowHistory, deepHistory
    }

    struct State {
        var name: String
        var kind: Kind
        /// `nil` for the root.
        var parent: Int?
        /// Children in document order, history states included.
        var children: [Int] = []
        /// Ordinary transitions, in the order written.
        var transitions: [Int] = []
        /// The root's and a compound state's initial transition; a history state's default.
        var initialTransition: Int?
        var onEntry: [ActionSpec] = []
        var onExit: [ActionSpec] = []
        var doneData = false
    }

    struct Transition {
        var source: Int
        var trigger: TransitionSpec.Trigger
        var targets: [Int]
        var isInternal: Bool
        var guardSpec: GuardSpec?
        var content: ActionSpec?
    }

    private(set) var states: [State] = []
    /// Per state, its kind and its parent (-1 for the root): read on every step of the
    /// algorithm, kept apart so that reading one does not copy a whole `State`.
    private(set) var kinds: [Kind] = []
    private(set) var parents: [Int] = []
    /// Per state, its ordinary transitions, its child states (history states left out), and
    /// its delayed transitions, in the order written.
    private(set) var transitionsOf: [[Int]] = []
    private(set) var childStates: [[Int]] = []
    private(set) var delayed: [[Int]] = []
    private(set) var transitions: [Transition] = []
    /// Whether done events are delivered as `done.state.<id>` events (`StatechartOptions`).
    let doneEvents: Bool
    /// Whether guard errors are delivered as `error.execution` events (`StatechartOptions`).
    let errorEvents: Bool

    init(_ spec: OracleCase) {
        doneEvents = spec.doneEvents
        errorEvents = spec.errorEvents
        states = [State(name: "<scxml>", kind: .root, parent: nil)]
        var index: [String: Int] = [:]
        var pending: [(Int, StateSpec)] = []
        func number(_ state: StateSpec, parent: Int) {
            let node = states.count
            let kind: Kind = switch state.kind {
            case .atomic: .atomic
            case .compound: .compound
            case .parallel: .parallel
            case .final: .final
            case .history(let deep): deep ? .deepHistory : .shallowHistory
            }
            states.append(State(
                name: state.name, kind: kind, parent: parent,
                onEntry: state.onEntry, onExit: state.onExit, doneData: state.doneData
            ))
            states[parent].children.append(node)
            index[state.name] = node
            pending.append((node, state))
            for child in state.children { number(child, parent: node) }
        }
        for state in spec.top { number(state, parent: 0) }
        func add(_ transition: Transition) -> Int {
            transitions.append(transition)
            return transitions.count - 1
        }
        let firstTop = states[0].children[0]
        states[0].initialTransition = add(Transition(
            source: 0, trigger: .eventless, targets: [spec.rootInitial.flatMap { index[$0] } ?? firstTop],
            isInternal: false, guardSpec: nil, content: nil
        ))
        for (node, state) in pending {
            switch state.kind {
            case .compound:
                let firstChild = states[node].children.first { !states[$0].isHistory }!
                let (target, content): (Int, ActionSpec?) = switch state.initial {
                case .firstChild: (firstChild, nil)
                case .attribute(let name): (index[name]!, nil)
                case .element(let name, let action): (index[name]!, action)
                }
                states[node].initialTransition = add(Transition(
                    source: node, trigger: .eventless, targets: [target], isInternal: false, guardSpec: nil, content: content
                ))
            case .history:
                states[node].initialTransition = add(Transition(
                    source: node, trigger: .eventless, targets: state.historyDefault.map { [index[$0]!] } ?? [],
                    isInternal: false, guardSpec: nil, content: state.historyAction
                ))
            default:
                break
            }
            for transition in state.transitions {
                states[node].transitions.append(add(Transition(
                    source: node, trigger: transition.trigger, targets: transition.targets.map { index[$0]! },
                    isInternal: transition.isInternal && transition.takesType, guardSpec: transition.guardSpec,
                    content: transition.action
                )))
            }
        }
        indexKindsAndParents()
    }

    /// Fills `kinds` and `parents`.
    private func indexKindsAndParents() {
        kinds = states.map(\.kind)
        parents = states.map { $0.parent ?? -1 }
        transitionsOf = states.map(\.transitions)
        childStates = states.map { state in state.children.filter { !states[$0].isHistory } }
        delayed = states.map { state in
            state.transitions.filter {
                if case .after = transitions[$0].trigger { true } else { false }
            }
        }
    }

    /// The delayed transitions written in `state`, in the order written.
    func delayedTransitions(of state: Int) -> [Int] {
        delayed[state]
    }
}

extension TransitionSpec {
    /// Whether the DSL lets this kind of transition be internal: `On` and `Always` take a
    /// `type`, `OnDone` and `After` are always external.
    var takesType: Bool {
        switch trigger {
        case .event, .eventless: true
        case .done, .after: false
        }
    }
}

extension OracleChart.State {
    var isHistory: Bool { kind == .shallowHistory || kind == .deepHistory }
}
