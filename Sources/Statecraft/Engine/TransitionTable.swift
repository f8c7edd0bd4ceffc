/// The engine's dense lookup table: for each pair of a state and an event kind, the
/// transitions to try, in priority order.
///
/// Rows are states and columns are event kinds, both as dense indices. A cell is a range into
/// one flat array of transition indices (compressed rows), so a lookup is two loads and no
/// hashing. The typed ``Statechart`` and the seed-style facade in `StatecraftClassic` both run
/// on it.
@usableFromInline
package struct TransitionTable: Sendable, Equatable {
    /// How many rows: the states of the chart.
    @usableFromInline package let stateCount: Int
    /// How many columns: the event kinds the chart names.
    @usableFromInline package let eventCount: Int
    /// `cellStart[state * eventCount + event]` is where that cell's candidates begin; the
    /// entry after it is where they end. One more entry than there are cells.
    @usableFromInline let cellStart: ContiguousArray<Int32>
    /// The candidates of every cell, one cell after another.
    @usableFromInline let candidates: ContiguousArray<Int32>

    /// Builds a table.
    ///
    /// - Parameters:
    ///   - stateCount: The number of states.
    ///   - eventCount: The number of event kinds.
    ///   - entries: For each candidate, its state, its event kind and the transition index.
    ///     Candidates of one cell keep the order in which they appear here.
    /// - Precondition: Every state and event index is in range; the caller validated them.
    package init(stateCount: Int, eventCount: Int, entries: [(state: Int, event: Int, transition: Int)]) {
        let cells = stateCount * eventCount
        var counts = [Int32](repeating: 0, count: cells + 1)
        for entry in entries {
            precondition(
                (0..<stateCount).contains(entry.state) && (0..<eventCount).contains(entry.event),
                "TransitionTable: entry \(entry) is outside \(stateCount) states x \(eventCount) events"
            )
            counts[entry.state * eventCount + entry.event + 1] += 1
        }
        for cell in 0..<cells { counts[cell + 1] += counts[cell] }
        var next = counts
        var candidates = ContiguousArray<Int32>(repeating: -1, count: entries.count)
        for entry in entries {
            let cell = entry.state * eventCount + entry.event
            candidates[Int(next[cell])] = Int32(entry.transition)
            next[cell] += 1
        }
        self.stateCount = stateCount
        self.eventCount = eventCount
        self.cellStart = ContiguousArray(counts)
        self.candidates = candidates
    }

    /// The positions of the candidates for `event` in `state`; read each with ``transition(at:)``.
    @inlinable
    @inline(__always)
    package func cell(state: Int, event: Int) -> Range<Int> {
        let cell = state &* eventCount &+ event
        return cellStart.withUnsafeBufferPointer { Int($0[cell]) ..< Int($0[cell &+ 1]) }
    }

    /// The transition index stored at a position returned by ``cell(state:event:)``.
    @inlinable
    @inline(__always)
    package func transition(at position: Int) -> Int {
        Int(candidates[position])
    }
}
