/// A whole microstep, precomputed for one configuration and one event kind of a chart of at
/// most 64 nodes: the actions it runs, in order, and the configuration it leaves.
///
/// A plan exists when, in that configuration, the first candidate of every active atomic state
/// with a candidate for the event is a simple ``RegionStep`` without guard: then selection
/// depends on nothing but the configuration, and the microstep is those steps' exits in reverse,
/// their actions, their entries, exactly as `Machine.takeSimpleSteps(count:event:)` runs them.
/// The chart enumerates the configurations plans reach from its initial one, up to
/// `ChartCompilation.planBudget` plans; in any other configuration, events take the region steps.
@usableFromInline
struct MicrostepPlan: Sendable {
    /// The configuration the plan is taken in.
    @usableFromInline var configuration: UInt64
    /// The configuration it leaves.
    @usableFromInline var next: UInt64
    /// The event kind's column.
    @usableFromInline var column: Int32
    /// Its actions: `program.planSlots[actionStart ..< actionStart + actionCount]`.
    @usableFromInline var actionStart: Int32
    @usableFromInline var actionCount: Int32
    /// The transitions it takes: `planTransitions[2 * transitionStart ...]`, pairs of source
    /// and first target (-1 without target), in document order.
    @usableFromInline var transitionStart: Int32
    @usableFromInline var transitionCount: Int32
    /// Its actions are stored last first and run from the end, from a second copy of the loop
    /// (set for every other plan; see `Machine.runLeafActions(_:_:)` for why).
    @usableFromInline var backward: Bool

    @usableFromInline
    init(
        configuration: UInt64, next: UInt64, column: Int32, actionStart: Int32, actionCount: Int32,
        transitionStart: Int32, transitionCount: Int32, backward: Bool
    ) {
        self.configuration = configuration
        self.next = next
        self.column = column
        self.actionStart = actionStart
        self.actionCount = actionCount
        self.transitionStart = transitionStart
        self.transitionCount = transitionCount
        self.backward = backward
    }

    /// Where the search for a configuration and a column starts in an index of `2^bits` slots.
    @inlinable
    @inline(__always)
    static func slot(_ configuration: UInt64, _ column: Int, bits: Int) -> Int {
        let mixed = (configuration &+ UInt64(truncatingIfNeeded: column) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed &>> UInt64(64 &- bits))
    }
}
