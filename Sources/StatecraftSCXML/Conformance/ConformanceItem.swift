/// One `conf:` attribute or element, and what it means for the `statecraft` datamodel.
struct ConformanceItem {
    /// The item's local name.
    let name: String
    /// The attribute's value; empty for an element.
    let value: String
    /// Where the element that carries it starts.
    let position: TextPosition

    /// An error about this item.
    func error(_ code: ConformanceMarkupError.Code, _ message: String) -> ConformanceMarkupError {
        ConformanceMarkupError(code: code, message: message, position: position, item: name)
    }

    // MARK: Attribute items

    /// The plain attribute an attribute item becomes: its name and value.
    func attribute() throws(ConformanceMarkupError) -> (String, String) {
        let conditionItems: Set<String> = [
            "idVal", "idQuoteVal", "compareIDVal", "namelistIdVal", "eventvarVal", "idSystemVarVal",
            "VarEqVar", "VarEqVarStruct", "varPrefix", "eventdataVal", "emptyEventData", "isBound",
            "unboundVar", "systemVarIsBound", "inState", "nonBoolean", "true", "false",
            "eventFieldsAreBound", "eventFieldHasNoValue", "originTypeEq", "methodIsPost",
            "messageBodyEquals", "eventIdParamHasValue", "eventNamedParamHasValue",
        ]
        if conditionItems.contains(name) { return ("cond", try condition()) }
        switch name {
        case "targetpass": return ("target", "pass")
        case "targetfail": return ("target", "fail")
        case "datamodel": return ("datamodel", "statecraft")
        case "id": return ("id", try variable())
        case "name": return ("name", try variable())
        case "location": return ("location", try variable())
        case "systemVarLocation": return ("location", try identifier())
        case "invalidLocation": return ("location", "foo.bar.baz")
        case "expr":
            // An empty expression is the value `undefined` in ECMAScript, which the tests assume.
            let expression = SCXMLExpressionDatamodel.trimmingWhitespace(value)
            return ("expr", expression.isEmpty ? "undefined" : value)
        case "quoteExpr": return ("expr", Self.quoted(value))
        case "varExpr", "varChildExpr": return ("expr", try variable())
        case "systemVarExpr": return ("expr", try identifier())
        case "varNonexistentStruct": return ("expr", try variable() + ".bar")
        case "illegalExpr": return ("expr", "1 +")
        case "illegalArray": return ("expr", "7")
        case "invalidSessionID", "invalidSendTypeExpr": return ("expr", "27")
        case "invalidSendType": return ("type", "27")
        case "eventName": return ("expr", "_event.name")
        case "eventType": return ("expr", "_event.type")
        case "eventSendid": return ("expr", "_event.sendid")
        case "eventRaw": return ("expr", "_event.raw")
        case "eventField": return ("expr", "_event." + (try identifier()))
        case "eventDataFieldValue", "eventDataParamValue": return ("expr", "_event.data" + Self.member(value))
        case "scxmlEventIOLocation":
            return ("expr", "_ioprocessors[\(Self.quoted(ConformanceMarkup.scxmlProcessorType))].location")
        case "targetVar", "targetExpr": return ("targetexpr", try variable())
        case "basicHTTPAccessURITarget": return ("targetexpr", "_ioprocessors['basichttp'].location")
        case "typeExpr": return ("typeexpr", try variable())
        case "eventExpr": return ("eventexpr", try variable())
        case "delayFromVar": return ("delayexpr", try variable())
        case "delay": return ("delayexpr", Self.quoted(try number() + "s"))
        case "srcExpr": return ("srcexpr", try variable())
        case "sendIDExpr": return ("sendidexpr", try variable())
        case "idlocation": return ("idlocation", try variable())
        case "namelist": return ("namelist", try variables())
        case "invalidNamelist": return ("namelist", "\"foo")
        case "item": return ("item", try variable())
        case "illegalItem": return ("item", "'continue'")
        case "index": return ("index", try variable())
        case "arrayVar", "arrayTextVar": return ("array", try variable())
        case "illegalTarget": return ("target", "baz")
        case "unreachableTarget": return ("target", "#_scxml_foo")
        case "scriptBadSrc": return ("src", "file:no-such-script.statecraft")
        default:
            throw error(.unknownItem, "the conformance attribute conf:\(name) is not one the mapping knows")
        }
    }

    /// The `cond` a condition item becomes.
    private func condition() throws(ConformanceMarkupError) -> String {
        switch name {
        case "idVal", "namelistIdVal":
            let (id, op, operand) = try comparison()
            return "Var\(id) \(op) \(operand)"
        case "idQuoteVal":
            let (id, op, operand) = try comparison()
            return "Var\(id) \(op) \(Self.quoted(operand))"
        case "compareIDVal":
            let (id, op, operand) = try comparison()
            return "Var\(id) \(op) \(try variable(operand))"
        case "idSystemVarVal":
            let (id, op, operand) = try comparison()
            return "Var\(id) \(op) \(try identifier(operand))"
        case "eventvarVal":
            let (id, op, operand) = try comparison()
            return "_event.data.Var\(id) \(op) \(operand)"
        case "VarEqVar", "VarEqVarStruct":
            let (first, second) = try pair()
            return "\(try variable(first)) == \(try variable(second))"
        case "varPrefix":
            let (prefix, whole) = try pair()
            return "startsWith(\(try variable(whole)), \(try variable(prefix)))"
        case "eventdataVal": return "_event.data == \(value)"
        case "emptyEventData": return "!isBound(_event.data)"
        case "isBound": return "isBound(\(try variable()))"
        case "unboundVar": return "!isBound(\(try variable()))"
        case "systemVarIsBound": return "isBound(\(try identifier()))"
        case "inState": return "In(\(Self.quoted(value)))"
        case "nonBoolean": return "7"
        case "true": return "true"
        case "false": return "false"
        case "eventFieldsAreBound":
            return ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"]
                .map { "has(_event, '\($0)')" }
                .joined(separator: " && ")
        case "eventFieldHasNoValue": return "!isBound(_event.\(try identifier()))"
        case "originTypeEq": return "_event.origintype == \(Self.quoted(value))"
        case "methodIsPost": return "contains(_event.raw, 'POST')"
        case "messageBodyEquals": return "contains(_event.raw, \(Self.quoted(value)))"
        case "eventIdParamHasValue":
            let (id, expected) = try pair()
            return "contains(_event.raw, \(Self.quoted(try variable(id) + "=" + expected)))"
        case "eventNamedParamHasValue":
            let (parameter, expected) = try pair()
            return "contains(_event.raw, \(Self.quoted(parameter + "=" + expected)))"
        default:
            preconditionFailure("condition() called for conf:\(name), which is not a condition item")
        }
    }

