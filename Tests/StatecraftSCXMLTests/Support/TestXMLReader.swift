import StatecraftSCXML

/// A small XML reader for the tests: enough of XML 1.0 and namespaces to read the W3C test
/// documents into ``DocumentElement`` trees (elements, attributes, text, CDATA, character and
/// the five predefined entity references; comments, processing instructions and a DOCTYPE
/// without an internal subset are skipped).
struct TestXMLReader {
    /// Why a document could not be read.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var position: TextPosition
        var description: String { "\(position): \(message)" }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Reads a whole document and answers its root element.
    static func read(_ text: String) throws -> DocumentElement {
        var reader = TestXMLReader(scalars: Array(text.unicodeScalars))
        return try reader.document()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var position: TextPosition { TextPosition(line: line, column: column) }

    private func fail(_ message: String) -> Failure {
        Failure(message: message, position: position)
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private func looksAt(_ text: String) -> Bool {
        var ahead = 0
        for scalar in text.unicodeScalars {
            guard peek(ahead) == scalar else { return false }
            ahead += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }

    private mutating func skip(past terminator: String) throws {
        while !looksAt(terminator) {
            guard peek() != nil else { throw fail("missing '\(terminator)'") }
            advance()
        }
        advance(terminator.unicodeScalars.count)
    }

    private mutating func skipSpace() {
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            advance()
        }
    }

    private mutating func skipMisc() throws {
        while true {
            skipSpace()
            if looksAt("<?") {
                try skip(past: "?>")
            } else if looksAt("<!--") {
                try skip(past: "-->")
            } else if looksAt("<!DOCTYPE") {
                try skip(past: ">")
            } else {
                return
            }
        }
    }

    private mutating func document() throws -> DocumentElement {
        if peek() == "\u{FEFF}" { advance() }
        try skipMisc()
        guard peek() == "<" else { throw fail("the document does not start with an element") }
        let root = try element(scope: ["xml": "http://www.w3.org/XML/1998/namespace"])
        try skipMisc()
        guard peek() == nil else { throw fail("content after the root element") }
        return root
    }

    private mutating func name() throws -> String {
        var text = String.UnicodeScalarView()
        while let scalar = peek(),
            !(scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "/" || scalar == ">"
                || scalar == "=" || scalar == "<")
        {
            text.append(scalar)
            advance()
        }
        guard !text.isEmpty else { throw fail("expected a name") }
        return String(text)
    }

    private static func split(_ qualified: String) -> (prefix: String?, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    private mutating func element(scope outer: [String: String]) throws -> DocumentElement {
        let start = position
        advance()  // <
        let qualified = try name()
        var raw: [(String, String)] = []
        while true {
            skipSpace()
            if looksAt("/>") || peek() == ">" { break }
            let attributeName = try name()
            skipSpace()
            guard peek() == "=" else { throw fail("expected '=' after \(attributeName)") }
            advance()
            skipSpace()
            raw.append((attributeName, try quotedValue()))
        }
        var scope = outer
        var declarations: [String: String] = [:]
        for (attributeName, value) in raw {
            if attributeName == "xmlns" {
                declarations[""] = value
                scope[""] = value
            } else if attributeName.hasPrefix("xmlns:") {
                let prefix = String(attributeName.dropFirst(6))
                declarations[prefix] = value
                scope[prefix] = value
            }
        }
        var attributes: [DocumentAttribute] = []
        for (attributeName, value) in raw where attributeName != "xmlns" && !attributeName.hasPrefix("xmlns:") {
            let (prefix, local) = Self.split(attributeName)
            var namespace: String?
            if let prefix {
                guard let bound = scope[prefix] else { throw fail("unbound prefix \(prefix)") }
                namespace = bound
            }
            attributes.append(DocumentAttribute(localName: local, prefix: prefix, namespace: namespace, value: value))
        }
        let (prefix, local) = Self.split(qualified)
        let namespace = scope[prefix ?? ""].flatMap { $0.isEmpty ? nil : $0 }
        if prefix != nil, namespace == nil { throw fail("unbound prefix \(prefix!)") }
        var element = DocumentElement(
            name: local,
            namespace: namespace,
            prefix: prefix,
            attributes: attributes,
            position: start,
            namespaceDeclarations: declarations
        )
        if looksAt("/>") {
            advance(2)
            return element
        }
        advance()  // >
        var text = ""
        func flush() {
            if !text.isEmpty { element.children.append(.text(text)) }
            text = ""
        }
        while true {
            guard let scalar = peek() else { throw fail("<\(qualified)> is not closed") }
            if looksAt("</") {
                advance(2)
                let closing = try name()
                guard closing == qualified else { throw fail("</\(closing)> closes <\(qualified)>") }
                skipSpace()
                guard peek() == ">" else { throw fail("expected '>'") }
                advance()
                flush()
                return element
            } else if looksAt("<!--") {
                try skip(past: "-->")
            } else if looksAt("<![CDATA[") {
                advance(9)
                while !looksAt("]]>") {
                    guard let inside = peek() else { throw fail("unterminated CDATA section") }
                    text.unicodeScalars.append(inside)
                    advance()
                }
                advance(3)
            } else if looksAt("<?") {
                try skip(past: "?>")
            } else if scalar == "<" {
                flush()
                element.children.append(.element(try self.element(scope: scope)))
            } else if scalar == "&" {
                text.unicodeScalars.append(try reference())
            } else {
                text.unicodeScalars.append(scalar)
                advance()
            }
        }
    }

    private mutating func quotedValue() throws -> String {
        guard let quote = peek(), quote == "\"" || quote == "'" else { throw fail("expected a quoted value") }
        advance()
        var value = String.UnicodeScalarView()
        while let scalar = peek(), scalar != quote {
            if scalar == "&" {
                value.append(try reference())
            } else {
                value.append(scalar == "\t" || scalar == "\n" || scalar == "\r" ? " " : scalar)
                advance()
            }
        }
        guard peek() == quote else { throw fail("unterminated attribute value") }
        advance()
        return String(value)
    }

    private mutating func reference() throws -> Unicode.Scalar {
        advance()  // &
        var body = ""
        while let scalar = peek(), scalar != ";" {
            guard body.unicodeScalars.count < 12 else { throw fail("malformed reference") }
            body.unicodeScalars.append(scalar)
            advance()
        }
        guard peek() == ";" else { throw fail("unterminated reference") }
        advance()
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var code: UInt32?
            if body.hasPrefix("#x") {
                code = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                code = UInt32(body.dropFirst(), radix: 10)
            }
            guard let code, let scalar = Unicode.Scalar(code) else { throw fail("unknown reference &\(body);") }
            return scalar
        }
    }
}
