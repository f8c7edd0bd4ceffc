/// A set of chart nodes as a bitset, node `n` at bit `n` of word `n / 64`. Nodes are in
/// document order, so walking a set upwards is document order and downwards is SCXML's exit
/// order.
///
/// One type for both shapes the engine keeps sets in: a value owns its words (a history slot,
/// a transition's entry set at compilation); the static functions work on a run of words in
/// memory someone else owns (the machine's configuration and scratch sets, consecutive runs of
/// `Workspace.words`), with plain loads and stores and no bounds checks.
@usableFromInline
struct StateSet: Sendable, Hashable {
    @usableFromInline var words: ContiguousArray<UInt64>

    /// An empty set able to hold nodes `0 ..< capacity`.
    @inlinable
    init(capacity: Int) {
        words = ContiguousArray(repeating: 0, count: (capacity + 63) >> 6)
    }

    /// A set holding a copy of `words`.
    @inlinable
    init(words: UnsafeBufferPointer<UInt64>) {
        self.words = ContiguousArray(words)
    }

    @inlinable
    func contains(_ node: Int) -> Bool { words[node &>> 6] & (1 &<< UInt64(node & 63)) != 0 }

    @inlinable
    mutating func insert(_ node: Int) { words[node &>> 6] |= 1 &<< UInt64(node & 63) }

    @inlinable
    mutating func remove(_ node: Int) { words[node &>> 6] &= ~(1 &<< UInt64(node & 63)) }

    @inlinable
    mutating func removeAll() {
        for index in words.indices { words[index] = 0 }
    }

    @inlinable
    var isEmpty: Bool {
        for word in words where word != 0 { return false }
        return true
    }

    /// The smallest member in `start ..< end`, or `nil`.
    @inlinable
    func next(from start: Int, below end: Int) -> Int? {
        words.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return Self.next(base, from: start, below: end)
        }
    }

    /// The largest member in `start ..< end`, or `nil`.
    @inlinable
    func previous(below end: Int, from start: Int) -> Int? {
        words.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return Self.previous(base, below: end, from: start)
        }
    }

    /// Whether any member lies in `start ..< end`.
    @inlinable
    func containsAny(from start: Int, below end: Int) -> Bool { next(from: start, below: end) != nil }

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

// MARK: A set in memory someone else owns

extension StateSet {
    /// Whether the set at `words` holds `node`.
    @inlinable
    @inline(__always)
    static func contains(_ words: UnsafePointer<UInt64>, _ node: Int) -> Bool {
        words[node &>> 6] & (1 &<< UInt64(node & 63)) != 0
    }

    /// Adds `node` to the set at `words`.
    @inlinable
    @inline(__always)
    static func insert(_ words: UnsafeMutablePointer<UInt64>, _ node: Int) {
        words[node &>> 6] |= 1 &<< UInt64(node & 63)
    }

    /// Removes `node` from the set at `words`.
    @inlinable
    @inline(__always)
    static func remove(_ words: UnsafeMutablePointer<UInt64>, _ node: Int) {
        words[node &>> 6] &= ~(1 &<< UInt64(node & 63))
    }

    /// The smallest member of the set at `words` in `start ..< end`, or `nil`.
    @inlinable
    static func next(_ words: UnsafePointer<UInt64>, from start: Int, below end: Int) -> Int? {
        var node = start
        while node < end {
            let word = words[node &>> 6] &>> UInt64(node & 63)
            if word != 0 {
                let found = node &+ word.trailingZeroBitCount
                return found < end ? found : nil
            }
            node = (node | 63) &+ 1
        }
        return nil
    }

    /// The largest member of the set at `words` in `start ..< end`, or `nil`.
    @inlinable
    static func previous(_ words: UnsafePointer<UInt64>, below end: Int, from start: Int) -> Int? {
        var node = end &- 1
        while node >= start {
            let word = words[node &>> 6] &<< UInt64(63 &- (node & 63))
            if word != 0 {
                let found = node &- word.leadingZeroBitCount
                return found >= start ? found : nil
            }
            node = (node & ~63) &- 1
        }
        return nil
    }
}
