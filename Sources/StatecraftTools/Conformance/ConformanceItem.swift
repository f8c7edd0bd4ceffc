package import StatecraftSCXML

/// One `conf:` attribute or element of a W3C test, as a vocabulary sees it: its name, its value,
/// and the element it was written on or as.
///
/// The value parsers (``variable()``, ``comparison()``, ``pair()``…) read the forms the W3C's
/// sheet `confEcma.xsl` gives the items (`1=1`, `1 2`, `.5`), so that every vocabulary reads
/// them alike and reports a malformed value with the item's position.
package struct ConformanceItem: Sendable {
    /// The item's local name: `idVal` for `conf:idVal`.
    package let name: String
    /// The attribute's value; empty for an element item.
    package let value: String
    /// For an attribute item, the element that carries it (`<transition>` for
    /// `<transition conf:idVal="1=1">`); for an element item, the item's own element.
    package let element: DocumentElement
    /// Whether the item is an element (`<conf:pass/>`) rather than an attribute.
    package let isElement: Bool

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - name: The item's local name.
    ///   - value: The attribute's value, or `""` for an element.
    ///   - element: The carrying element, or the item's own element.
    ///   - isElement: Whether the item is an element.
    package init(name: String, value: String = "", element: DocumentElement, isElement: Bool) {
        self.name = name
        self.value = value
        self.element = element
        self.isElement = isElement
    }

    /// Where the element that carries the item, or the item element, starts.
    package var position: TextPosition { element.position }

    /// An error about this item.
    ///
    /// - Parameters:
    ///   - code: What kind of problem it is.
    ///   - message: What was wrong.
    /// - Returns: The error, naming the item and its position.
    package func error(_ code: ConformanceMarkupError.Code, _ message: String) -> ConformanceMarkupError {
        ConformanceMarkupError(code: code, message: message, position: position, item: name)
    }

    /// The value of an attribute the element item needs (`id` of `<conf:incrementID id="1"/>`).
    ///
    /// - Parameter attribute: The attribute's name.
    /// - Returns: Its value.
    /// - Throws: ``ConformanceMarkupError`` with code `missingAttribute` when it is absent.
    package func required(_ attribute: String) throws(ConformanceMarkupError) -> String {
        guard let found = element.attribute(attribute) else {
            throw error(.missingAttribute, "the element needs a '\(attribute)' attribute")
        }
        return found
    }

    // MARK: Values

    /// `Var` and the item's value, which must be letters, digits or `_`: `Var1` for `1`.
    ///
    /// - Returns: The variable's name.
    /// - Throws: ``ConformanceMarkupError`` when the value is not a variable number.
    package func variable() throws(ConformanceMarkupError) -> String {
        try variable(value)
    }

    /// `Var` and `text`, which must be letters, digits or `_`.
    ///
    /// - Parameter text: The variable's number as written.
    /// - Returns: The variable's name.
    /// - Throws: ``ConformanceMarkupError`` when `text` is not a variable number.
    package func variable(_ text: String) throws(ConformanceMarkupError) -> String {
        let id = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        guard !id.isEmpty, id.unicodeScalars.allSatisfy(Self.isWordScalar) else {
            throw error(.malformedValue, "'\(text)' is not a variable number: use digits, letters or '_'")
        }
        return "Var" + id
    }

    /// The `Var` names of a list of numbers separated by whitespace: `["Var1", "Var3"]` for
    /// `1 3`.
    ///
    /// - Returns: The names, at least one.
    /// - Throws: ``ConformanceMarkupError`` when the list is empty or holds something else.
    package func variables() throws(ConformanceMarkupError) -> [String] {
        let ids = value.split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard !ids.isEmpty else { throw error(.malformedValue, "the list of variable numbers is empty") }
        var names: [String] = []
        for id in ids { names.append(try variable(String(id))) }
        return names
    }

    /// The item's value as a name of the `statecraft` language (`_sessionid`, `origin`).
    ///
    /// - Returns: The name, without surrounding whitespace.
    /// - Throws: ``ConformanceMarkupError`` when the value is not a name.
    package func identifier() throws(ConformanceMarkupError) -> String {
        try identifier(value)
    }

    /// `text` as a name of the `statecraft` language.
    ///
    /// - Parameter text: The name as written.
    /// - Returns: The name, without surrounding whitespace.
    /// - Throws: ``ConformanceMarkupError`` when `text` is not a name.
    package func identifier(_ text: String) throws(ConformanceMarkupError) -> String {
        let name = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        guard SCXMLExpressionDatamodel.isIdentifier(name) else {
            throw error(.malformedValue, "'\(text)' is not a name")
        }
        return name
    }

    /// The item's value as a decimal number of seconds (`1`, `.5`, `2.25`).
    ///
    /// - Returns: The number as written, without surrounding whitespace.
    /// - Throws: ``ConformanceMarkupError`` when the value is not such a number.
    package func seconds() throws(ConformanceMarkupError) -> String {
        let text = SCXMLExpressionDatamodel.trimmingWhitespace(value)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, parts.count <= 2, text != ".",
            parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } })
        else {
            throw error(.malformedValue, "'\(value)' is not a number of seconds")
        }
        return text
    }

    /// The item's value as a whole number (`0`, `12`).
    ///
    /// - Returns: The digits, without surrounding whitespace.
    /// - Throws: ``ConformanceMarkupError`` when the value is not a whole number.
    package func wholeNumber() throws(ConformanceMarkupError) -> String {
        let text = SCXMLExpressionDatamodel.trimmingWhitespace(value)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw error(.malformedValue, "'\(value)' is not a whole number")
        }
        return text
    }

    /// `number operator operand` from a value such as `1=1`, `1<2` or `4=_ioprocessors`, the
    /// form of `conf:idVal` and its kin: a variable number, one of `=`, `==`, `!=`, `<`, `<=`,
    /// `>`, `>=`, and the rest. `=` becomes `==`.
    ///
    /// - Returns: The number as written, the operator, and the operand without surrounding
    ///   whitespace.
    /// - Throws: ``ConformanceMarkupError`` when the value does not have that form.
    package func comparison() throws(ConformanceMarkupError) -> (id: String, op: String, operand: String) {
        let scalars = Array(value.unicodeScalars)
        var position = 0
        while position < scalars.count, Self.isWordScalar(scalars[position]) { position += 1 }
        let id = String(String.UnicodeScalarView(scalars[0..<position]))
        var op = ""
        for candidate in ["==", "!=", "<=", ">=", "=", "<", ">"] {
            let symbol = Array(candidate.unicodeScalars)
            if position + symbol.count <= scalars.count,
                scalars[position..<position + symbol.count].elementsEqual(symbol)
            {
                op = candidate
                position += symbol.count
                break
            }
        }
        let operand = SCXMLExpressionDatamodel.trimmingWhitespace(
            String(String.UnicodeScalarView(scalars[position...]))
        )
        guard !id.isEmpty, !op.isEmpty, !operand.isEmpty else {
            throw error(.malformedValue, "'\(value)' is not 'number operator value', such as '1=1' or '1<2'")
        }
        return (id, op == "=" ? "==" : op, operand)
    }

    /// The two words of a value such as `1 2` or `param1 1`, separated by anything that is
    /// not a letter, digit or `_`.
    ///
    /// - Returns: The two words.
    /// - Throws: ``ConformanceMarkupError`` when the value does not hold exactly two words.
    package func pair() throws(ConformanceMarkupError) -> (String, String) {
        let words = value.unicodeScalars.split { !Self.isWordScalar($0) }
        guard words.count == 2 else {
            throw error(.malformedValue, "'\(value)' is not two words, such as '1 2'")
        }
        return (String(String.UnicodeScalarView(words[0])), String(String.UnicodeScalarView(words[1])))
    }

    /// A variable number and the rest of the value, separated by whitespace or punctuation:
    /// `(1, "'a'")` for `1 'a'`, the form of `conf:arrayVal`.
    ///
    /// - Returns: The number and the rest, without surrounding whitespace.
    /// - Throws: ``ConformanceMarkupError`` when the value has no number or no rest.
    package func numberAndRest() throws(ConformanceMarkupError) -> (String, String) {
        let scalars = Array(value.unicodeScalars)
        var start = 0
        while start < scalars.count, scalars[start] == " " { start += 1 }
        var position = start
        while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
        let number = String(String.UnicodeScalarView(scalars[start..<position]))
        var rest = position
        while rest < scalars.count, !Self.isWordScalar(scalars[rest]), scalars[rest] != "'", scalars[rest] != "\"",
            scalars[rest] != "-", scalars[rest] != "[", scalars[rest] != "{"
        {
            rest += 1
        }
        let operand = SCXMLExpressionDatamodel.trimmingWhitespace(String(String.UnicodeScalarView(scalars[rest...])))
        guard !number.isEmpty, rest > position, !operand.isEmpty else {
            throw error(.malformedValue, "'\(value)' is not 'number value', such as '1 0'")
        }
        return (number, operand)
    }

    /// The item's value without surrounding whitespace, which must not be empty.
    ///
    /// - Returns: The value.
    /// - Throws: ``ConformanceMarkupError`` when the value is empty.
    package func nonEmptyValue() throws(ConformanceMarkupError) -> String {
        let text = SCXMLExpressionDatamodel.trimmingWhitespace(value)
        guard !text.isEmpty else { throw error(.malformedValue, "the item needs a value") }
        return text
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    // MARK: Literals

    /// `text` as a single-quoted string literal of the `statecraft` language.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The literal, with quotes, backslashes and control characters escaped.
    package static func quoted(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": literal += "\\'"
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 {
                    literal += "\\u" + SCXMLValueText.hex4(scalar.value)
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "'"
    }

    /// `.name` when `text` is a name of the `statecraft` language, `['text']` otherwise.
    ///
    /// - Parameter text: A member's name.
    /// - Returns: The step that selects the member.
    package static func member(_ text: String) -> String {
        let name = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        return SCXMLExpressionDatamodel.isIdentifier(name) ? "." + name : "[\(quoted(text))]"
    }
}
