import Statecraft

extension SCXMLDocument {
    /// The rule of the SCXML recommendation that a refusal of the chart enforces, as a section
    /// and the rule in words, for ``ModelReader/citing(_:rule:)``.
    ///
    /// - Parameters:
    ///   - error: Why the engine refused the states and transitions.
    ///   - isHistoryDefault: Whether the element at fault is the default transition of a `<history>`.
    static func rule(of error: DefinitionError, isHistoryDefault: Bool) -> String {
        switch error.code {
        case .duplicateState:
            "3.14: every id is unique in the document"
        case .unknownTarget, .unknownInitialState:
            "3.11: a target names states of the document"
        case .invalidInitial where isHistoryDefault:
            "3.10.2: a history's default names states inside its parent, one child for a shallow history of a <state>"
        case .invalidInitial:
            "3.3.1 and 3.6.2: the initial states of a <state> are its descendants"
        case .conflictingTargets:
            "3.11: the targets of a transition can be active together"
        case .transitionFromFinalState:
            "3.7.2: <final> holds <onentry>, <onexit> and <donedata>"
        default:
            "3.11: the states and transitions form a legal statechart"
        }
    }
}
