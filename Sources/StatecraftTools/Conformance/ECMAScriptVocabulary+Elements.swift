package import StatecraftSCXML

extension ECMAScriptVocabulary {
    /// What an element item becomes: the elements or text the sheet writes.
    ///
    /// - Parameters:
    ///   - item: The item's element, with its attributes.
    ///   - context: How to make elements.
    /// - Returns: The SCXML elements or text.
    /// - Throws: ``ConformanceMarkupError`` for an unknown item or a missing attribute.
    package func nodes(for item: ConformanceItem, in context: ConformanceContext) throws(ConformanceMarkupError) -> [DocumentNode] {
        guard let entry = item.entry, entry.isElement else { throw item.unknownItemError }
        func make(_ name: String, _ attributes: [(String, String)], children: [DocumentNode] = []) -> DocumentNode {
            context.element(name, attributes, children: children, for: item)
        }
        func outcome(_ id: String) -> DocumentNode {
            make("final", [("id", id)], children: [
                make("onentry", [], children: [make("log", [("label", "Outcome"), ("expr", "'\(id)'")])]),
            ])
        }
        switch item.name {
        case "pass", "fail":
            return [outcome(item.name)]
        case "incrementID":
            let id = try item.required("id")
            return [make("assign", [("location", "Var\(id)"), ("expr", "Var\(id) + 1")])]
        case "concatVars", "sumVars":
            let first = try item.required("id1"), second = try item.required("id2")
            return [make("assign", [("location", "Var\(first)"), ("expr", "Var\(first) + Var\(second)")])]
        case "illegalContent":
            return [make("content", [], children: [.text(" xyz ")])]
        case "contentFoo":
            return [make("content", [], children: [.text("foo")])]
        case "someInlineVal":
            return [.text("123")]
        case "script":
            return [make("script", [], children: [.text("var Var1 = 1")])]
        case "sendToSender":
            let event = try item.required("name")
            return [make("send", [("event", event), ("targetexpr", "_event.origin"), ("typeexpr", "_event.origintype")])]
        case "array123":
            return [.text("[1,2,3]")]
        case "extendArray":
            let id = try item.required("id")
            return [make("assign", [("location", "Var\(id)"), ("expr", "[].concat(Var\(id), [4])")])]
        case "incrementArray":
            let array = "Var\(try item.required("id"))"
            let body = "\n\(array)[index][0] = \(array)[index][0] + 1\n\(array)[index][1] = \(array)[index][1] + 1\n"
            return [make("foreach", [("item", "item"), ("index", "index"), ("array", array)], children: [
                make("script", [], children: [.text(body)]),
            ])]
        case "setUpHTTPTest":
            return []
        case "msgContent":
            return [make("content", [("expr", "'address=' + _ioprocessors['basichttp'] + \"'\"")])]
        default:
            preconditionFailure("<conf:\(item.name)> is in the catalog but has no meaning in the ecmascript vocabulary")
        }
    }
}

extension ConformanceItem {
    /// The sheet's `([0-9]+)([=<>]=?)(.*)`: the variable number, the operator, the rest.
    func sheetComparison(operandIsOneCharacterOf operand: String? = nil) throws(ConformanceMarkupError) -> (String, String, String) {
        if let operand {
            guard let found = value.firstMatch(of: #/([0-9]+)([=<>]=?)(.)/#), operand.contains(found.3) else {
                throw error(.malformedValue, "'\(value)' is not 'number operator number', such as '1<2'")
            }
            return (String(found.1), String(found.2), String(found.3))
        }
        return try sheetMatch(#/([0-9]+)([=<>]=?)(.*)/#, "'number operator value', such as '1=1' or '1<2'")
    }

    /// The sheet's `([0-9]+)(\W+)([0-9]+)`: two variable numbers.
    func sheetNumberPair() throws(ConformanceMarkupError) -> (String, String) {
        let (first, _, second) = try sheetMatch(#/([0-9]+)(\W+)([0-9]+)/#, "two numbers such as '1 2'")
        return (first, second)
    }

    /// The sheet's `(\w+)(\W)(\w+)`: two words.
    func sheetWordPair() throws(ConformanceMarkupError) -> (String, String) {
        let (first, _, second) = try sheetMatch(#/(\w+)(\W)(\w+)/#, "two words such as '1 2'")
        return (first, second)
    }

    /// The three groups of the first match of `pattern` in the value.
    func sheetMatch(
        _ pattern: Regex<(Substring, Substring, Substring, Substring)>, _ form: String
    ) throws(ConformanceMarkupError) -> (String, String, String) {
        guard let found = value.firstMatch(of: pattern) else {
            throw error(.malformedValue, "'\(value)' is not \(form)")
        }
        return (String(found.1), String(found.2), String(found.3))
    }
}
