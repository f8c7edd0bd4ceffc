/// Maps an event kind to its dense index in a chart, the column of the transition table.
///
/// A kind that occupies one byte (an enum without associated values of up to 256 cases) is
/// looked up by that byte in a 256-entry array and confirmed with one `==`: no hashing. Every
/// other kind, and any value whose byte is not in the array, goes through a dictionary, so the
/// answer is always the one `==` and `hash(into:)` give.
@usableFromInline
struct KindIndex<Kind: Hashable & Sendable>: Sendable {
    /// The kinds the chart names, in the order they were first named; a kind's index is its position.
    @usableFromInline let kinds: ContiguousArray<Kind>
    /// For one-byte kinds: the index for each byte value, or -1. Empty otherwise.
    @usableFromInline let byteSlots: ContiguousArray<Int16>
    @usableFromInline let lookup: [Kind: Int]

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
        self.kinds = ordered
        self.byteSlots = slots
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
        }
        return lookup[kind]
    }
}
