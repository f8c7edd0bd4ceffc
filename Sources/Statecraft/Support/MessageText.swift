/// How text that came from outside (a document, a request, a snapshot, a database row) is
/// written into an error message: every error of Statecraft that quotes such text goes through
/// here, so that a message is one line a terminal or a log shows as it is, and a quote is
/// bounded whatever was sent.
///
/// - Control characters (U+0000 to U+001F, U+007F to U+009F: escape sequences, carriage
///   returns, line feeds), the line and paragraph separators and the bidirectional formatting
///   characters (which reorder what a terminal shows) are written as `\u{1B}`.
/// - ``Swift/StringProtocol/excerpt(byteLimit:)`` also cuts the text after at most `byteLimit`
///   bytes of UTF-8 (the escapes counted), at a scalar boundary, and ends it with `...`.
package enum MessageText {
    /// Whether `scalar` is written as an escape in a message.
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Arabic letter mark, left-to-right and right-to-left marks, the line and paragraph
        // separators, the embeddings and overrides, the isolates.
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `scalar` as `\u{HEX}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        var value = scalar.value
        var hex: [Character] = []
        repeat {
            hex.append(digits[Int(value & 0xF)])
            value >>= 4
        } while value != 0
        if hex.count == 1 { hex.append("0") }
        return "\\u{" + String(hex.reversed()) + "}"
    }
}

extension StringProtocol {
    /// The text with every character ``MessageText`` escapes written as `\u{HEX}`; the text
    /// itself when it has none.
    package func escapingControlCharacters() -> String {
        guard unicodeScalars.contains(where: MessageText.isEscaped) else { return String(self) }
        var result = ""
        for scalar in unicodeScalars {
            if MessageText.isEscaped(scalar) {
                result += MessageText.escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text as a message quotes it: control characters escaped, and at most `byteLimit`
    /// bytes of UTF-8 of it followed by `...` when it is longer. Reads at most about
    /// `byteLimit` scalars of the text, however long it is.
    ///
    /// - Parameter byteLimit: The most bytes of the text (escapes included) kept; 100 unless given.
    package func excerpt(byteLimit: Int = 100) -> String {
        var result = ""
        var bytes = 0
        for scalar in unicodeScalars {
            let shown = MessageText.isEscaped(scalar) ? MessageText.escape(scalar) : String(scalar)
            let size = shown.utf8.count
            guard bytes + size <= byteLimit else { return result + "..." }
            result += shown
            bytes += size
        }
        return result
    }
}
