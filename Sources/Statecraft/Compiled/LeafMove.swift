/// The leaf path's first look at a cell of the transition table (an atomic state and an event
/// kind): its first candidate's step, laid out for the common case, where the step has no guard
/// and only moves the leaf.
///
/// Taking a step reads the next cell's row from the step itself (`row`), so one event costs one
/// dependent load of the table, with no multiplication between them.
///
/// The move table shares the transition table's slots (see ``TransitionTable``): in a displaced
/// table another row's move may lie where a row has no cell, so each move carries the column it
/// belongs to in its ``gate``, beside the flags, and the first look checks both in one test.
@usableFromInline
struct LeafMove: Sendable {
    /// The new leaf's row of slots (``TransitionTable/row(of:)``).
    @usableFromInline var row: Int32
    /// The active atomic state after the step.
    @usableFromInline var leaf: Int32
    /// The transition's source and first target, for results.
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
    /// The step's position in `Statechart.leafSteps`, whose actions it runs.
    @usableFromInline var position: Int32
    /// The first candidate's ``LeafStep`` flags, or ``LeafMove/empty``, in the low byte; the
    /// column the move belongs to above them (`gate >> 8`), all ones for a free slot.
    @usableFromInline var gate: UInt32
    /// For a transition the listener receives packed in a word (see
    /// `TakenTransition.packed(_:_:_:)`), its word without the event; zero otherwise.
    @usableFromInline var taken: UInt64

    @usableFromInline
    init(
        row: Int32, leaf: Int32, source: Int32, target: Int32, position: Int32, flags: UInt8, column: Int, taken: UInt64
    ) {
        self.row = row
        self.leaf = leaf
        self.source = source
        self.target = target
        self.position = position
        self.gate = UInt32(flags) | UInt32(truncatingIfNeeded: column) &<< 8
        self.taken = taken
    }

    /// The cell has no candidate.
    @usableFromInline static let empty: UInt8 = 16
    /// The most columns a gate can name: a chart with more event kinds does not take the leaf path.
    @usableFromInline static let columnLimit = 1 << 24
    /// The gate's bits for `column`, to compare with (`^`) a move's gate.
    @inlinable
    @inline(__always)
    static func gateBits(of column: Int) -> UInt32 { UInt32(truncatingIfNeeded: column) &<< 8 }
    /// A slot without candidate.
    @usableFromInline static let none = LeafMove(
        row: -1, leaf: -1, source: -1, target: -1, position: -1, flags: empty, column: columnLimit - 1, taken: 0
    )
}
