/// Something a chart allows but that is probably a mistake, found by ``ChartStructure/lint()``.
///
/// ```swift
/// for finding in document.structure.lint() {
///     print(finding)   // "light.scxml:12:5: state 'dim' cannot be reached from the initial state"
/// }
/// ```
public struct ChartLint: Hashable, Sendable, CustomStringConvertible {
    /// What kind of finding this is. New codes may be added.
    public typealias Code = ErrorCode<ChartLint>

    /// What kind of finding this is.
    public let code: Code
    /// What was found, and what to do about it.
    public let message: String
    /// Where the element in question was written.
    public let location: SourceLocation?
    /// The state it is about, when it is about a state (an index into the structure's states).
    public let state: Int?
    /// The transition it is about, when it is about a transition.
    public let transition: Int?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - code: What kind of finding it is.
    ///   - message: What was found.
    ///   - location: Where the element in question was written.
    ///   - state: The state it is about.
    ///   - transition: The transition it is about.
    public init(code: Code, message: String, location: SourceLocation?, state: Int? = nil, transition: Int? = nil) {
        self.code = code
        self.message = message.escapingControlCharacters()
        self.location = location
        self.state = state
        self.transition = transition
    }

    /// The message, preceded by the location when there is one.
    public var description: String {
        if let location { "\(location): \(message)" } else { message }
    }
}

extension ErrorCode where Domain == ChartLint {
    /// No sequence of transitions from the initial states enters this state.
    public static var unreachableState: Self { Self(name: "unreachableState") }
    /// An earlier transition of the same state, without a guard, matches every event this
    /// one matches, so this one is never taken.
    public static var shadowedTransition: Self { Self(name: "shadowedTransition") }
    /// A state that is not final and that no transition can leave: a machine entering it
    /// stays there for good.
    public static var noWayOut: Self { Self(name: "noWayOut") }
    /// The chart raises or sends itself an event that no transition matches.
    public static var unhandledEvent: Self { Self(name: "unhandledEvent") }
    /// An eventless transition without a target or a guard that no other transition can
    /// outrun: while its state is active it is taken after every microstep, forever (an
    /// SCXML document may write one; a typed chart refuses it when it is built).
    public static var endlessEventlessTransition: Self { Self(name: "endlessEventlessTransition") }
}
