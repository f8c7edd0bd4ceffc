import StatecraftSCXML

extension ConformanceItem {
    /// What an item needs of a datamodel, beyond plain SCXML: the null datamodel has none of
    /// these but `none`.
    package enum Requirement: String, Hashable, Sendable {
        /// Nothing: the item becomes a plain attribute, element or text (`conf:targetpass`).
        case none
        /// A variable: the item names or declares one (`conf:id`, `conf:location`).
        case variable
        /// A value expression (`conf:expr`, `conf:eventName`).
        case expression
        /// A condition other than `In()` (`conf:idVal`).
        case condition
        /// A script (`<conf:script/>`).
        case script
        /// The address of a Basic HTTP test server at the site that runs the tests.
        case testServer

        /// Why the null datamodel cannot express an item with this requirement.
        var whyNotExpressible: String {
            switch self {
            case .none: "it needs nothing the null datamodel lacks"
            case .variable: "it needs a variable, and the null datamodel has none"
            case .expression: "it needs a value expression, and the null datamodel has none"
            case .condition: "it needs a condition other than In('state id'), the null datamodel's only one"
            case .script: "it needs a script, and the null datamodel runs none"
            case .testServer: "it needs the address of the site's Basic HTTP test server, which this build does not have"
            }
        }
    }

    /// One item of the W3C's vocabulary, as `confEcma.xsl` defines it.
    package struct Entry: Hashable, Sendable {
        /// The item's local name.
        package let name: String
        /// Whether it is an element (`<conf:pass/>`) rather than an attribute.
        package let isElement: Bool
        /// What it needs of a datamodel.
        package let requirement: Requirement
        /// Whether it only makes sense with the Basic HTTP Event I/O Processor (SCXML
        /// Appendix C.2).
        package let isBasicHTTP: Bool
    }

