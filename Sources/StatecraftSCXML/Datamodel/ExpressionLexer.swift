/// A token of the `statecraft` expression language.
struct ExpressionToken: Sendable {
    /// What the token is.
    enum Kind: Equatable, Sendable {
        /// A number literal.
        case number(Double)
        /// A string literal, escapes resolved.
        case string(String)
        /// A name: an identifier or a keyword.
        case name(String)
        /// An operator or punctuation mark, as written.
        case symbol(String)
        /// The end of the source.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// Where it was written.
    var span: SourceSpan
    /// Whether a line break comes between the previous token and this one.
    var followsLineBreak: Bool
}

/// Splits a source into tokens.
///
/// Whitespace separates tokens; `//` starts a comment that runs to the end of the line. Every
/// failure is a ``SCXMLDatamodelError`` whose offset counts scalars; the caller converts it.
struct ExpressionLexer {
    /// The symbols, longest first so that `<=` is not read as `<`.
    private static let symbols: [[Unicode.Scalar]] = [
        "===", "!==", "==", "!=", "<=", ">=", "&&", "||",
        "(", ")", "[", "]", "{", "}", ",", ":", "?", ".", ";",
        "+", "-", "*", "/", "%", "!", "<", ">", "=", "&", "|",
    ].map { Array($0.unicodeScalars) }

    private let source: [Unicode.Scalar]
    private var position = 0

    /// Creates a lexer over `source`.
    init(source: [Unicode.Scalar]) {
        self.source = source
    }

    /// All tokens of the source, ending with ``ExpressionToken/Kind/end``.
    static func tokens(of source: [Unicode.Scalar]) throws(SCXMLDatamodelError) -> [ExpressionToken] {
        var lexer = ExpressionLexer(source: source)
        var tokens: [ExpressionToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// Whether `scalar` may start a name.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "_": true
        default: scalar.value > 0x7F && scalar.properties.isAlphabetic
        }
    }

    /// Whether `scalar` may continue a name.
    static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
            || (scalar.value > 0x7F && scalar.properties.numericType != nil)
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < source.count ? source[position + ahead] : nil
    }

    /// The next token.
    mutating func next() throws(SCXMLDatamodelError) -> ExpressionToken {
        let lineBreak = skipSpace()
        let start = position
        guard let scalar = peek() else {
            return ExpressionToken(kind: .end, span: SourceSpan(start: start, end: start), followsLineBreak: lineBreak)
        }
        let kind: ExpressionToken.Kind
        if Self.isDigit(scalar) || (scalar == "." && peek(1).map(Self.isDigit) == true) {
            kind = .number(try number())
        } else if scalar == "\"" || scalar == "'" {
            kind = .string(try string())
        } else if Self.isNameStart(scalar) {
            while let part = peek(), Self.isNamePart(part) { position += 1 }
            kind = .name(String(String.UnicodeScalarView(source[start..<position])))
        } else {
            kind = .symbol(try symbol())
        }
        return ExpressionToken(kind: kind, span: SourceSpan(start: start, end: position), followsLineBreak: lineBreak)
    }

    /// Skips whitespace and comments; answers whether a line break was among them.
    private mutating func skipSpace() -> Bool {
        var lineBreak = false
        while let scalar = peek() {
            if Self.isLineBreak(scalar) {
                lineBreak = true
                position += 1
            } else if scalar.properties.isWhitespace {
                position += 1
            } else if scalar == "/", peek(1) == "/" {
                while let inComment = peek(), !Self.isLineBreak(inComment) { position += 1 }
            } else {
                break
            }
        }
        return lineBreak
    }

    private mutating func number() throws(SCXMLDatamodelError) -> Double {
        let start = position
        while let digit = peek(), Self.isDigit(digit) { position += 1 }
        if peek() == ".", let after = peek(1), Self.isDigit(after) {
            position += 1
            while let digit = peek(), Self.isDigit(digit) { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            var ahead = 1
            if peek(1) == "+" || peek(1) == "-" { ahead = 2 }
            guard let digit = peek(ahead), Self.isDigit(digit) else {
                throw SCXMLDatamodelError("a number's exponent needs digits", offset: position)
            }
            position += ahead
            while let digit = peek(), Self.isDigit(digit) { position += 1 }
        }
        if let next = peek(), Self.isNamePart(next) {
            throw SCXMLDatamodelError("unexpected '\(Character(next))' after a number", offset: position)
        }
        let text = String(String.UnicodeScalarView(source[start..<position]))
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
            throw SCXMLDatamodelError("the number \(shown) is too large", offset: start)
        }
        return value
    }

    private mutating func string() throws(SCXMLDatamodelError) -> String {
        let start = position
        let quote = source[position]
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw SCXMLDatamodelError("the string has no closing \(quote)", offset: start)
            }
            position += 1
            if scalar == quote { return String(text) }
            if scalar == "\\" {
                text.append(try escape())
            } else {
                text.append(scalar)
            }
        }
    }

    /// The scalar an escape sequence stands for; `position` is just after the backslash.
    private mutating func escape() throws(SCXMLDatamodelError) -> Unicode.Scalar {
        let start = position - 1
        guard let letter = peek() else {
            throw SCXMLDatamodelError("the string ends inside an escape sequence", offset: start)
        }
        position += 1
        switch letter {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "0": return "\u{00}"
        case "\\", "'", "\"", "/": return letter
        case "u": return try unicodeEscape(start: start)
        default:
            throw SCXMLDatamodelError(
                "unknown escape sequence '\\\(Character(letter))'; use \\\\ for a backslash",
                offset: start
            )
        }
    }

    /// `\uXXXX` (a surrogate pair as two of them) or `\u{X…}`; `position` is after the `u`.
    private mutating func unicodeEscape(start: Int) throws(SCXMLDatamodelError) -> Unicode.Scalar {
        let invalid = SCXMLDatamodelError(
            "invalid \\u escape: write \\u and four hexadecimal digits, or \\u{…}",
            offset: start
        )
        var code: UInt32
        if peek() == "{" {
            position += 1
            code = 0
            var digits = 0
            while let scalar = peek(), scalar != "}" {
                guard let digit = Self.hexValue(scalar), digits < 8 else { throw invalid }
                code = code << 4 | digit
                digits += 1
                position += 1
            }
            guard peek() == "}", digits > 0 else { throw invalid }
            position += 1
        } else {
            guard let value = hex4() else { throw invalid }
            code = value
            if (0xD800...0xDBFF).contains(code) {
                guard peek() == "\\", peek(1) == "u" else { throw invalid }
                position += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { throw invalid }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        guard let scalar = Unicode.Scalar(code) else { throw invalid }
        return scalar
    }

    private mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for ahead in 0..<4 {
            guard let scalar = peek(ahead), let digit = Self.hexValue(scalar) else { return nil }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    private mutating func symbol() throws(SCXMLDatamodelError) -> String {
        for symbol in Self.symbols where position + symbol.count <= source.count {
            if source[position..<position + symbol.count].elementsEqual(symbol) {
                let text = String(String.UnicodeScalarView(symbol))
                switch text {
                case "===", "!==":
                    let hint = text == "===" ? "==" : "!="
                    throw SCXMLDatamodelError(
                        "'\(text)' is not an operator; use '\(hint)', which never converts between kinds",
                        offset: position
                    )
                case "&", "|":
                    throw SCXMLDatamodelError("'\(text)' is not an operator; use '\(text)\(text)'", offset: position)
                default:
                    position += symbol.count
                    return text
                }
            }
        }
        throw SCXMLDatamodelError("unexpected character '\(Character(source[position]))'", offset: position)
    }
}
