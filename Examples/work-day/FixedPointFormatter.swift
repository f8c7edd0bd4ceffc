/// Formats a `Double` with a fixed number of decimals, exactly as C's `printf("%.*f")` does.
///
/// The formatter works from the exact binary value of the number and rounds half to even, as
/// glibc does in its default rounding mode, so `0.0078125` becomes `0.007812` and `2.5`
/// with no decimals becomes `2`. Every integer digit is printed, however large the number.
/// The sign follows the sign bit, so `-0.0` and `-0.0000001` print as `-0.000000`; infinities
/// print as `inf` and `-inf`, and NaNs as `nan` or `-nan`.
///
/// ```swift
/// FixedPointFormatter().string(from: 9)          // "9.000000"
/// FixedPointFormatter().string(from: -12.5)      // "-12.500000"
/// ```
struct FixedPointFormatter {
    /// The number of digits after the decimal point. With none, no point is printed.
    let fractionDigits: Int

    /// Creates a formatter.
    ///
    /// - Parameter fractionDigits: Digits after the decimal point, as the precision of `%.*f`.
    ///   Negative values count as 0; the default, 6, is what a plain `%f` prints.
    init(fractionDigits: Int = 6) {
        self.fractionDigits = max(0, fractionDigits)
    }

    /// Returns the text C's `%.*f` prints for `value` with ``fractionDigits`` decimals.
    ///
    /// - Parameter value: The number to format.
    /// - Returns: The formatted number, such as `"9.000000"`.
    func string(from value: Double) -> String {
        let sign = value.sign == .minus ? "-" : ""
        if value.isNaN {
            return sign + "nan"
        }
        if value.isInfinite {
            return sign + "inf"
        }
        let digits = roundedScaledMagnitude(of: value).decimalDigits()
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - digits.count)) + digits
        guard fractionDigits > 0 else {
            return sign + padded
        }
        let point = padded.index(padded.endIndex, offsetBy: -fractionDigits)
        return sign + padded[..<point] + "." + padded[point...]
    }

    /// Returns |value| × 10^fractionDigits, rounded half to even to an integer.
    ///
    /// A finite double is exactly `significand × 2^exponent` with an integer significand, so the
    /// scaled value is `significand × 10^d × 2^exponent`: an exact integer when the exponent is
    /// not negative, otherwise an exact integer divided by a power of two, whose dropped bits
    /// decide the rounding.
    private func roundedScaledMagnitude(of value: Double) -> LargeUnsigned {
        let magnitude = value.magnitude
        guard magnitude != 0 else {
            return LargeUnsigned(0)
        }
        let isNormal = magnitude.exponentBitPattern != 0
        let significand = magnitude.significandBitPattern
            | (isNormal ? 1 << UInt64(Double.significandBitCount) : 0)
        let exponent = Int(max(magnitude.exponentBitPattern, 1))
            - (Double.greatestFiniteMagnitude.exponent + Double.significandBitCount)
        var scaled = LargeUnsigned(significand)
        for _ in 0..<fractionDigits {
            scaled.multiply(by: 10)
        }
        if exponent >= 0 {
            scaled.shiftLeft(by: exponent)
            return scaled
        }
        let dropped = -exponent
        let halfBitIsSet = scaled.bit(at: dropped - 1)
        let lowerBitsAreSet = scaled.hasBitSet(below: dropped - 1)
        scaled.shiftRight(by: dropped)
        if halfBitIsSet && (lowerBitsAreSet || scaled.bit(at: 0)) {
            scaled.addOne()
        }
        return scaled
    }
}
