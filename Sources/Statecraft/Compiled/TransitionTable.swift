/// The engine's lookup table: for each pair of a state and an event kind, the transitions to
/// try, in priority order.
///
/// Rows are states and columns are event kinds, both as dense indices. A cell is a slot holding
/// a range into one flat array of transition indices, so a lookup is a few loads and no
/// hashing. The typed ``Statechart`` and the seed-style facade in `StatecraftClassic` both run
/// on it.
///
/// A small table is dense: state `s`'s row starts at slot `s * eventCount`. A large one whose
/// cells are mostly empty is displaced (a "comb"): each row starts at a slot of its own
/// (``rowBase``), chosen so that its non-empty cells fall on slots no other row uses, and each
/// slot records the column that owns it. A row's empty cells then land on free slots or on
/// slots another row owns, and the owner check turns both into "no candidate". A chart of
/// 10,000 states and 1,000 event kinds with a few transitions per state takes some tens of
/// thousands of slots instead of ten million.
@usableFromInline
package struct TransitionTable: Sendable, Equatable {
    /// How many rows: the states of the chart.
    @usableFromInline package let stateCount: Int
    /// How many columns: the event kinds the chart names.
    @usableFromInline package let eventCount: Int
    /// Where each state's row of slots starts.
    @usableFromInline let rowBase: ContiguousArray<Int32>
    /// Per slot, where its candidates begin and end in ``candidates``: two entries per slot.
    @usableFromInline let bounds: ContiguousArray<Int32>
    /// For a displaced table, per slot, the column that owns it, or -1 for a free slot; empty
    /// for a dense table, where every slot belongs to the row it lies in.
    @usableFromInline let owners: ContiguousArray<Int32>
    /// The candidates of every cell, one cell after another.
    @usableFromInline let candidates: ContiguousArray<Int32>

    /// The largest number of cells (states times event kinds) a table keeps dense, whatever its
    /// fill: at 32 bytes per cell in the leaf path's move table, 256 KiB.
    package static var denseCellLimit: Int { 8_192 }

    /// Builds a table.
    ///
    /// - Parameters:
    ///   - stateCount: The number of states.
    ///   - eventCount: The number of event kinds.
    ///   - entries: For each candidate, its state, its event kind and the transition index.
    ///     Candidates of one cell keep the order in which they appear here.
    ///   - layout: Dense, displaced, or (the default) dense up to ``denseCellLimit`` cells and
    ///     displaced beyond when that takes fewer than half the cells.
    /// - Precondition: Every state and event index is in range; the caller validated them.
    package init(
        stateCount: Int, eventCount: Int, entries: [(state: Int, event: Int, transition: Int)],
        layout: Layout = .automatic
    ) {
        for entry in entries {
            precondition(
                (0..<stateCount).contains(entry.state) && (0..<eventCount).contains(entry.event),
                "TransitionTable: entry \(entry) is outside \(stateCount) states x \(eventCount) events"
            )
        }
        // Candidates ordered by row, then column, then the order given.
        let order = entries.indices.sorted { left, right in
            let a = entries[left], b = entries[right]
            return (a.state, a.event, left) < (b.state, b.event, right)
        }
        var candidates = ContiguousArray<Int32>()
        candidates.reserveCapacity(entries.count)
        // Per row, its non-empty cells: column, first candidate, end.
        var cells: [[(column: Int, start: Int32, end: Int32)]] = Array(repeating: [], count: stateCount)
        for index in order {
            let entry = entries[index]
            let position = Int32(candidates.count)
            candidates.append(Int32(entry.transition))
            if let last = cells[entry.state].last, last.column == entry.event {
                cells[entry.state][cells[entry.state].count - 1].end = position + 1
            } else {
                cells[entry.state].append((entry.event, position, position + 1))
            }
        }
        let denseSlots = stateCount * eventCount
        var rowBase = ContiguousArray<Int32>((0..<stateCount).map { Int32(truncatingIfNeeded: $0 * eventCount) })
        var slotCount = denseSlots
        var displaced = false
        let considers = switch layout {
        case .automatic: denseSlots > Self.denseCellLimit
        case .dense: false
        case .displaced: true
        }
        if considers, eventCount > 0 {
            let comb = Self.displace(cells, eventCount: eventCount)
            if layout == .displaced || comb.slotCount < denseSlots / 2 {
                rowBase = comb.rowBase
                slotCount = comb.slotCount
                displaced = true
            }
        }
        var bounds = ContiguousArray<Int32>(repeating: 0, count: slotCount * 2)
        var owners = ContiguousArray<Int32>(repeating: -1, count: displaced ? slotCount : 0)
        for state in 0 ..< stateCount {
            for cell in cells[state] {
                let slot = Int(rowBase[state]) + cell.column
                bounds[slot * 2] = cell.start
                bounds[slot * 2 + 1] = cell.end
                if displaced { owners[slot] = Int32(cell.column) }
            }
        }
        self.stateCount = stateCount
        self.eventCount = eventCount
        self.rowBase = rowBase
        self.bounds = bounds
        self.owners = owners
        self.candidates = candidates
    }

    /// How a table lays out its slots.
    package enum Layout: Sendable {
        /// Dense up to ``TransitionTable/denseCellLimit`` cells; beyond, displaced when that
        /// takes fewer than half the cells.
        case automatic
        /// One slot per cell, row after row.
        case dense
        /// Displaced, whatever the size (for tests of the displaced layout on small charts).
        case displaced
    }

    /// First-fit displacement: rows with the most cells first, each at the lowest start whose
    /// slots for its cells are free and that no other row starts at (two rows starting at the
    /// same slot would read each other's cells as their own).
    ///
    /// The free slots are found through "next free" links with path compression, so a row
    /// tries only the starts that put its first cell on a free slot.
    private static func displace(
        _ cells: [[(column: Int, start: Int32, end: Int32)]], eventCount: Int
    ) -> (rowBase: ContiguousArray<Int32>, slotCount: Int) {
        var slots = FreeSlots()
        var usedBase: [Bool] = []
        var rowBase = ContiguousArray<Int32>(repeating: 0, count: cells.count)
        var slotCount = 0
        func isUsed(_ base: Int, _ usedBase: [Bool]) -> Bool { base < usedBase.count && usedBase[base] }
        let rows = cells.indices.sorted { (cells[$0].count, -$0) > (cells[$1].count, -$1) }
        var lowestUnusedBase = 0
        for row in rows {
            let columns = cells[row].map(\.column)
            var base: Int
            if let first = columns.first {
                // Each try moves the first cell to a later free slot: the search ends, at the
                // latest past every taken slot.
                var slot = slots.free(from: first)
                while true {
                    base = slot - first
                    if !isUsed(base, usedBase), columns.dropFirst().allSatisfy({ slots.isFree(base + $0) }) { break }
                    slot = slots.free(from: slot + 1)
                }
            } else {
                while isUsed(lowestUnusedBase, usedBase) { lowestUnusedBase += 1 }
                base = lowestUnusedBase
            }
            if base >= usedBase.count { usedBase += Array(repeating: false, count: base - usedBase.count + 1) }
            usedBase[base] = true
            for column in columns { slots.take(base + column) }
            slotCount = max(slotCount, base + eventCount)
            rowBase[row] = Int32(base)
        }
        return (rowBase, slotCount)
    }

    /// The slots of a table being displaced: `next[i] == i` for a free slot, and a taken one
    /// links to a later slot, free or not (path compression shortens the links as they are
    /// followed). Slots past the end are free.
    private struct FreeSlots {
        var next: [Int] = []

        func isFree(_ slot: Int) -> Bool { slot >= next.count || next[slot] == slot }

        /// The first free slot at or after `slot`.
        mutating func free(from slot: Int) -> Int {
            var root = slot
            while root < next.count && next[root] != root { root = next[root] }
            var walk = slot
            while walk < next.count && next[walk] != root {
                let following = next[walk]
                next[walk] = root
                walk = following
            }
            return root
        }

        mutating func take(_ slot: Int) {
            if slot >= next.count { next += Array(next.count ... slot) }
            next[slot] = slot + 1
        }
    }

    /// Whether the table is displaced rather than dense.
    package var isDisplaced: Bool { !owners.isEmpty }

    /// How many slots the table has: `stateCount * eventCount` when dense.
    package var slotCount: Int { bounds.count / 2 }

    /// The slot of a state's first column; its column `c` is at slot `row(of:) + c`.
    @inlinable
    @inline(__always)
    package func row(of state: Int) -> Int {
        Int(rowBase.withUnsafeBufferPointer { $0[state] })
    }

    /// The positions of the candidates for `event` in `state`; read each with ``transition(at:)``.
    @inlinable
    @inline(__always)
    package func cell(state: Int, event: Int) -> Range<Int> {
        let slot = row(of: state) &+ event
        if !owners.isEmpty, owners.withUnsafeBufferPointer({ $0[slot] }) != Int32(truncatingIfNeeded: event) {
            return 0 ..< 0
        }
        return bounds.withUnsafeBufferPointer { Int($0[slot &* 2]) ..< Int($0[slot &* 2 &+ 1]) }
    }

    /// The transition index stored at a position returned by ``cell(state:event:)``.
    @inlinable
    @inline(__always)
    package func transition(at position: Int) -> Int {
        Int(candidates[position])
    }

    /// The bytes the table's arrays hold.
    package var byteCount: Int {
        (rowBase.count + bounds.count + owners.count + candidates.count) * MemoryLayout<Int32>.size
    }
}
