/// Maps an event kind to its dense index in a chart, the column of the transition table.
///
/// A kind that occupies one byte (an enum without associated values of up to 256 cases) is
/// looked up by that byte in a 256-entry array and confirmed with one `==`: no hashing. An `Int`
/// kind whose values are small and not negative (below 256, or four times the number of kinds)
/// is looked up by its value in an array the same way. Every other kind, and any value the
/// arrays do not hold, goes through a dictionary, so the answer is always the one `==` and
/// `hash(into:)` give.
@usableFromInline
struct KindIndex<Kind: Hashable & Sendable>: Sendable {
    /// The kinds the chart names, in the order they were first named; a kind's index is its position.
    @usableFromInline let kinds: ContiguousArray<Kind>
    /// For one-byte kinds: the index for each byte value, or -1. Empty otherwise.
    @usableFromInline let byteSlots: ContiguousArray<Int16>
    @usableFromInline let lookup: [Kind: Int]
    /// For `Int` kinds of small values, the index of each value, or -1; empty otherwise.
    @usableFromInline let intSlots: ContiguousArray<Int32>

    init(_ kinds: [Kind]) {
        var ordered = ContiguousArray<Kind>()
        var lookup: [Kind: Int] = [:]
        for kind in kinds where lookup[kind] == nil {
            lookup[kind] = ordered.count
            ordered.append(kind)
        }
        var slots = ContiguousArray<Int16>()
        if MemoryLayout<Kind>.size == 1 {
            slots = ContiguousArray(repeating: -1, count: 256)
            for (index, kind) in ordered.enumerated() {
                let byte = Int(withUnsafeBytes(of: kind) { $0[0] })
                if slots[byte] == -1 { slots[byte] = Int16(index) }
            }
        }
        var ints = ContiguousArray<Int32>()
        if Kind.self == Int.self {
            let values = ordered.map { $0 as! Int }
            let limit = max(256, values.count * 4)
            if values.allSatisfy({ (0 ..< limit).contains($0) }) {
                ints = ContiguousArray(repeating: -1, count: (values.max() ?? -1) + 1)
                for (index, value) in values.enumerated() { ints[value] = Int32(index) }
            }
        }
        self.kinds = ordered
        self.byteSlots = slots
        self.intSlots = ints
        self.lookup = lookup
    }

    /// How many distinct kinds the chart names.
    @inlinable var count: Int { kinds.count }

    /// The dense index of `kind`, or `nil` when the chart never names it.
    @inlinable
    @inline(__always)
    func index(of kind: Kind) -> Int? {
        if MemoryLayout<Kind>.size == 1 {
            // A one-byte kind always has its 256 slots, and a slot names one of `kinds`.
            let slot = byteSlots.withUnsafeBufferPointer { Int($0[Int(withUnsafeBytes(of: kind) { $0[0] })]) }
            if slot >= 0, kinds.withUnsafeBufferPointer({ $0[slot] == kind }) { return slot }
        } else if MemoryLayout<Kind>.size == 0 {
            return kinds.isEmpty ? nil : 0
        } else if Kind.self == Int.self, !intSlots.isEmpty {
            // A kind equal to an Int kind of the chart is that same value: the array answers.
            let value = unsafeBitCast(kind, to: Int.self)
            guard UInt(bitPattern: value) < UInt(intSlots.count) else { return nil }
            let slot = Int(intSlots.withUnsafeBufferPointer { $0[value] })
            return slot >= 0 ? slot : nil
        }
        return lookup[kind]
    }
}
