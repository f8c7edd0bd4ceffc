/// A read-only description of a chart: its states, transitions, labels and where each was
/// written, the same for a typed ``Statechart`` and for an SCXML document.
///
/// Drawings, lints and path searches read a chart through this structure rather than through
/// the engine's tables:
///
/// ```swift
/// let structure = turnstile.structure
/// for transition in structure.transitions {
///     let source = structure.states[transition.source].id
///     let targets = transition.targets.map { structure.states[$0].id }
///     print(source, transition.events, targets)      // locked ["coin"] ["unlocked"]
/// }
/// print(structure.dot())                              // a Graphviz drawing
/// ```
///
/// States are numbered in document order (a state before its children, children in the order
/// written), history pseudo-states included; transitions are numbered in the order written.
/// For a typed chart, `states[i]` describes `chart.states[i]`, and a state's ``State/id`` is
/// the state's description (`String(describing:)`). Initial transitions are not listed among
/// ``transitions``: a compound state's ``State/initial`` and the chart's ``initial`` give
/// their targets.
public struct ChartStructure: Hashable, Sendable {
    /// The chart's name: an SCXML document's `name` attribute; `nil` for a typed chart.
    public let name: String?
    /// Every state in document order.
    public let states: [State]
    /// Every transition that is not an initial transition, in the order written.
    public let transitions: [Transition]
    /// The states a machine starts in: the chart's initial targets (several for an SCXML
    /// document whose `initial` names a state in each region of a parallel state).
    public let initial: [Int]
    /// How transitions match events: by equal kind, or by SCXML event descriptor.
    public let eventMatching: EventMatching
    /// Events the chart raises or sends to itself, as far as the definition says: the
    /// `<raise>` and `<send>` elements of an SCXML document whose event is written literally.
    /// Empty for a typed chart, whose actions are closures.
    public let emittedEvents: [EmittedEvent]
    /// Where the chart was written: an SCXML document's `<scxml>` element, or a typed chart's
    /// first state.
    public let location: SourceLocation?

    /// Describes a chart; the children, transitions and depth of every state are computed here.
    ///
    /// - Parameters:
    ///   - name: The chart's name.
    ///   - states: The states in document order; their `children`, `transitions` and `depth` are
    ///     filled in.
    ///   - transitions: The transitions in the order written.
    ///   - initial: The chart's initial targets.
    ///   - eventMatching: How transitions match events.
    ///   - emittedEvents: The events the chart raises or sends to itself.
    ///   - location: Where the chart was written.
    package init(
        name: String?,
        states: [State],
        transitions: [Transition],
        initial: [Int],
        eventMatching: EventMatching,
        emittedEvents: [EmittedEvent] = [],
        location: SourceLocation?
    ) {
        var states = states
        for index in states.indices {
            states[index].children = []
            states[index].transitions = []
            if let parent = states[index].parent {
                states[parent].children.append(index)
                states[index].depth = states[parent].depth + 1
            } else {
                states[index].depth = 0
            }
        }
        for transition in transitions {
            states[transition.source].transitions.append(transition.index)
        }
        self.name = name
        self.states = states
        self.transitions = transitions
        self.initial = initial
        self.eventMatching = eventMatching
        self.emittedEvents = emittedEvents
        self.location = location
    }

    /// The top-level states, in document order.
    public var topLevelStates: [Int] {
        states.indices.filter { states[$0].parent == nil }
    }

    /// Every event name a transition names (each alternative of a descriptor on its own), in
    /// the order first written. Eventless, done and delayed transitions name none.
    public var events: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for transition in transitions {
            for name in transition.events where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// The first state with this id.
    ///
    /// - Parameter id: A state's ``State/id``.
    /// - Returns: Its index in ``states``, or `nil` when no state has that id.
    public func state(withID id: String) -> Int? {
        states.firstIndex { $0.id == id }
    }

    /// Whether one state is a proper descendant of another.
    ///
    /// - Parameters:
    ///   - state: A state's index.
    ///   - ancestor: Another state's index.
    /// - Returns: `true` when `ancestor` contains `state` at any depth.
    public func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
        var node = states[state].parent
        while let current = node {
            if current == ancestor { return true }
            node = states[current].parent
        }
        return false
    }

    /// The proper ancestors of a state, nearest first.
    ///
    /// - Parameter state: A state's index.
    /// - Returns: Its parent, its parent's parent, and so on up to a top-level state.
    public func ancestors(of state: Int) -> [Int] {
        var result: [Int] = []
        var node = states[state].parent
        while let current = node {
            result.append(current)
            node = states[current].parent
        }
        return result
    }

    /// Whether a transition's trigger matches an event of this name.
    ///
    /// - Parameters:
    ///   - transition: A transition's index.
    ///   - name: An event name, such as `coin` or `error.execution`.
    /// - Returns: `true` when the transition is triggered by events and one of its descriptors
    ///   matches `name` (by equality, or by SCXML's prefix rule for ``EventMatching/descriptor``).
    public func transition(_ transition: Int, matches name: String) -> Bool {
        let events = transitions[transition].events
        switch eventMatching {
        case .exact: return events.contains(name)
        case .descriptor: return EventDescriptor(events.joined(separator: " ")).matches(name)
        }
    }
}
