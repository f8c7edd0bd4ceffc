import StatecraftSCXML

/// Finds what in a document the generator cannot express, in document order.
enum Refusals {
    typealias Refusal = SCXMLGenerationError.Refusal

    static let executable = "executable content is generated for the null and statecraft datamodels only; "
        + "of another document only the structure is (states, transitions, In() conditions)"

    /// - Parameter delayed: What ``DelayedTransitions`` translated or refused among the
    ///   `<send>`s and `<cancel>`s; those are not refused again.
    /// - Parameter content: The translation of executable content and data, for a `null` or
    ///   `statecraft` document; `nil` refuses all of it.
    static func find(in model: DocumentModel, delayed: DelayedTransitions, content: ExecutableContent?) -> [Refusal] {
        var refusals = delayed.refusals + shapes(in: model)
        if let content {
            refusals += content.refusals
        } else {
            refusals += model.data.map(refuseData)
            refusals += model.script.map(refuseAction)
        }
        for state in model.states { find(in: state, claimed: delayed.claimed, content: content, into: &refusals) }
        return refusals.sorted { $0.position < $1.position }
    }

    private static func find(
        in state: StateModel, parent: String? = nil, claimed: Set<TextPosition>, content: ExecutableContent?,
        into refusals: inout [Refusal]
    ) {
        if content == nil {
            refusals += state.data.map(refuseData)
            for block in state.onEntry + state.onExit {
                refusals += block.filter { !claimed.contains($0.position) }.map(refuseAction)
            }
        }
        if let doneData = state.doneData {
            // A final inside a state gives its parent's done event data (ExecutableContent).
            if parent == nil {
                refusals.append(Refusal(
                    element: "donedata", position: doneData.position,
                    reason: "the done data of a top-level final is the invoking session's done.invoke data, which is not "
                        + "generated yet: events cross between machines without data"
                ))
            } else if content == nil {
                refusals.append(Refusal(element: "donedata", position: doneData.position, reason: executable))
            }
        }
        if let transition = state.initialTransition {
            if content == nil { refusals += transition.actions.map(refuseAction) }
        }
        for transition in state.transitions {
            if content == nil { refusals += transition.actions.map(refuseAction) }
            if let cond = transition.cond {
                if SCXMLNullDatamodel.inStateID(cond) != nil {
                    // A whole In('id') is a `When`, or never taken when the id names no state
                    // (``neverTaken(in:)`` warns of it).
                } else if let content {
                    do throws(Untranslatable) {
                        _ = try content.condition(cond, eventIsOptional: transition.event == nil, event: transition.event)
                    } catch {
                        refusals.append(Refusal(element: "transition", position: transition.position, reason: error.reason))
                    }
                } else {
                    refusals.append(Refusal(
                        element: "transition", position: transition.position,
                        reason: "the condition \(quoted(cond)) is not generated: of a document whose datamodel is neither "
                            + "null nor statecraft, only In('state id') is"
                    ))
                }
            }
        }
        for child in state.children {
            find(in: child, parent: state.id, claimed: claimed, content: content, into: &refusals)
        }
    }

    /// The transitions whose whole condition is `In('id')` of an id that names no state of the
    /// document: `In()` of such an id is false (SCXML 5.9.1 asks whether the state is in the
    /// configuration), so they are generated as the session runs them, never taken, and
    /// reported as warnings, since a condition that can never hold is most likely a mistake.
    static func neverTaken(in model: DocumentModel) -> [Refusal] {
        let states = everyState(of: model)
        let ids = Set(states.map(\.id))
        return states.flatMap(\.transitions).compactMap { transition in
            guard let cond = transition.cond, let id = SCXMLNullDatamodel.inStateID(cond), !ids.contains(id) else { return nil }
            return Refusal(
                element: "transition", position: transition.position,
                reason: "the condition \(quoted(cond)) names no state of the document, so it is false; the generated "
                    + "transition is never taken, as the session never takes it"
            )
        }
    }

    /// Every state of the document, in document order, each before its children.
    private static func everyState(of model: DocumentModel) -> [StateModel] {
        var states: [StateModel] = []
        func collect(_ state: StateModel) {
            states.append(state)
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        return states
    }

    static func elementName(of state: StateModel) -> String {
        switch state.kind {
        case .state: "state"
        case .parallel: "parallel"
        case .final: "final"
        case .history: "history"
        }
    }

    private static func refuseData(_ data: DataModel) -> Refusal {
        Refusal(element: "data", position: data.position, reason: "the datamodel's data is not generated yet")
    }

    private static func refuseAction(_ action: Action) -> Refusal {
        Refusal(element: action.elementName, position: action.position, reason: executable)
    }

    /// A condition as a message quotes it: escaped, and at most 60 characters.
    private static func quoted(_ text: String) -> String {
        let escaped = SwiftNames.escapedText(text)
        return "'" + (escaped.count > 60 ? escaped.prefix(57) + "..." : escaped) + "'"
    }
}
