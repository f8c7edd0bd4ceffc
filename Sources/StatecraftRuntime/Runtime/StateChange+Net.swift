public import Statecraft

extension Array {
    /// What a step's record of changes means for work attached to states: the states that
    /// were active before and were exited (first exit, in order), and the states entered and
    /// still active after (last entry, in order). A state exited and entered again is in both;
    /// one entered and exited again within the step is in neither.
    @usableFromInline
    func netChanges<State>() -> (exited: [State], entered: [State]) where Element == StateChange<State> {
        guard !isEmpty else { return ([], []) }
        var seen = Set<State>()
        var exited: [State] = []
        for change in self where seen.insert(change.state).inserted {
            if case .exited(let state) = change { exited.append(state) }
        }
        seen.removeAll(keepingCapacity: true)
        var entered: [State] = []
        for change in reversed() where seen.insert(change.state).inserted {
            if case .entered(let state) = change { entered.append(state) }
        }
        return (exited, entered.reversed())
    }
}
