import StatecraftSCXML

/// The W3C's `conf:` vocabulary in the `statecraft` datamodel: every item of `confEcma.xsl`
/// as an expression, location or element of ``SCXMLExpressionDatamodel``'s language.
///
/// Variables are named `Var` and the number the test gives (`conf:id="1"` declares `Var1`),
/// as in the W3C's sheet. Where the sheet's ECMAScript converts values or reads `undefined`
/// from something absent, the meaning here says the same thing without conversions
/// (`isBound`, `==` on structures). The article "The expression datamodel" of `StatecraftSCXML` has the table, item
/// by item.
package struct StatecraftVocabulary: ConformanceVocabulary {
    /// The type URI of the SCXML event I/O processor.
    static let scxmlProcessorType = SCXMLNames.scxmlProcessor

    /// The file `conf:scriptGoodSrc` names: a script that ``ConformanceProfile/statecraft``
    /// supplies, beside every test.
    package static let goodScriptName = "conformance-good-script.statecraft"

    /// The text of that script: what `<conf:script/>` runs.
    package static let goodScript = "var Var1 = 1"

    /// Creates the vocabulary.
    package init() {}

    /// `statecraft`.
    package var datamodel: String { "statecraft" }

    /// What an attribute item becomes in the `statecraft` datamodel.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - context: Facts about the document (unused: every item has a fixed meaning here).
    /// - Returns: The plain attribute.
    /// - Throws: ``ConformanceMarkupError``: an unknown item, a malformed value, or
    ///   `conf:testOnServer`, which needs a site's test server.
    package func attribute(
        for item: ConformanceItem,
        in context: ConformanceContext
    ) throws(ConformanceMarkupError) -> ConformanceAttributeMeaning {
        guard let entry = item.entry, !entry.isElement else { throw item.unknownItemError }
        if entry.requirement == .condition || entry.name == "inState" || entry.name == "nonBoolean"
            || entry.name == "true" || entry.name == "false"
        {
            return .attribute("cond", try condition(for: item))
        }
        let (name, value) = try plainAttribute(for: item)
        return .attribute(name, value)
    }

    /// The attribute of an item that is not a condition.
    private func plainAttribute(for item: ConformanceItem) throws(ConformanceMarkupError) -> (String, String) {
        let value = item.value
        switch item.name {
        // Success, failure, the datamodel.
        case "targetpass": return ("target", "pass")
        case "targetfail": return ("target", "fail")
        case "datamodel": return ("datamodel", datamodel)
        // Names and locations.
        case "id": return ("id", try item.variable())
        case "name": return ("name", try item.variable())
        case "location": return ("location", try item.variable())
        case "invalidLocation": return ("location", "foo.bar.baz")
        case "systemVarLocation": return ("location", try item.identifier())
        // Value expressions.
        case "expr":
            // The sheet copies the value; an empty one reads as `undefined` in ECMAScript.
            return ("expr", SCXMLExpressionDatamodel.trimmingWhitespace(value).isEmpty ? "undefined" : value)
        case "quoteExpr": return ("expr", ConformanceItem.quoted(value))
        case "varExpr", "varChildExpr": return ("expr", try item.variable())
        case "systemVarExpr": return ("expr", try item.identifier())
        case "varNonexistentStruct": return ("expr", try item.variable() + ".bar")
        case "illegalExpr": return ("expr", "1 +")
        case "invalidSessionID", "invalidSendTypeExpr": return ("expr", "27")
        case "arrayExpr123": return ("expr", "[1, 2, 3]")
        case "illegalArray": return ("expr", "7")
        case "multiDimensionalArrayExpr":
            let cell = try item.nonEmptyValue()
            return ("expr", "[[\(cell), \(cell)], [\(cell), \(cell)]]")
        // Send targets and types.
        case "illegalTarget": return ("target", "baz")
        case "unreachableTarget": return ("target", "#_scxml_foo")
        case "invalidSendType": return ("type", "27")
        // The current event.
        case "eventName": return ("expr", "_event.name")
        case "eventType": return ("expr", "_event.type")
        case "eventSendid": return ("expr", "_event.sendid")
        case "eventRaw": return ("expr", "text(_event)")
        case "eventField": return ("expr", "_event." + (try item.identifier()))
        case "eventDataFieldValue", "eventDataParamValue":
            return ("expr", "_event.data" + ConformanceItem.member(try item.nonEmptyValue()))
        case "eventDataNamelistValue": return ("expr", "_event.data." + (try item.variable()))
        case "scxmlEventIOLocation":
            return ("expr", "_ioprocessors[\(ConformanceItem.quoted(Self.scxmlProcessorType))].location")
        // The expression forms of <send>'s attributes.
        case "targetVar", "targetExpr": return ("targetexpr", try item.variable())
        case "typeExpr": return ("typeexpr", try item.variable())
        case "eventExpr": return ("eventexpr", try item.variable())
        case "delayFromVar": return ("delayexpr", try item.variable())
        case "delay": return ("delayexpr", ConformanceItem.quoted(try item.seconds() + "s"))
        case "srcExpr": return ("srcexpr", try item.variable())
        case "sendIDExpr": return ("sendidexpr", try item.variable())
        case "idlocation": return ("idlocation", try item.variable())
        case "namelist", "multipleNamelist": return ("namelist", try item.variables().joined(separator: " "))
        case "invalidNamelist": return ("namelist", "\"foo")
        // Scripts.
        case "scriptGoodSrc": return ("src", Self.goodScriptName)
        case "scriptBadSrc": return ("src", "file:no-such-script.statecraft")
        // Arrays and <foreach>.
        case "arrayVar", "arrayTextVar": return ("array", try item.variable())
        case "item": return ("item", try item.variable())
        case "illegalItem": return ("item", "'continue'")
        case "index": return ("index", try item.variable())
        // The Basic HTTP Event I/O Processor.
        case "testOnServer":
            throw item.error(.notExpressible, ConformanceItem.Requirement.testServer.whyNotExpressible)
        case "basicHTTPAccessURI": return ("expr", Self.basicHTTPLocation)
        case "basicHTTPAccessURITarget": return ("targetexpr", Self.basicHTTPLocation)
        case "getNamedParamVal": return ("expr", "split(_event.raw, \(ConformanceItem.quoted(try item.nonEmptyValue() + "=")))[1]")
        case "getIDParamVal": return ("expr", "split(_event.raw, \(ConformanceItem.quoted(try item.variable() + "=")))[1]")
        case "getNthParamName": return ("expr", Self.bodyParameter(try item.wholeNumber(), part: 0))
        case "getNthParamVal": return ("expr", Self.bodyParameter(try item.wholeNumber(), part: 1))
        case "scxmlEventExpr":
            let name = try item.nonEmptyValue()
            return (
                "expr",
                "'<message xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" source=\"' + "
                    + "\(Self.basicHTTPLocation) + '\" sourcetype=\"scxml\" name=\"' + (\(name)) + '\"/>'"
            )
        default:
            preconditionFailure("conf:\(item.name) is in the catalog but has no meaning in the statecraft vocabulary")
        }
    }

    /// The access URI of the Basic HTTP Event I/O Processor.
    static let basicHTTPLocation = "_ioprocessors['basichttp'].location"

    /// Part `part` (0: the name, 1: the value) of parameter `index` of the form-encoded body of
    /// the raw HTTP message: the first line after the blank line that ends the headers.
    private static func bodyParameter(_ index: String, part: Int) -> String {
        "split(split(split(split(_event.raw, '\\n\\n')[1], '\\n')[0], '&')[\(index)], '=')[\(part)]"
    }
}
