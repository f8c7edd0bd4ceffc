extension Statechart {
    /// Whether `state` is atomic: a state without children, or a final state. `false` for a
    /// state the chart lacks. For the package's tools until the chart structure says it.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: Whether it is atomic.
    @usableFromInline
    package func isAtomicState(_ state: State) -> Bool {
        guard let node = stateIndex[state] else { return false }
        return nodes[node].isAtomic
    }

    /// Whether `state` is a shallow or deep history pseudo-state, never in a configuration.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: Whether it is a history state.
    @usableFromInline
    package func isHistoryState(_ state: State) -> Bool {
        guard let node = stateIndex[state] else { return false }
        return nodes[node].isHistory
    }
}
