/// Making machines of a chart: the compiled chart knows nothing of the engine, which adds these.
extension Statechart {
    /// Makes a machine in the initial configuration, running the entry actions of the states
    /// it enters and then any eventless transitions and raised events, as SCXML does at start.
    ///
    /// - Parameter context: The machine's extended state.
    /// - Returns: A new machine. It shares this chart.
    @inlinable
    public func makeMachine(context: Context) -> Machine<State, Event, Context> {
        Machine(chart: self, context: context)
    }

    /// An empty workspace for a machine of this chart: no state active, no history.
    @usableFromInline
    func makeWorkspace() -> Workspace<Event> {
        Workspace(
            nodeCount: nodes.count, historyCount: historyCount, setWords: setWords, stateNode: stateNode,
            readsLiveConfiguration: options.actionsSeeStateChanges, recordsTaken: options.actionsSeeLastEvent || lastEventField != nil
        )
    }
}

extension Statechart where Context == Void {
    /// Makes a machine without context in the initial configuration.
    ///
    /// - Returns: A new machine.
    @inlinable
    public func makeMachine() -> Machine<State, Event, Void> {
        Machine(chart: self, context: ())
    }
}
