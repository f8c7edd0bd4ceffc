import StatecraftSCXML

/// The JSON (RFC 8259) of a script line's event data, read into an ``SCXMLValue``.
///
/// Strict: one value, no trailing commas or comments, strings with JSON's escapes only, at most
/// ``depthLimit`` nested arrays and objects. A mistake is reported with the column it is at.
struct ScriptJSON {
    /// The most arrays and objects one value may nest.
    static let depthLimit = 64

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    /// Why the text is not JSON, and the offset (in Unicode scalars, from 0) where it went wrong.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// Reads `text` as one JSON value.
    ///
    /// - Parameter text: The text, nothing before or after the value but white space.
    /// - Returns: The value.
    /// - Throws: ``Failure`` with the offset of the mistake.
    static func parse(_ text: Substring) throws(Failure) -> SCXMLValue {
        var parser = ScriptJSON(scalars: Array(text.unicodeScalars))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        if parser.index < parser.scalars.count {
            throw Failure(offset: parser.index, message: "unexpected '\(parser.scalars[parser.index])' after the JSON value")
        }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipSpace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            index += 1
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }

    private mutating func value() throws(Failure) -> SCXMLValue {
        guard let scalar = current else { throw failure("the JSON value ends too early") }
        switch scalar {
        case "{": return try object()
        case "[": return try array()
        case "\"": return .string(try string())
        case "t": try literal("true"); return .bool(true)
        case "f": try literal("false"); return .bool(false)
        case "n": try literal("null"); return .null
        case "-", "0"..."9": return .number(try number())
        default: throw failure("'\(scalar)' cannot start a JSON value")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.unicodeScalars {
            guard current == expected else { throw failure("expected '\(word)'") }
            index += 1
        }
    }

    private mutating func nest() throws(Failure) {
        depth += 1
        if depth > Self.depthLimit { throw failure("the JSON value nests deeper than \(Self.depthLimit) levels") }
    }

    private mutating func object() throws(Failure) -> SCXMLValue {
        try nest()
        index += 1
        var members: [SCXMLMember] = []
        var names: Set<String> = []
        skipSpace()
        if current == "}" {
            index += 1
            depth -= 1
            return .object([])
        }
        while true {
            skipSpace()
            guard current == "\"" else { throw failure("expected a member name in double quotes") }
            let nameOffset = index
            let name = try string()
            guard names.insert(name).inserted else {
                throw Failure(offset: nameOffset, message: "the member '\(name)' appears twice")
            }
            skipSpace()
            guard current == ":" else { throw failure("expected ':' after the member name") }
            index += 1
            skipSpace()
            members.append(SCXMLMember(name, try value()))
            skipSpace()
            switch current {
            case ",": index += 1
            case "}":
                index += 1
                depth -= 1
                return .object(members)
            default: throw failure("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func array() throws(Failure) -> SCXMLValue {
        try nest()
        index += 1
        var items: [SCXMLValue] = []
        skipSpace()
        if current == "]" {
            index += 1
            depth -= 1
            return .array([])
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            switch current {
            case ",": index += 1
            case "]":
                index += 1
                depth -= 1
                return .array(items)
            default: throw failure("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw failure("the string has no closing quote") }
            index += 1
            switch scalar {
            case "\"":
                return String(text)
            case "\\":
                guard let escape = current else { throw failure("the string has no closing quote") }
                index += 1
                switch escape {
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "/": text.append("/")
                case "b": text.append("\u{08}")
                case "f": text.append("\u{0C}")
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "u": text.append(try unicodeEscape())
                default:
                    index -= 1
                    throw failure("'\\\(escape)' is not a JSON escape")
                }
            default:
                guard scalar.value >= 0x20 else { throw Failure(offset: index - 1, message: "a control character in a string must be escaped") }
                text.append(scalar)
            }
        }
    }

    /// `\uXXXX`, and its low half when it is a high surrogate.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else {
                throw failure("a high surrogate must be followed by '\\u' and a low surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("expected a low surrogate") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw failure("not a Unicode scalar") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("a lone low surrogate is not a character") }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = Self.hexDigit(scalar) else {
                throw failure("'\\u' needs four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        if current == "-" { index += 1 }
        guard let first = current, ("0"..."9").contains(first) else { throw failure("expected a digit") }
        index += 1
        if first != "0" { digits() } else if let next = current, ("0"..."9").contains(next) {
            throw failure("a number cannot have a leading zero")
        }
        if current == "." {
            index += 1
            guard let next = current, ("0"..."9").contains(next) else { throw failure("expected a digit after '.'") }
            digits()
        }
        if current == "e" || current == "E" {
            index += 1
            if current == "+" || current == "-" { index += 1 }
            guard let next = current, ("0"..."9").contains(next) else { throw failure("expected a digit in the exponent") }
            digits()
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let number = Double(text), number.isFinite else {
            throw Failure(offset: start, message: "the number '\(text)' is out of range")
        }
        return number
    }

    private mutating func digits() {
        while let scalar = current, ("0"..."9").contains(scalar) { index += 1 }
    }
}

extension SCXMLValue {
    /// The value as JSON text: `undefined` is written as `null`.
    var jsonText: String {
        var text = ""
        writeJSON(into: &text)
        return text
    }

    private func writeJSON(into text: inout String) {
        switch self {
        case .undefined, .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.isFinite ? SCXMLValueText.number(number) : "null"
        case .string(let string): SCXMLValueText.quote(string, into: &text)
        case .array(let items):
            text += "["
            for (position, item) in items.enumerated() {
                if position > 0 { text += "," }
                item.writeJSON(into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                SCXMLValueText.quote(member.name, into: &text)
                text += ":"
                member.value.writeJSON(into: &text)
            }
            text += "}"
        }
    }
}
