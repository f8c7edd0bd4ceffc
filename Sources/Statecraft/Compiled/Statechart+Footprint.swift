extension Statechart {
    /// The bytes the chart's lookup tables take: the transition table (which transitions each
    /// state has for each event kind), and for a chart on the leaf path its move table and leaf
    /// steps with the actions they run.
    ///
    /// A table of more than 8,192 cells (states times event kinds) whose cells are mostly empty
    /// is stored displaced, so this grows with the transitions rather than with states times
    /// kinds: a flat chart of 1,000 states, 1,000 event kinds and 5,000 transitions keeps about
    /// 0.3 MB here. The rest of a chart (its states, transitions, actions, and what it keeps of
    /// its definition for ``structure``) grows with the chart's size.
    public var lookupTableBytes: Int {
        table.byteCount + eventless.byteCount
            + leafMoves.count * MemoryLayout<LeafMove>.stride + leafSteps.count * MemoryLayout<LeafStep>.stride
            + program.leafSlots.count * MemoryLayout<ActionSlot<Event, Context>>.stride
    }
}
