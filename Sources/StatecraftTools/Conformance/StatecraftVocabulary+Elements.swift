package import StatecraftSCXML

extension StatecraftVocabulary {
    /// What an element item becomes in the `statecraft` datamodel.
    ///
    /// - Parameters:
    ///   - item: The item's element, with its attributes.
    ///   - context: How to make elements.
    /// - Returns: The SCXML elements or text.
    /// - Throws: ``ConformanceMarkupError`` for an unknown item or a missing attribute.
    package func nodes(for item: ConformanceItem, in context: ConformanceContext) throws(ConformanceMarkupError) -> [DocumentNode] {
        guard let entry = item.entry, entry.isElement else { throw item.unknownItemError }
        func assign(_ location: String, _ expression: String) -> [DocumentNode] {
            [context.element("assign", [("location", location), ("expr", expression)], for: item)]
        }
        switch item.name {
        case "pass", "fail":
            return [Self.outcome(item.name, log: [("label", "Outcome"), ("expr", "'\(item.name)'")], context: context, item: item)]
        case "incrementID":
            let variable = try item.variable(try item.required("id"))
            return assign(variable, "\(variable) + 1")
        case "concatVars", "sumVars":
            // `+` joins text when either side is a string and adds numbers otherwise, as the
            // sheet's ECMAScript does for the values the tests give.
            let first = try item.variable(try item.required("id1"))
            let second = try item.variable(try item.required("id2"))
            return assign(first, "\(first) + \(second)")
        case "extendArray":
            let variable = try item.variable(try item.required("id"))
            return assign(variable, "concat(\(variable), [4])")
        case "illegalContent":
            return [context.element("content", [], children: [.text(" xyz ")], for: item)]
        case "contentFoo":
            return [context.element("content", [], children: [.text("foo")], for: item)]
        case "someInlineVal":
            return [.text("123")]
        case "array123":
            return [.text("[1,2,3]")]
        case "script":
            return [context.element("script", [], children: [.text(Self.goodScript)], for: item)]
        case "sendToSender":
            let event = try item.required("name")
            return [
                context.element(
                    "send", [("event", event), ("targetexpr", "_event.origin"), ("typeexpr", "_event.origintype")], for: item
                )
            ]
        case "incrementArray":
            // Each cell of a two-by-two array goes up by one: <foreach> walks a copy of the
            // array, and the script assigns into the variable itself.
            let array = try item.variable(try item.required("id"))
            let script = ["[0]", "[1]"].map { "\(array)[index]\($0) = \(array)[index]\($0) + 1" }.joined(separator: "\n")
            return [
                context.element(
                    "foreach", [("item", "item"), ("index", "index"), ("array", array)],
                    children: [context.element("script", [], children: [.text(script)], for: item)], for: item
                )
            ]
        case "setUpHTTPTest":
            // The sheet sets nothing up for ECMAScript, nor does this datamodel need anything.
            return []
        case "msgContent":
            return [context.element("content", [("expr", "'address=' + \(Self.basicHTTPLocation)")], for: item)]
        default:
            preconditionFailure("<conf:\(item.name)> is in the catalog but has no meaning in the statecraft vocabulary")
        }
    }

    /// `<final id="pass">` or `fail`, logging the outcome on entry as the W3C's sheet does.
    static func outcome(
        _ id: String,
        log: [(String, String)],
        context: ConformanceContext,
        item: ConformanceItem
    ) -> DocumentNode {
        let entry = context.element("log", log, for: item)
        return context.element("final", [("id", id)], children: [context.element("onentry", [], children: [entry], for: item)], for: item)
    }
}
