public import Statecraft

/// A property a typed chart must have, for ``TestModel/verify(_:maxTime:)``.
///
/// ```swift
/// let result = model.verify([
///     .never(.open, .locked),
///     .eventually(whenIn: .opening, reach: .open),
///     .within(after: .lock, in: .locked, steps: 1),
///     .always("the count stays small") { $0.count < 10 },
/// ])
/// ```
public struct ModelProperty<State: Hashable & Sendable, Event: MachineEvent, Context> {
    @usableFromInline
    enum Rule {
        case never([State])
        case eventually(State, State)
        case within(Event.Kind, State, Int)
        case always((Context) -> Bool)
    }

    @usableFromInline let rule: Rule
    /// How the property reads in a finding.
    public let name: String

    /// These states are never all active at once.
    ///
    /// - Parameter states: Two or more states.
    public static func never(_ states: State...) -> Self {
        Self(rule: .never(states), name: "never \(states.map { "\($0)" }.joined(separator: ", "))")
    }

    /// Whenever `state` is active, every run from there reaches `goal`: a run that cycles or
    /// stops without it is a counterexample. Steps that change nothing are not counted as a run.
    ///
    /// - Parameters:
    ///   - state: Where the obligation starts.
    ///   - goal: What must follow.
    public static func eventually(whenIn state: State, reach goal: State) -> Self {
        Self(rule: .eventually(state, goal), name: "eventually \(state): \(goal)")
    }

    /// After an event of `kind`, `state` is active within `steps` further steps on every run.
    ///
    /// - Parameters:
    ///   - kind: The kind of event.
    ///   - state: The state that must follow.
    ///   - steps: How many steps it may take; 0 for at once.
    public static func within(after kind: Event.Kind, in state: State, steps: Int) -> Self {
        Self(rule: .within(kind, state, max(0, steps)), name: "within \(kind): \(state): \(max(0, steps))")
    }

    /// `predicate` holds of the context in every reachable configuration.
    ///
    /// - Parameters:
    ///   - name: What the predicate says, for the report.
    ///   - predicate: The predicate.
    public static func always(_ name: String, _ predicate: @escaping (Context) -> Bool) -> Self {
        Self(rule: .always(predicate), name: "always \(name)")
    }
}

/// Something a chart can do wrong, found by ``TestModel/verify(_:maxTime:)``, with the shortest way to it.
public struct ModelFinding<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// What kind of thing.
    public enum Kind: String, Hashable, Sendable {
        /// A configuration that is not final where no event and no timer changes anything.
        case deadlock
        /// A step that never settles, or configurations from which no final state is reached.
        case livelock
        /// A limit that cut a step short.
        case fault
        /// A stated property that does not hold.
        case property
        /// An event the machine sent itself (raised by an action, or sent with a delay) that
        /// no transition took when its turn came.
        case unhandledEvent
    }

    /// What kind.
    public let kind: Kind
    /// What is wrong; for a property, its name first.
    public let message: String
    /// The counterexample: a path from a new machine, for ``TestModel/test(_:checks:onStep:)``.
    public let path: ModelPath<State, Event>
    /// Where in the path's steps a repeating part starts, when the counterexample is a cycle.
    public let loopStart: Int?
    /// The active atomic states where the problem shows.
    public let configuration: [State]
}

extension ModelFinding: CustomStringConvertible {
    /// `deadlock: ... after coin, push`.
    public var description: String {
        "\(kind.rawValue): \(message); counterexample: \(path)"
    }
}

/// What ``TestModel/verify(_:maxTime:)`` found.
public struct ModelVerification<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// A bound that cut the search short.
    public enum Cut: Hashable, Sendable {
        /// ``TestModel/maxConfigurations`` nodes were kept and more were found.
        case configurations(Int)
        /// Paths reached ``TestModel/maxDepth`` steps with steps left to try.
        case depth(Int)
        /// The time bound passed.
        case time(Duration)
    }

    /// The configurations (nodes, as the model tells machines apart) explored.
    public let configurations: Int
    /// The bound that cut the search, or `nil` when it tried every step everywhere.
    public let cut: Cut?
    /// States never active, history states aside.
    public let statesNeverEntered: [State]
    /// Transitions taken, in the order first taken; compare with the chart to see what never was.
    public let transitionsTaken: [ModelTransition<State, Event.Kind>]
    /// Event kinds no transition taken was on.
    public let eventKindsNeverTaken: [Event.Kind]
    /// What can go wrong.
    public let findings: [ModelFinding<State, Event>]

    /// Whether the search tried everything: only then is an empty ``findings`` a proof (for
    /// the events tried).
    public var isComplete: Bool { cut == nil }

    /// Whether the search was complete and found nothing, no state left unentered.
    public var isProof: Bool { isComplete && findings.isEmpty && statesNeverEntered.isEmpty }
}