    /// Every template of the W3C's `confEcma.xsl`, in the sheet's order: 110 items, 95
    /// attributes and 15 elements.
    package static let catalog: [Entry] = {
        func attribute(_ name: String, _ requirement: Requirement, http: Bool = false) -> Entry {
            Entry(name: name, isElement: false, requirement: requirement, isBasicHTTP: http)
        }
        func element(_ name: String, _ requirement: Requirement, http: Bool = false) -> Entry {
            Entry(name: name, isElement: true, requirement: requirement, isBasicHTTP: http)
        }
        return [
            // Success and failure, the datamodel.
            attribute("targetpass", .none), element("pass", .none), attribute("targetfail", .none),
            element("fail", .none), attribute("datamodel", .none),
            // Names and locations.
            attribute("id", .variable), attribute("name", .variable), attribute("location", .variable),
            attribute("invalidLocation", .variable), attribute("systemVarLocation", .variable),
            // Value expressions.
            attribute("expr", .expression), attribute("targetVar", .variable), attribute("quoteExpr", .expression),
            attribute("varExpr", .variable), attribute("varChildExpr", .variable),
            attribute("systemVarExpr", .expression), attribute("varNonexistentStruct", .variable),
            attribute("illegalExpr", .expression),
            element("incrementID", .variable), element("concatVars", .variable), element("sumVars", .variable),
            // Send targets, content and types.
            attribute("illegalTarget", .none), attribute("unreachableTarget", .none),
            element("illegalContent", .none), element("contentFoo", .none), element("someInlineVal", .none),
            attribute("invalidSessionID", .expression), attribute("invalidSendType", .none),
            attribute("invalidSendTypeExpr", .expression),
            // The current event.
            attribute("eventName", .expression), attribute("eventType", .expression),
            attribute("eventSendid", .expression), attribute("eventField", .expression),
            attribute("eventRaw", .expression), attribute("eventDataFieldValue", .expression),
            attribute("eventDataParamValue", .expression), attribute("eventDataNamelistValue", .variable),
            attribute("scxmlEventIOLocation", .expression),
            // The expression forms of <send>'s attributes.
            attribute("eventExpr", .variable), attribute("targetExpr", .variable), attribute("typeExpr", .variable),
            attribute("delayFromVar", .variable), attribute("delay", .none), attribute("idlocation", .variable),
            attribute("sendIDExpr", .variable), attribute("srcExpr", .variable), attribute("namelist", .variable),
            attribute("invalidNamelist", .variable),
            // Conditions.
            attribute("idVal", .condition), attribute("varIdVal", .condition), attribute("namelistIdVal", .condition),
            attribute("VarEqVar", .condition), attribute("VarEqVarStruct", .condition),
            attribute("idQuoteVal", .condition), attribute("compareIDVal", .condition),
            attribute("idSomeVal", .condition), attribute("eventNameVal", .condition),
            attribute("eventvarVal", .condition), attribute("idSystemVarVal", .condition),
            attribute("eventdataVal", .condition), attribute("eventdataSomeVal", .condition),
            attribute("emptyEventData", .condition), attribute("nameVarVal", .condition),
            attribute("varPrefix", .condition), attribute("inState", .none), attribute("nonBoolean", .none),
            attribute("isBound", .condition), attribute("unboundVar", .condition),
            attribute("systemVarIsBound", .condition), attribute("noValue", .condition), attribute("true", .none),
            attribute("false", .none), attribute("eventFieldsAreBound", .condition),
            attribute("eventDataHasField", .condition), attribute("eventFieldHasNoValue", .condition),
            attribute("eventLanguageMatchesDatamodel", .condition), attribute("originTypeEq", .condition),
            // Scripts.
            element("script", .script), attribute("scriptGoodSrc", .script), attribute("scriptBadSrc", .script),
            element("sendToSender", .expression),
            // Arrays and <foreach>.
            element("array123", .expression), attribute("arrayVar", .variable), attribute("arrayTextVar", .variable),
            attribute("arrayExpr123", .expression), attribute("illegalArray", .expression),
            attribute("item", .variable), attribute("illegalItem", .variable), attribute("index", .variable),
            element("extendArray", .variable), attribute("multiDimensionalArrayExpr", .expression),
            element("incrementArray", .script), attribute("arrayVal", .condition),
            // The Basic HTTP Event I/O Processor (and two items its tests use that are not
            // particular to it: multipleNamelist and eventIsExternal).
            attribute("testOnServer", .testServer, http: true), element("setUpHTTPTest", .none, http: true),
            attribute("basicHTTPAccessURI", .expression, http: true),
            attribute("basicHTTPAccessURITarget", .expression, http: true),
            attribute("methodIsPost", .condition, http: true), attribute("multipleNamelist", .variable),
            attribute("eventIsExternal", .condition), attribute("eventIdParamHasValue", .condition, http: true),
            attribute("eventNamedParamHasValue", .condition, http: true),
            attribute("messageBodyEquals", .condition, http: true),
            attribute("getNamedParamVal", .expression, http: true), attribute("getIDParamVal", .expression, http: true),
            attribute("getNthParamName", .expression, http: true), attribute("getNthParamVal", .expression, http: true),
            attribute("scxmlEventExpr", .expression, http: true), element("msgContent", .expression, http: true),
            attribute("msgIsBody", .condition, http: true),
        ]
    }()

    /// The catalog's entries by kind and name.
    private static let entries: [String: Entry] = Dictionary(
        uniqueKeysWithValues: catalog.map { ($0.isElement ? "<" + $0.name : $0.name, $0) }
    )

    /// The catalog entry of an item, or `nil` when `confEcma.xsl` defines no such item.
    ///
    /// - Parameters:
    ///   - name: The item's local name.
    ///   - isElement: Whether the item is an element.
    /// - Returns: Its entry.
    package static func entry(named name: String, isElement: Bool) -> Entry? {
        entries[isElement ? "<" + name : name]
    }

    /// This item's catalog entry, or `nil` when `confEcma.xsl` defines no such item.
    package var entry: Entry? {
        Self.entry(named: name, isElement: isElement)
    }

    /// The error for an item that `confEcma.xsl` does not define.
    package var unknownItemError: ConformanceMarkupError {
        isElement
            ? error(.unknownItem, "the conformance element <conf:\(name)> is not one the W3C's vocabulary defines")
            : error(.unknownItem, "the conformance attribute conf:\(name) is not one the W3C's vocabulary defines")
    }
}
