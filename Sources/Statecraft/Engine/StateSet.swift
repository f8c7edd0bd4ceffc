/// A set of chart nodes as a bitset, node `n` at bit `n`. Nodes are in document order, so
/// walking the set upwards is document order and downwards is SCXML's exit order.
@usableFromInline
struct StateSet: Sendable, Hashable {
    @usableFromInline var words: ContiguousArray<UInt64>

    /// An empty set able to hold nodes `0 ..< capacity`.
    @inlinable
    init(capacity: Int) {
        words = ContiguousArray(repeating: 0, count: (capacity + 63) >> 6)
    }

    @inlinable
    func contains(_ node: Int) -> Bool {
        words[node >> 6] & (1 << UInt64(node & 63)) != 0
    }

    @inlinable
    mutating func insert(_ node: Int) {
        words[node >> 6] |= 1 << UInt64(node & 63)
    }

    @inlinable
    mutating func remove(_ node: Int) {
        words[node >> 6] &= ~(1 << UInt64(node & 63))
    }

    @inlinable
    mutating func removeAll() {
        for index in words.indices { words[index] = 0 }
    }

    @inlinable
    var isEmpty: Bool {
        for word in words where word != 0 { return false }
        return true
    }

    /// The smallest member in `from ..< end`, or `nil`.
    @inlinable
    func next(from start: Int, below end: Int) -> Int? {
        var node = start
        while node < end {
            let word = words[node >> 6] >> UInt64(node & 63)
            if word != 0 {
                let found = node + word.trailingZeroBitCount
                return found < end ? found : nil
            }
            node = (node | 63) + 1
        }
        return nil
    }

    /// The largest member in `start ..< end`, or `nil`.
    @inlinable
    func previous(below end: Int, from start: Int) -> Int? {
        var node = end - 1
        while node >= start {
            let shift = UInt64(63 - (node & 63))
            let word = words[node >> 6] << shift
            if word != 0 {
                let found = node - word.leadingZeroBitCount
                return found >= start ? found : nil
            }
            node = (node & ~63) - 1
        }
        return nil
    }

    /// Whether any member lies in `start ..< end`.
    @inlinable
    func containsAny(from start: Int, below end: Int) -> Bool {
        next(from: start, below: end) != nil
    }

    /// The members in ascending order.
    @inlinable
    var members: [Int] {
        var result: [Int] = []
        var node = next(from: 0, below: words.count << 6)
        while let current = node {
            result.append(current)
            node = next(from: current + 1, below: words.count << 6)
        }
        return result
    }
}
