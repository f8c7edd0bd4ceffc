#if Inspector
/// The token that guards every route: made from the system's secure random source and
/// compared in constant time.
package enum AccessToken {
    /// 32 random bytes as 64 hexadecimal digits. `SystemRandomNumberGenerator` reads the
    /// operating system's cryptographically secure source (`getrandom` on Linux,
    /// `arc4random_buf` on Apple platforms).
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<32 {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }

    /// Whether `given` is `expected`, taking the same time wherever they differ.
    package static func matches(_ given: String, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<right.count {
            difference |= (index < left.count ? left[index] : 0) ^ right[index]
        }
        return difference == 0
    }
}
#endif