    // MARK: Element items

    /// The nodes an element item becomes; `element` is the item's element, for its attributes.
    func nodes(attributes element: DocumentElement, prefix: String?) throws(ConformanceMarkupError) -> [DocumentNode] {
        func make(_ name: String, _ attributes: [(String, String)], text: String? = nil) -> [DocumentNode] {
            [
                .element(
                    DocumentElement(
                        name: name,
                        namespace: ConformanceMarkup.scxmlNamespace,
                        prefix: prefix,
                        attributes: attributes.map { DocumentAttribute(localName: $0.0, value: $0.1) },
                        children: text.map { [.text($0)] } ?? [],
                        position: position
                    )
                )
            ]
        }
        func required(_ attribute: String) throws(ConformanceMarkupError) -> String {
            guard let found = element.attribute(attribute) else {
                throw error(.missingAttribute, "the element needs a '\(attribute)' attribute")
            }
            return found
        }
        switch name {
        case "pass", "fail":
            return make("final", [("id", name)])
        case "incrementID":
            let variable = try variable(try required("id"))
            return make("assign", [("location", variable), ("expr", "\(variable) + 1")])
        case "concatVars", "sumVars":
            let first = try variable(try required("id1"))
            let second = try variable(try required("id2"))
            return make("assign", [("location", first), ("expr", "\(first) + \(second)")])
        case "extendArray":
            let variable = try variable(try required("id"))
            return make("assign", [("location", variable), ("expr", "concat(\(variable), [4])")])
        case "contentFoo":
            return make("content", [], text: "foo")
        case "array123":
            return [.text("[1,2,3]")]
        case "script":
            return make("script", [], text: "var Var1 = 1")
        case "sendToSender":
            return make(
                "send",
                [("event", try required("name")), ("targetexpr", "_event.origin"), ("typeexpr", "_event.origintype")]
            )
        default:
            throw error(.unknownItem, "the conformance element <conf:\(name)> is not one the mapping knows")
        }
    }

    // MARK: Values

    /// `Var` and the item's value, which must be letters, digits or `_`.
    private func variable() throws(ConformanceMarkupError) -> String {
        try variable(value)
    }

    private func variable(_ text: String) throws(ConformanceMarkupError) -> String {
        let id = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        guard !id.isEmpty, id.unicodeScalars.allSatisfy(Self.isWordScalar) else {
            throw error(.malformedValue, "'\(text)' is not a variable number: use digits, letters or '_'")
        }
        return "Var" + id
    }

    /// `Var` names for a space-separated list of numbers.
    private func variables() throws(ConformanceMarkupError) -> String {
        let ids = value.split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard !ids.isEmpty else { throw error(.malformedValue, "the list of variable numbers is empty") }
        var names: [String] = []
        for id in ids { names.append(try variable(String(id))) }
        return names.joined(separator: " ")
    }

    /// The item's value as a name of the language (`_sessionid`, `origin`).
    private func identifier() throws(ConformanceMarkupError) -> String {
        try identifier(value)
    }

    private func identifier(_ text: String) throws(ConformanceMarkupError) -> String {
        let name = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        guard SCXMLExpressionDatamodel.isIdentifier(name) else {
            throw error(.malformedValue, "'\(text)' is not a name")
        }
        return name
    }

    /// The item's value as a decimal number (`1`, `.5`, `2.25`).
    private func number() throws(ConformanceMarkupError) -> String {
        let text = SCXMLExpressionDatamodel.trimmingWhitespace(value)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, parts.count <= 2, text != ".",
            parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } })
        else {
            throw error(.malformedValue, "'\(value)' is not a number of seconds")
        }
        return text
    }

    /// `id op operand` from a value such as `1=1`, `1<2` or `4=_ioprocessors`; `=` becomes
    /// `==`.
    private func comparison() throws(ConformanceMarkupError) -> (String, String, String) {
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

    /// The two words of a value such as `1 2` or `param1 1`.
    private func pair() throws(ConformanceMarkupError) -> (String, String) {
        let words = value.unicodeScalars.split { !Self.isWordScalar($0) }
        guard words.count == 2 else {
            throw error(.malformedValue, "'\(value)' is not two words, such as '1 2'")
        }
        return (String(String.UnicodeScalarView(words[0])), String(String.UnicodeScalarView(words[1])))
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    /// `text` as a single-quoted string literal of the language.
    static func quoted(_ text: String) -> String {
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

    /// `.name` when `text` is a name of the language, `['text']` otherwise.
    static func member(_ text: String) -> String {
        let name = SCXMLExpressionDatamodel.trimmingWhitespace(text)
        return SCXMLExpressionDatamodel.isIdentifier(name) ? "." + name : "[\(quoted(text))]"
    }
}
