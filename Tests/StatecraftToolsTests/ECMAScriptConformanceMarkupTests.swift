import StatecraftECMAScript
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The `conf:` markup as `confEcma.xsl` translates it: one case per template of the sheet. The
/// expected text is copied from the sheet's output, not computed.
@Suite("ECMAScript conformance markup")
struct ECMAScriptConformanceMarkupTests {
    struct AttributeCase: CustomTestStringConvertible, Sendable {
        var item: String
        var value: String
        var attribute: String
        var expected: String
        var testDescription: String { "conf:\(item)=\"\(value)\"" }

        init(_ item: String, _ attribute: String, _ expected: String) {
            self.init(item, "", attribute, expected)
        }

        init(_ item: String, _ value: String, _ attribute: String, _ expected: String) {
            self.item = item
            self.value = value
            self.attribute = attribute
            self.expected = expected
        }
    }

    static let attributeCases: [AttributeCase] = [
        AttributeCase("targetpass", "target", "pass"),
        AttributeCase("targetfail", "target", "fail"),
        AttributeCase("datamodel", "datamodel", "ecmascript"),
        AttributeCase("id", "1", "id", "Var1"),
        AttributeCase("name", "2", "name", "Var2"),
        AttributeCase("location", "3", "location", "Var3"),
        AttributeCase("invalidLocation", "location", "foo.bar.baz "),
        AttributeCase("systemVarLocation", "_sessionid", "location", "_sessionid"),
        AttributeCase("expr", "1 + 1", "expr", "1 + 1"),
        AttributeCase("targetVar", "4", "targetexpr", "Var4"),
        AttributeCase("quoteExpr", "foo", "expr", "'foo'"),
        AttributeCase("varExpr", "2", "expr", "Var2"),
        AttributeCase("varChildExpr", "2", "expr", "Var2"),
        AttributeCase("systemVarExpr", "_name", "expr", "_name"),
        AttributeCase("varNonexistentStruct", "3", "expr", "Var3.bar"),
        AttributeCase("illegalExpr", "expr", "return"),
        AttributeCase("illegalTarget", "target", "baz"),
        AttributeCase("unreachableTarget", "target", "#_scxml_foo"),
        AttributeCase("invalidSessionID", "expr", "27"),
        AttributeCase("invalidSendType", "type", "27"),
        AttributeCase("invalidSendTypeExpr", "expr", "27"),
        AttributeCase("eventName", "expr", "_event.name"),
        AttributeCase("eventType", "expr", "_event.type"),
        AttributeCase("eventSendid", "expr", "_event.sendid"),
        AttributeCase("eventField", "origintype", "expr", "_event.origintype"),
        AttributeCase("eventRaw", "expr", "_event.raw"),
        AttributeCase("eventDataFieldValue", "foo", "expr", "_event.data.foo"),
        AttributeCase("eventDataParamValue", "param1", "expr", "_event.data.param1"),
        AttributeCase("eventDataNamelistValue", "1", "expr", "_event.data.Var1"),
        AttributeCase("scxmlEventIOLocation", "expr", "_ioprocessors['http://www.w3.org/TR/scxml/#SCXMLEventProcessor'].location"),
        AttributeCase("eventExpr", "1", "eventexpr", "Var1"),
        AttributeCase("targetExpr", "1", "targetexpr", "Var1"),
        AttributeCase("typeExpr", "1", "typeexpr", "Var1"),
        AttributeCase("delayFromVar", "1", "delayexpr", "Var1"),
        AttributeCase("delay", "1.5", "delayexpr", "'1.5s'"),
        AttributeCase("idlocation", "1", "idlocation", "Var1"),
        AttributeCase("sendIDExpr", "1", "sendidexpr", "Var1"),
        AttributeCase("srcExpr", "1", "srcexpr", "Var1"),
        AttributeCase("namelist", "1", "namelist", "Var1"),
        AttributeCase("invalidNamelist", "namelist", "\"foo"),
        AttributeCase("idVal", "1=1", "cond", "Var1==1"),
        AttributeCase("idVal", "1<2", "cond", "Var1<2"),
        AttributeCase("idVal", "2>=0", "cond", "Var2>=0"),
        AttributeCase("varIdVal", "1=2", "cond", "Var1==Var2"),
        AttributeCase("namelistIdVal", "1=1", "cond", "Var1===1"),
        AttributeCase("VarEqVar", "1 2", "cond", "Var1===Var2"),
        AttributeCase("VarEqVarStruct", "1 2", "cond", "Var1==Var2"),
        AttributeCase("idQuoteVal", "1=event1", "cond", "Var1=='event1'"),
        AttributeCase("compareIDVal", "1<2", "cond", "Var1<Var2"),
        AttributeCase("compareIDVal", "1=2", "cond", "Var1=Var2"),
        AttributeCase("idSomeVal", "1", "cond", "Var1 == 123"),
        AttributeCase("eventNameVal", "foo", "cond", "_event.name == 'foo'"),
        AttributeCase("eventvarVal", "1=1", "cond", "_event.data['Var1']==1"),
        AttributeCase("idSystemVarVal", "1=_sessionid", "cond", "Var1==_sessionid"),
        AttributeCase("eventdataVal", "123", "cond", "_event.data == 123"),
        AttributeCase("eventdataSomeVal", "cond", "_event.data == 123"),
        AttributeCase("emptyEventData", "cond", "typeof _event.data === 'undefined'"),
        AttributeCase("nameVarVal", "machineName", "cond", "_name  === 'machineName'"),
        AttributeCase(
            "varPrefix", "2 1", "cond",
            "(function(str, starts){if (starts === '') return true;if (str == null || starts == null) return false;str = String(str); starts = String(starts);return str.length >= starts.length && str.slice(0, starts.length) === starts;})(Var1, Var2)"
        ),
        AttributeCase("inState", "s1", "cond", "In('s1')"),
        AttributeCase("nonBoolean", "cond", "return"),
        AttributeCase("isBound", "1", "cond", "Var1"),
        AttributeCase("unboundVar", "1", "cond", "typeof Var1 === 'undefined' "),
        AttributeCase("systemVarIsBound", "_event", "cond", "_event"),
        AttributeCase("noValue", "1", "cond", "!Var1"),
        AttributeCase("true", "cond", "true"),
        AttributeCase("false", "cond", "false"),
        AttributeCase(
            "eventFieldsAreBound", "cond",
            "'name' in _event && 'type' in _event && 'sendid' in _event && 'origin' in _event && 'origintype' in _event && 'invokeid' in _event && 'data' in _event"
        ),
        AttributeCase("eventDataHasField", "'foo'", "cond", "'foo' in _event.data"),
        AttributeCase("eventFieldHasNoValue", "sendid", "cond", "typeof _event.sendid === 'undefined' "),
        AttributeCase("eventLanguageMatchesDatamodel", "cond", " _event.language == 'ecmascript'"),
        AttributeCase("originTypeEq", "http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "cond", " _event.origintype == 'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'"),
        AttributeCase("scriptGoodSrc", "src", "D:\\W3C\\SCXMLTests\\test300.js"),
        AttributeCase("scriptBadSrc", "src", "D:\\foo"),
        AttributeCase("arrayVar", "1", "array", "Var1"),
        AttributeCase("arrayTextVar", "1", "array", "Var1"),
        AttributeCase("arrayExpr123", "expr", "1, 2, 3]"),
        AttributeCase("illegalArray", "expr", "7"),
        AttributeCase("item", "2", "item", "Var2"),
        AttributeCase("illegalItem", "item", "'continue'"),
        AttributeCase("index", "3", "index", "Var3"),
        AttributeCase("multiDimensionalArrayExpr", "0", "expr", "[[0,0],[0,0]]"),
        AttributeCase("arrayVal", "1 0", "cond", "Var1[0][0]== 0 && Var1[0][1] == 0  && Var1[1][0] == 0 && Var1[1][1] == 0"),
        AttributeCase("testOnServer", "/scxml", "target", "SITE_SPECIFIC_ADDRESS/scxml"),
        AttributeCase("basicHTTPAccessURI", "expr", "_ioprocessors['basichttp']['location']"),
        AttributeCase("basicHTTPAccessURITarget", "targetexpr", "_ioprocessors['basichttp']['location']"),
        AttributeCase("methodIsPost", "cond", "_event.raw.search('POST') !== -1"),
        AttributeCase("multipleNamelist", "1 2", "namelist", "Var1\nVar2\n"),
        AttributeCase("eventIsExternal", "cond", "_event.type === 'external'"),
        AttributeCase("eventIdParamHasValue", "1 2", "cond", "_event.raw.search(/Var1=2/) !== -1"),
        AttributeCase("eventNamedParamHasValue", "param1 2", "cond", "_event.raw.search('param1=2') !== -1"),
        AttributeCase("messageBodyEquals", "foo", "cond", "_event.raw.search(/foo/) !== -1"),
        AttributeCase("getNamedParamVal", "param1", "expr", "_event.raw.match(/param1=(\\S+)$/)[1]"),
        AttributeCase("getIDParamVal", "1", "expr", "_event.raw.match(/Var1=(\\S+)$/)[1]"),
        AttributeCase("getNthParamName", "0", "expr", "txt.match(/\\n\\n(.*)/)[2].split('&')[0].split('=')[0]"),
        AttributeCase("getNthParamVal", "0", "expr", "txt.match(/\\n\\n(.*)/)[2].split('&')[0].split('=')[1]"),
        AttributeCase(
            "scxmlEventExpr", "'x'", "expr",
            "'<message source=\"' + _ioprocessors['basichttp'] + '\"'\n+ 'xmlns:scxml=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"  xmlns:xsi=:http://www.w3.org/2001/XMLSchema-instance\"\nxsi:schemaLocation=\"http://www.w3.org/2005/07/scxml scxml-message.xsd\" sourcetype=:scxml\"'\n+' 'name=\"name\"' + '\"' + 'x' + '\"' + />'"
        ),
        AttributeCase("msgIsBody", "cond", "_event.raw.match(/\\n\\naddress=(.*)$/)"),
    ]

    /// A test document with `conf:item="value"` on a `<transition>`, translated.
    static func translatedTransition(_ item: String, _ value: String) throws -> DocumentElement {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:conf="http://www.w3.org/2005/scxml-conformance" version="1.0">
              <state id="s0"><transition conf:\(item)="\(escaped(value))"/></state>
            </scxml>
            """
        let root = try ecmascriptTranslation(DocumentReader().read(xml))
        return try #require(root.elements.first?.elements.first)
    }

    static func escaped(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll("\"", "&quot;").replacingAll("\n", "&#10;")
    }

    @Test("Each attribute template of confEcma.xsl", arguments: attributeCases)
    func attributeItem(_ example: AttributeCase) throws {
        let transition = try Self.translatedTransition(example.item, example.value)
        #expect(transition.attributes.map(\.localName) == [example.attribute])
        #expect(transition.attribute(example.attribute) == example.expected)
    }

    struct ElementCase: CustomTestStringConvertible, Sendable {
        var element: String
        var expected: String
        var testDescription: String { element }
    }

    static let elementCases: [ElementCase] = [
        ElementCase(element: "<conf:pass/>", expected: "<final id=\"pass\"><onentry><log label=\"Outcome\" expr=\"'pass'\"/></onentry></final>"),
        ElementCase(element: "<conf:fail/>", expected: "<final id=\"fail\"><onentry><log label=\"Outcome\" expr=\"'fail'\"/></onentry></final>"),
        ElementCase(element: "<conf:incrementID id=\"1\"/>", expected: "<assign location=\"Var1\" expr=\"Var1 + 1\"/>"),
        ElementCase(element: "<conf:concatVars id1=\"1\" id2=\"2\"/>", expected: "<assign location=\"Var1\" expr=\"Var1 + Var2\"/>"),
        ElementCase(element: "<conf:sumVars id1=\"1\" id2=\"2\"/>", expected: "<assign location=\"Var1\" expr=\"Var1 + Var2\"/>"),
        ElementCase(element: "<conf:illegalContent/>", expected: "<content> xyz </content>"),
        ElementCase(element: "<conf:contentFoo/>", expected: "<content>foo</content>"),
        ElementCase(element: "<conf:someInlineVal/>", expected: "123"),
        ElementCase(element: "<conf:script/>", expected: "<script>var Var1 = 1</script>"),
        ElementCase(
            element: "<conf:sendToSender name=\"s0Event\"/>",
            expected: "<send event=\"s0Event\" targetexpr=\"_event.origin\" typeexpr=\"_event.origintype\"/>"
        ),
        ElementCase(element: "<conf:array123/>", expected: "[1,2,3]"),
        ElementCase(element: "<conf:extendArray id=\"1\"/>", expected: "<assign location=\"Var1\" expr=\"[].concat(Var1, [4])\"/>"),
        ElementCase(
            element: "<conf:incrementArray id=\"1\"/>",
            expected: "<foreach item=\"item\" index=\"index\" array=\"Var1\"><script>\nVar1[index][0] = Var1[index][0] + 1\nVar1[index][1] = Var1[index][1] + 1\n</script></foreach>"
        ),
        ElementCase(element: "<conf:setUpHTTPTest/>", expected: ""),
        ElementCase(element: "<conf:msgContent/>", expected: "<content expr=\"'address=' + _ioprocessors['basichttp'] + &quot;'&quot;\"/>"),
    ]

    @Test("Each element template of confEcma.xsl", arguments: elementCases)
    func elementItem(_ example: ElementCase) throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:conf="http://www.w3.org/2005/scxml-conformance" version="1.0"><state id="s0"><onentry>\(example.element)</onentry></state></scxml>
            """
        let root = try ecmascriptTranslation(DocumentReader().read(xml))
        let onentry = try #require(root.elements.first?.elements.first)
        #expect(Self.write(onentry.children) == example.expected)
    }

    /// The nodes as XML text, attributes in order, without namespace declarations.
    static func write(_ nodes: [DocumentNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): return text
            case .element(let element):
                let attributes = element.attributes.map { " \($0.localName)=\"\($0.value.replacingAll("\"", "&quot;"))\"" }.joined()
                return element.children.isEmpty
                    ? "<\(element.name)\(attributes)/>"
                    : "<\(element.name)\(attributes)>\(write(element.children))</\(element.name)>"
            }
        }.joined()
    }

    @Test("The created elements are SCXML elements, and the conformance namespace is gone")
    func createdElementsAreSCXML() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:conf="http://www.w3.org/2005/scxml-conformance" version="1.0" conf:datamodel=""><conf:pass/></scxml>
            """
        let root = try ecmascriptTranslation(DocumentReader().read(xml))
        #expect(root.namespaceDeclarations.values.contains("http://www.w3.org/2005/scxml-conformance") == false)
        #expect(root.elements.first?.namespace == "http://www.w3.org/2005/07/scxml")
        #expect(root.attribute("datamodel") == "ecmascript")
    }

    @Test("Unknown items, malformed values and missing attributes are errors with their place")
    func badMarkupIsAnError() throws {
        func translate(_ body: String) throws -> DocumentElement {
            try ecmascriptTranslation(DocumentReader().read("""
                <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:conf="http://www.w3.org/2005/scxml-conformance" version="1.0">
                \(body)</scxml>
                """))
        }
        let unknown = #expect(throws: ConformanceMarkupError.self) { try translate("<state id=\"a\" conf:bogus=\"1\"/>") }
        #expect(unknown?.code == .unknownItem)
        #expect(unknown?.description.hasPrefix("2:1: conf:bogus") == true, "\(unknown?.description ?? "")")
        let malformed = #expect(throws: ConformanceMarkupError.self) { try translate("<state id=\"a\"><transition conf:idVal=\"x\"/></state>") }
        #expect(malformed?.code == .malformedValue)
        let missing = #expect(throws: ConformanceMarkupError.self) { try translate("<state id=\"a\"><onentry><conf:incrementID/></onentry></state>") }
        #expect(missing?.code == .missingAttribute)
        let conflict = #expect(throws: ConformanceMarkupError.self) { try translate("<state id=\"a\"><transition target=\"a\" conf:targetpass=\"\"/></state>") }
        #expect(conflict?.code == .conflictingAttribute)
        let nested = #expect(throws: ConformanceMarkupError.self) { try translate("<conf:pass><state/></conf:pass>") }
        #expect(nested?.code == .misplacedItem)
    }
}

/// `document` translated as `confEcma.xsl` translates it.
func ecmascriptTranslation(_ document: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
    try ConformanceMarkup.translate(document, vocabulary: ECMAScriptVocabulary())
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
