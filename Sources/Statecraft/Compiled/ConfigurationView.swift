/// A read-only look at a machine's active states, by node number, for the closures of a chart
/// built by another front end (an SCXML document's `In()`).
///
/// The engine hands one to a chart's dequeue hook (see `Statechart.dequeueHook`) each time it
/// dequeues an event and before it enters the initial configuration. It reads the machine's own
/// configuration as the algorithm updates it, state by state, so a front end keeps no copy.
///
/// It points into memory the machine owns: it is valid while the engine call that handed it
/// out runs (a `send`, an `advance`, the start), and must not be read after that call returns.
@usableFromInline
package struct ConfigurationView {
    /// The configuration's words.
    @usableFromInline let words: UnsafePointer<UInt64>
    /// How many nodes the chart has, the root included.
    @usableFromInline let nodeCount: Int

    @usableFromInline
    init(words: UnsafePointer<UInt64>, nodeCount: Int) {
        self.words = words
        self.nodeCount = nodeCount
    }

    /// Whether node `node` is active; `false` for numbers outside the chart.
    @inlinable
    package func contains(node: Int) -> Bool {
        guard node > 0, node < nodeCount else { return false }
        return StateSet.contains(words, node)
    }
}
