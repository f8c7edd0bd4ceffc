extension Duration {
    /// A CSS2 time, as SCXML's `<send delay>` and `delayexpr` write a delay (SCXML 6.2.4): a
    /// non-negative number followed by `s` or `ms` (`2s`, `1.5s`, `500ms`), white space around it
    /// allowed, rounded to the millisecond; `nil` for any other text (no unit, another unit, a
    /// sign, an exponent, or a value of 10^12 ms or more).
    ///
    /// The SCXML session reads delays with it, and so does the Swift that `statecraft generate`
    /// writes for a `delayexpr`, so both take the same texts.
    ///
    /// ```swift
    /// Duration(scxmlDelay: "1.5s")   // .milliseconds(1500)
    /// Duration(scxmlDelay: "2 min")  // nil
    /// ```
    ///
    /// - Parameter text: The delay as written.
    public init?(scxmlDelay text: String) {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        let trimmed = text[start..<max(start, end)]
        let (number, scale): (Substring, Double)
        if trimmed.hasSuffix("ms") {
            (number, scale) = (trimmed.dropLast(2), 1)
        } else if trimmed.hasSuffix("s") {
            (number, scale) = (trimmed.dropLast(), 1000)
        } else {
            return nil
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number),
            value.isFinite, value >= 0, value * scale < 1e12
        else { return nil }
        self = .milliseconds(Int64((value * scale).rounded()))
    }
}
