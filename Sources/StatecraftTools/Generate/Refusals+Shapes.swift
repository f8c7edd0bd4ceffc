import StatecraftSCXML

extension Refusals {
    /// The shapes SCXML allows and the DSL does not: an `<scxml>` without states (3.2.2), which a
    /// `Statechart` cannot be (it declares at least one state), and a `<parallel>` without child
    /// states (3.4), which the DSL's `Parallel` refuses (`DefinitionError` `parallelWithoutRegions`).
    /// The interpreter runs both (the DocC article on SCXML support says how).
    static func shapes(in model: DocumentModel) -> [Refusal] {
        var refusals: [Refusal] = []
        if model.states.isEmpty {
            refusals.append(Refusal(
                element: "scxml", position: model.position,
                reason: "a document without states (SCXML 3.2.2 allows one) is not expressible in the DSL: a Statechart "
                    + "declares at least one state"
            ))
        }
        func visit(_ state: StateModel) {
            if state.kind == .parallel, !state.children.contains(where: { if case .history = $0.kind { false } else { true } }) {
                refusals.append(Refusal(
                    element: "parallel", position: state.position,
                    reason: "a <parallel> without child states (SCXML 3.4 allows one) is not expressible in the DSL, "
                        + "whose Parallel takes at least one region"
                ))
            }
            state.children.forEach(visit)
        }
        model.states.forEach(visit)
        return refusals
    }
}
