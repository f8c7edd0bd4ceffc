extension ChartStructure {
    /// What kind of state a ``State`` is.
    public enum StateKind: Hashable, Sendable, CustomStringConvertible {
        /// A state without child states.
        case atomic
        /// A state with child states, one of which is active while it is.
        case compound
        /// A state whose child states (its regions) are all active while it is.
        case parallel
        /// A final state: entering it completes its parent, or at the top level the machine.
        case final
        /// A history pseudo-state that remembers its parent's children (shallow) or all of its
        /// active descendants (deep).
        case history(HistoryKind)

        /// `atomic`, `compound`, `parallel`, `final`, `shallow history` or `deep history`.
        public var description: String {
            switch self {
            case .atomic: "atomic"
            case .compound: "compound"
            case .parallel: "parallel"
            case .final: "final"
            case .history(.shallow): "shallow history"
            case .history(.deep): "deep history"
            }
        }
    }

    /// How a chart's transitions match events.
    public enum EventMatching: Hashable, Sendable {
        /// A transition is triggered by events of its kind (a typed chart's enum of kinds).
        case exact
        /// A transition's event descriptor matches an event name equal to it or starting with
        /// it and a dot, and `*` matches every event (SCXML; typed charts whose kind is
        /// ``EventDescriptor``).
        case descriptor
    }

    /// What makes a transition eligible to be taken.
    public enum Trigger: Hashable, Sendable {
        /// Events matched by these names (the alternatives of an event descriptor, or one kind).
        case events([String])
        /// Nothing: the transition is taken as soon as its guard allows.
        case eventless
        /// The done event of the state it is written in (``OnDone``).
        case done
        /// A timer started when its state is entered (``After``).
        case after(Duration)
    }

    /// One state of a chart.
    public struct State: Hashable, Sendable {
        /// Its position in ``ChartStructure/states``.
        public let index: Int
        /// Its identity as text: an SCXML `id`, or a typed state's description.
        public let id: String
        /// What kind of state it is.
        public let kind: StateKind
        /// The state it is written in, or `nil` at the top level.
        public let parent: Int?
        /// Its child states in document order, history pseudo-states included.
        public internal(set) var children: [Int] = []
        /// For a compound state, the targets of its initial transition (its first child when
        /// it names none); for a history state, its default targets. Empty otherwise.
        public let initial: [Int]
        /// The transitions written in it, in the order written.
        public internal(set) var transitions: [Int] = []
        /// Its entry actions in the order written: each one's label, or `nil` when it has none.
        public let entry: [String?]
        /// Its exit actions in the order written: each one's label, or `nil` when it has none.
        public let exit: [String?]
        /// How many ancestors it has: 0 at the top level.
        public internal(set) var depth = 0
        /// Where it was written: `file:line` in Swift, `file:line:column` in an SCXML document.
        public let location: SourceLocation?

        /// Describes a state; ``ChartStructure`` fills in its children, transitions and depth.
        ///
        /// - Parameters:
        ///   - index: Its position in the chart's states.
        ///   - id: Its identity as text.
        ///   - kind: What kind of state it is.
        ///   - parent: The state it is written in.
        ///   - initial: Its initial or default targets.
        ///   - entry: Its entry actions' labels.
        ///   - exit: Its exit actions' labels.
        ///   - location: Where it was written.
        package init(
            index: Int, id: String, kind: StateKind, parent: Int?, initial: [Int],
            entry: [String?], exit: [String?], location: SourceLocation?
        ) {
            self.index = index
            self.id = id
            self.kind = kind
            self.parent = parent
            self.initial = initial
            self.entry = entry
            self.exit = exit
            self.location = location
        }

        /// Whether it is atomic or final: a state that may be in a configuration with no child.
        public var isAtomic: Bool { kind == .atomic || kind == .final }

        /// Whether it is a history pseudo-state.
        public var isHistory: Bool {
            if case .history = kind { true } else { false }
        }
    }

    /// One transition of a chart.
    public struct Transition: Hashable, Sendable {
        /// Its position in ``ChartStructure/transitions``.
        public let index: Int
        /// The state it is written in.
        public let source: Int
        /// What makes it eligible.
        public let trigger: Trigger
        /// The states it goes to; empty for a transition that changes no state.
        public let targets: [Int]
        /// Whether a transition into its own compound source leaves that source.
        public let type: TransitionType
        /// Whether it has a guard.
        public let hasGuard: Bool
        /// What the guard is called: the label given with `labelled(guard:)`, or an SCXML
        /// `cond` expression. `nil` when it has no guard or the guard has no label.
        public let guardLabel: String?
        /// Whether it has an action.
        public let hasAction: Bool
        /// What the action is called: the label given with `labelled(action:)`, or a summary of
        /// an SCXML transition's executable content. `nil` when it has none or no label.
        public let actionLabel: String?
        /// Where it was written.
        public let location: SourceLocation?

        /// Describes a transition.
        ///
        /// - Parameters:
        ///   - index: Its position in the chart's transitions.
        ///   - source: The state it is written in.
        ///   - trigger: What makes it eligible.
        ///   - targets: Its targets.
        ///   - type: Internal or external.
        ///   - hasGuard: Whether it has a guard.
        ///   - guardLabel: The guard's label.
        ///   - hasAction: Whether it has an action.
        ///   - actionLabel: The action's label.
        ///   - location: Where it was written.
        package init(
            index: Int, source: Int, trigger: Trigger, targets: [Int], type: TransitionType,
            hasGuard: Bool, guardLabel: String?, hasAction: Bool, actionLabel: String?, location: SourceLocation?
        ) {
            self.index = index
            self.source = source
            self.trigger = trigger
            self.targets = targets
            self.type = type
            self.hasGuard = hasGuard
            self.guardLabel = guardLabel
            self.hasAction = hasAction
            self.actionLabel = actionLabel
            self.location = location
        }

        /// The event names that trigger it; empty for an eventless, done or delayed transition.
        public var events: [String] {
            if case .events(let names) = trigger { names } else { [] }
        }

        /// Its delay, for a delayed transition.
        public var delay: Duration? {
            if case .after(let delay) = trigger { delay } else { nil }
        }
    }

    /// An event a chart raises or sends to itself, found in its definition.
    public struct EmittedEvent: Hashable, Sendable {
        /// How the event is emitted.
        public enum Kind: Hashable, Sendable {
            /// Raised: put on the internal queue (`<raise>`).
            case raise
            /// Sent to the chart's own external queue (`<send>` without a target or to
            /// `#_internal`).
            case send
        }

        /// The event's name.
        public let name: String
        /// How it is emitted.
        public let kind: Kind
        /// The state whose entry or exit emits it, or `nil` when a transition does.
        public let state: Int?
        /// The transition whose action emits it, or `nil` when a state's entry or exit does.
        public let transition: Int?
        /// Where the element that emits it was written.
        public let location: SourceLocation?

        /// Describes an emitted event.
        ///
        /// - Parameters:
        ///   - name: The event's name.
        ///   - kind: How it is emitted.
        ///   - state: The state whose entry or exit emits it.
        ///   - transition: The transition that emits it.
        ///   - location: Where it was written.
        package init(name: String, kind: Kind, state: Int?, transition: Int?, location: SourceLocation?) {
            self.name = name
            self.kind = kind
            self.state = state
            self.transition = transition
            self.location = location
        }
    }
}
