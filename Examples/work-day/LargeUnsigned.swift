/// An unsigned integer of any size, with just the operations ``FixedPointFormatter`` needs.
///
/// The value is stored as 32-bit words, least significant first, with no trailing zero words;
/// zero has no words.
struct LargeUnsigned {
    private var words: [UInt32]

    /// Creates a value from a 64-bit integer.
    init(_ value: UInt64) {
        words = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trimZeroWords()
    }

    /// Multiplies the value by a small factor.
    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in words.indices {
            let product = UInt64(words[index]) * UInt64(factor) + carry
            words[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 {
            words.append(UInt32(carry))
        }
        trimZeroWords()
    }

    /// Adds one to the value.
    mutating func addOne() {
        for index in words.indices {
            let (sum, overflow) = words[index].addingReportingOverflow(1)
            words[index] = sum
            if !overflow {
                return
            }
        }
        words.append(1)
    }

    /// Multiplies the value by 2^count.
    mutating func shiftLeft(by count: Int) {
        guard !words.isEmpty, count > 0 else { return }
        let wordShift = count / 32
        let bitShift = UInt32(count % 32)
        var shifted = [UInt32](repeating: 0, count: wordShift)
        var carry: UInt32 = 0
        for word in words {
            shifted.append(bitShift == 0 ? word : (word << bitShift) | carry)
            carry = bitShift == 0 ? 0 : word >> (32 - bitShift)
        }
        if carry != 0 {
            shifted.append(carry)
        }
        words = shifted
    }

    /// Divides the value by 2^count, dropping the remainder.
    mutating func shiftRight(by count: Int) {
        guard count > 0 else { return }
        let wordShift = count / 32
        guard wordShift < words.count else {
            words = []
            return
        }
        let bitShift = UInt32(count % 32)
        var shifted: [UInt32] = []
        for index in wordShift..<words.count {
            let low = words[index] >> bitShift
            let high = bitShift != 0 && index + 1 < words.count ? words[index + 1] << (32 - bitShift) : 0
            shifted.append(low | high)
        }
        words = shifted
        trimZeroWords()
    }

    /// Returns whether the bit worth 2^position is set; bits beyond the value are clear.
    func bit(at position: Int) -> Bool {
        guard position >= 0, position / 32 < words.count else { return false }
        return words[position / 32] >> UInt32(position % 32) & 1 == 1
    }

    /// Returns whether any bit worth less than 2^position is set.
    func hasBitSet(below position: Int) -> Bool {
        guard position > 0 else { return false }
        let fullWords = min(position / 32, words.count)
        if words[..<fullWords].contains(where: { $0 != 0 }) {
            return true
        }
        guard fullWords < words.count, position % 32 != 0 else { return false }
        let mask: UInt32 = (1 << UInt32(position % 32)) - 1
        return words[fullWords] & mask != 0
    }

    /// The value in base ten, without leading zeros; zero is `"0"`.
    func decimalDigits() -> String {
        var remaining = words
        var groups: [UInt32] = []
        let groupBase: UInt64 = 1_000_000_000
        while !remaining.isEmpty {
            var remainder: UInt64 = 0
            for index in remaining.indices.reversed() {
                let dividend = remainder << 32 | UInt64(remaining[index])
                remaining[index] = UInt32(dividend / groupBase)
                remainder = dividend % groupBase
            }
            groups.append(UInt32(remainder))
            while remaining.last == 0 {
                remaining.removeLast()
            }
        }
        guard let mostSignificant = groups.popLast() else {
            return "0"
        }
        var text = String(mostSignificant)
        for group in groups.reversed() {
            let digits = String(group)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    private mutating func trimZeroWords() {
        while words.last == 0 {
            words.removeLast()
        }
    }
}
