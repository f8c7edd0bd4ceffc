extension ChartStructure {
    // MARK: Endless eventless loops

    /// Eventless transitions without a target or a guard that nothing can outrun: no eventless
    /// transition comes before one in its state, none is written inside that state, and no
    /// parallel state holds it (where another region could leave it). While its state is
    /// active such a transition is selected again after every microstep, forever, and the
    /// machine stops only at its microstep limit.
    ///
    /// An SCXML document may write the transition (the recommendation does not forbid it), so
    /// it is read and reported here; a typed chart refuses it when it is built
    /// (`DefinitionError.Code.endlessEventlessTransition`).
    func endlessEventlessTransitions() -> [ChartLint] {
        // Per state, whether an eventless transition is written inside it (O(t × d), once).
        var holdsEventless = [Bool](repeating: false, count: states.count)
        for transition in transitions where transition.trigger == .eventless {
            for ancestor in ancestors(of: transition.source) { holdsEventless[ancestor] = true }
        }
        var findings: [ChartLint] = []
        for state in states where !state.isHistory {
            for (position, index) in state.transitions.enumerated() {
                let transition = transitions[index]
                guard case .eventless = transition.trigger else { continue }
                // The first eventless transition of the state decides; an earlier one may end the loop.
                let earlier = state.transitions[..<position].contains { transitions[$0].trigger == .eventless }
                if earlier || !transition.targets.isEmpty || transition.hasGuard { break }
                let inParallel = ancestors(of: state.index).contains { states[$0].kind == .parallel }
                if holdsEventless[state.index] || inParallel { break }
                findings.append(ChartLint(
                    code: .endlessEventlessTransition,
                    message: "the eventless transition in '\(state.id)' has neither a target nor a guard, and no "
                        + "transition that could end the loop is selected before it: while '\(state.id)' is active it "
                        + "is taken again after every microstep, until the machine's microstep limit stops it; "
                        + "give it a target, or a guard that turns false",
                    location: transition.location, state: state.index, transition: index
                ))
                break
            }
        }
        return findings
    }
}
