@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The SCXML namespace.
let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

/// Reads `body` as the children of a `<scxml>` root that declares the SCXML namespace as the
/// default and the conformance namespace as `conf`.
func conformanceDocument(_ body: String, attributes: String = "") throws -> DocumentElement {
    // SCXML 3.2 requires version; written after the test's own attributes, unless it gives one.
    let version = attributes.contains("version=") ? "" : #" version="1.0""#
    return try DocumentReader().read(
        """
        <scxml xmlns="\(scxmlNamespace)" xmlns:conf="\(ConformanceMarkup.namespace)" \(attributes)\(version)>\(body)</scxml>
        """
    )
}

/// The error `translate` throws for `document`, or `nil`.
func translationFailure(
    _ document: DocumentElement,
    vocabulary: any ConformanceVocabulary = StatecraftVocabulary()
) -> ConformanceMarkupError? {
    do {
        _ = try ConformanceMarkup.translate(document, vocabulary: vocabulary)
        return nil
    } catch {
        return error
    }
}

@Suite("W3C conformance markup: the translation")
struct ConformanceMarkupTests {
    @Test("A small test becomes plain SCXML for the statecraft datamodel")
    func smallTest() throws {
        let test = try conformanceDocument(
            """
            <datamodel><data conf:id="1" conf:expr="0"/></datamodel>
            <state id="s0"><transition conf:idVal="1=0" conf:targetpass=""/><transition conf:targetfail=""/></state>
            <conf:pass/><conf:fail/>
            """,
            attributes: #"initial="s0" conf:datamodel="" version="1.0""#
        )
        let document = try ConformanceMarkup.translate(test)
        #expect(document.namespaceDeclarations == ["": scxmlNamespace])
        #expect(document.attributes == [
            DocumentAttribute(localName: "initial", value: "s0"),
            DocumentAttribute(localName: "datamodel", value: "statecraft"),
            DocumentAttribute(localName: "version", value: "1.0"),
        ])
        let elements = document.elements
        #expect(elements.map(\.name) == ["datamodel", "state", "final", "final"])
        #expect(elements[0].elements[0].attributes == [
            DocumentAttribute(localName: "id", value: "Var1"),
            DocumentAttribute(localName: "expr", value: "0"),
        ])
        let transitions = elements[1].elements
        #expect(transitions[0].attributes == [
            DocumentAttribute(localName: "cond", value: "Var1 == 0"),
            DocumentAttribute(localName: "target", value: "pass"),
        ])
        #expect(transitions[1].attributes == [DocumentAttribute(localName: "target", value: "fail")])
        for (final, id) in zip(elements[2...], ["pass", "fail"]) {
            #expect(final.namespace == scxmlNamespace)
            #expect(final.prefix == nil)
            #expect(final.attributes == [DocumentAttribute(localName: "id", value: id)])
            // The W3C's sheet logs the outcome on entry.
            let log = final.elements.first?.elements.first
            #expect(final.elements.map(\.name) == ["onentry"])
            #expect(log?.name == "log")
            #expect(log?.attributes == [
                DocumentAttribute(localName: "label", value: "Outcome"), DocumentAttribute(localName: "expr", value: "'\(id)'"),
            ])
        }
        #expect(elements[2].position == test.elements[2].position)
    }

    @Test("Each attribute item becomes one plain attribute", arguments: statecraftAttributeCases)
    func attributeItem(item: String, value: String, name: String, expected: String) throws {
        let escaped = value.replacingOccurrences(of: "<", with: "&lt;")
        let test = try conformanceDocument(#"<send conf:\#(item)="\#(escaped)"/>"#)
        let send = try ConformanceMarkup.translate(test).elements[0]
        #expect(send.attributes == [DocumentAttribute(localName: name, value: expected)])
        #expect(send.namespace == scxmlNamespace)
    }

    @Test("Element items become SCXML elements or text")
    func elementItems() throws {
        let test = try conformanceDocument(
            """
            <onentry><conf:incrementID id="1"/><conf:concatVars id1="1" id2="2"/><conf:sumVars id1="3" id2="4"/>\
            <conf:extendArray id="5"/><conf:sendToSender name="bar"/></onentry>\
            <data conf:id="3">
              <conf:array123/>
            </data><send><conf:contentFoo/></send><conf:script/>
            """
        )
        let document = try ConformanceMarkup.translate(test)
        let actions = document.elements[0].elements
        func attributes(_ pairs: [(String, String)]) -> [DocumentAttribute] {
            pairs.map { DocumentAttribute(localName: $0.0, value: $0.1) }
        }
        #expect(actions.map(\.name) == ["assign", "assign", "assign", "assign", "send"])
        #expect(actions.allSatisfy { $0.namespace == scxmlNamespace && $0.children.isEmpty })
        #expect(actions[0].attributes == attributes([("location", "Var1"), ("expr", "Var1 + 1")]))
        #expect(actions[1].attributes == attributes([("location", "Var1"), ("expr", "Var1 + Var2")]))
        #expect(actions[2].attributes == attributes([("location", "Var3"), ("expr", "Var3 + Var4")]))
        #expect(actions[3].attributes == attributes([("location", "Var5"), ("expr", "concat(Var5, [4])")]))
        #expect(actions[4].attributes == attributes([("event", "bar"), ("targetexpr", "_event.origin"), ("typeexpr", "_event.origintype")]))
        let data = document.elements[1]
        #expect(data.children == [.text("\n  [1,2,3]\n")])
        let content = document.elements[2].elements[0]
        #expect(content.name == "content")
        #expect(content.namespace == scxmlNamespace)
        #expect(content.children == [.text("foo")])
        let script = document.elements[3]
        #expect(script.name == "script")
        #expect(script.text == "var Var1 = 1")
    }

    @Test("The other element items: content, inline values, the array walk and the Basic HTTP set-up")
    func moreElementItems() throws {
        let test = try conformanceDocument(
            """
            <send><conf:illegalContent/></send><data conf:id="1"><conf:someInlineVal/></data>\
            <onentry><conf:incrementArray id="2"/><conf:setUpHTTPTest/></onentry><send><conf:msgContent/></send>
            """
        )
        let document = try ConformanceMarkup.translate(test)
        let illegal = document.elements[0].elements[0]
        #expect(illegal.name == "content")
        #expect(illegal.children == [.text(" xyz ")])
        #expect(document.elements[1].children == [.text("123")])
        let onentry = document.elements[2]
        #expect(onentry.elements.count == 1, "<conf:setUpHTTPTest/> becomes nothing")
        let foreach = onentry.elements[0]
        #expect(foreach.name == "foreach")
        #expect(foreach.attributes == [
            DocumentAttribute(localName: "item", value: "item"), DocumentAttribute(localName: "index", value: "index"),
            DocumentAttribute(localName: "array", value: "Var2"),
        ])
        #expect(foreach.elements.map(\.name) == ["script"])
        #expect(foreach.elements[0].text == "Var2[index][0] = Var2[index][0] + 1\nVar2[index][1] = Var2[index][1] + 1")
        let message = document.elements[3].elements[0]
        #expect(message.name == "content")
        #expect(message.attributes == [DocumentAttribute(localName: "expr", value: "'address=' + _ioprocessors['basichttp'].location")])
    }

    @Test("conf:testOnServer needs a site's Basic HTTP test server, which no vocabulary here has")
    func testOnServer() throws {
        let test = try conformanceDocument(#"<send conf:testOnServer="/echo" event="e"/>"#)
        for vocabulary in [StatecraftVocabulary() as any ConformanceVocabulary, NullVocabulary()] {
            let error = translationFailure(test, vocabulary: vocabulary)
            #expect(error?.code == .notExpressible)
            #expect(error?.message.contains("Basic HTTP test server") == true)
        }
        #expect(ConformanceMarkup.usesBasicHTTP(test))
    }

    @Test("Created elements take the SCXML prefix of their parent")
    func prefixedDocument() throws {
        let test = try DocumentReader().read(
            """
            <sc:scxml xmlns:sc="\(scxmlNamespace)" xmlns:conf="\(ConformanceMarkup.namespace)" conf:datamodel="">\
            <sc:state id="s"><sc:onentry><conf:incrementID id="1"/></sc:onentry></sc:state><conf:pass/></sc:scxml>
            """
        )
        let document = try ConformanceMarkup.translate(test)
        #expect(document.namespaceDeclarations == ["sc": scxmlNamespace])
        let pass = document.elements[1]
        #expect(pass.prefix == "sc")
        #expect(pass.namespace == scxmlNamespace)
        #expect(document.elements[0].elements[0].elements[0].prefix == "sc")
    }

    @Test("Inline documents inside content are translated too")
    func nestedDocuments() throws {
        let test = try conformanceDocument(
            """
            <state id="s0"><invoke type="http://www.w3.org/TR/scxml/"><content>\
            <scxml xmlns="\(scxmlNamespace)" xmlns:conf="\(ConformanceMarkup.namespace)" conf:datamodel="">\
            <state id="sub0"><transition conf:isBound="2" target="subFinal"/></state></scxml>\
            </content></invoke></state>
            """
        )
        let inner = try ConformanceMarkup.translate(test).elements[0].elements[0].elements[0].elements[0]
        #expect(inner.name == "scxml")
        #expect(inner.attribute("datamodel") == "statecraft")
        #expect(inner.namespaceDeclarations == ["": scxmlNamespace])
        #expect(inner.elements[0].elements[0].attribute("cond") == "isBound(Var2)")
    }

    @Test("What the translation does not know, or cannot read, is an error")
    func errors() throws {
        let unknownAttribute = translationFailure(try conformanceDocument(#"<state id="a" conf:noSuchItem="1"/>"#))
        #expect(unknownAttribute?.code == .unknownItem)
        #expect(unknownAttribute?.item == "noSuchItem")
        // Column 117: the <state> after the root's namespaces and version="1.0".
        #expect(unknownAttribute?.position == TextPosition(line: 1, column: 117))
        #expect(unknownAttribute?.description == "1:117: conf:noSuchItem: the conformance attribute conf:noSuchItem is not one the W3C's vocabulary defines")

        let unknownElement = translationFailure(try conformanceDocument("<state>\n  <conf:noSuchElement/></state>"))
        #expect(unknownElement?.code == .unknownItem)
        #expect(unknownElement?.item == "noSuchElement")
        #expect(unknownElement?.position == TextPosition(line: 2, column: 3))

        let malformed: [(String, String)] = [
            (#"<transition conf:idVal="1~2"/>"#, "idVal"), (#"<transition conf:idVal="=2"/>"#, "idVal"),
            (#"<transition conf:VarEqVar="1"/>"#, "VarEqVar"), (#"<data conf:id="a-b"/>"#, "id"),
            (#"<data conf:id=""/>"#, "id"), (#"<send conf:delay="soon"/>"#, "delay"), (#"<send conf:namelist=" "/>"#, "namelist"),
            (#"<transition conf:systemVarIsBound="1x"/>"#, "systemVarIsBound"), (#"<log conf:eventField="a.b"/>"#, "eventField"),
        ]
        for (body, item) in malformed {
            let error = translationFailure(try conformanceDocument(body))
            #expect(error?.code == .malformedValue, "\(body)")
            #expect(error?.item == item, "\(body)")
        }
        let missing = translationFailure(try conformanceDocument(#"<onentry><conf:incrementID/></onentry>"#))
        #expect(missing?.code == .missingAttribute)
        #expect(missing?.message == "the element needs a 'id' attribute")
        let conflict = translationFailure(try conformanceDocument(#"<transition target="s1" conf:targetpass=""/>"#))
        #expect(conflict?.code == .conflictingAttribute)
        #expect(translationFailure(try conformanceDocument(#"<data conf:expr="1" conf:quoteExpr="a"/>"#))?.code == .conflictingAttribute)
        let children = translationFailure(try conformanceDocument("<conf:pass><state/></conf:pass>"))
        #expect(children?.code == .misplacedItem)
        let stray = translationFailure(try conformanceDocument(#"<conf:pass conf:id="1"/>"#))
        #expect(stray?.code == .misplacedItem)
        let root = DocumentElement(name: "pass", namespace: ConformanceMarkup.namespace, prefix: "conf")
        #expect(translationFailure(root)?.code == .misplacedItem)
    }

    @Test("A document without conformance markup comes back unchanged")
    func plainDocument() throws {
        let plain = try DocumentReader().read(
            #"<scxml xmlns="\#(scxmlNamespace)" datamodel="null"><final id="f">text</final></scxml>"#
        )
        #expect(try ConformanceMarkup.translate(plain) == plain)
    }

    @Test("Tests that need the Basic HTTP I/O processor are recognized")
    func basicHTTP() throws {
        let needing = [
            #"<state><onentry><send type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor" event="e"/></onentry></state>"#,
            #"<send type=" basichttp " event="e"/>"#,
            #"<send conf:basicHTTPAccessURITarget="" event="e"/>"#,
            #"<transition conf:methodIsPost=""/>"#,
            #"<transition conf:messageBodyEquals="x"/>"#,
            #"<transition conf:eventIdParamHasValue="1 2"/>"#,
            #"<transition conf:eventNamedParamHasValue="a 1"/>"#,
        ]
        for body in needing {
            let test = try conformanceDocument(body)
            #expect(ConformanceMarkup.usesBasicHTTP(test), "\(body)")
        }
        #expect(ConformanceMarkup.usesBasicHTTP(try ConformanceMarkup.translate(try conformanceDocument(needing[0]))))
        let notNeeding = [
            #"<send type="http://www.w3.org/TR/scxml/#SCXMLEventProcessor" event="e"/>"#,
            #"<send targetexpr="'basichttp'"/>"#,
            #"<transition conf:idVal="1=1"/>"#,
        ]
        for body in notNeeding {
            #expect(!ConformanceMarkup.usesBasicHTTP(try conformanceDocument(body)), "\(body)")
        }
    }
}

/// Every attribute item of the W3C's vocabulary, with a value, and the plain attribute it
/// becomes in the `statecraft` datamodel.
let statecraftAttributeCases: [(String, String, String, String)] = [
            ("targetpass", "", "target", "pass"),
            ("targetfail", "", "target", "fail"),
            ("datamodel", "", "datamodel", "statecraft"),
            ("id", "1", "id", "Var1"),
            ("name", "1", "name", "Var1"),
            ("location", "2", "location", "Var2"),
            ("systemVarLocation", "_sessionid", "location", "_sessionid"),
            ("invalidLocation", "", "location", "foo.bar.baz"),
            ("expr", "0", "expr", "0"),
            ("expr", "_event", "expr", "_event"),
            ("expr", "", "expr", "undefined"),
            ("quoteExpr", "foo", "expr", "'foo'"),
            ("quoteExpr", #"it's a \ test"#, "expr", #"'it\'s a \\ test'"#),
            ("varExpr", "2", "expr", "Var2"),
            ("varChildExpr", "1", "expr", "Var1"),
            ("systemVarExpr", "_ioprocessors", "expr", "_ioprocessors"),
            ("varNonexistentStruct", "1", "expr", "Var1.bar"),
            ("illegalExpr", "", "expr", "1 +"),
            ("illegalArray", "", "expr", "7"),
            ("invalidSessionID", "", "expr", "27"),
            ("invalidSendTypeExpr", "", "expr", "27"),
            ("invalidSendType", "", "type", "27"),
            ("eventName", "", "expr", "_event.name"),
            ("eventType", "", "expr", "_event.type"),
            ("eventSendid", "", "expr", "_event.sendid"),
            ("eventRaw", "", "expr", "text(_event)"),
            ("eventField", "origintype", "expr", "_event.origintype"),
            ("eventDataFieldValue", "aParam", "expr", "_event.data.aParam"),
            ("eventDataParamValue", "param-1", "expr", "_event.data['param-1']"),
            ("scxmlEventIOLocation", "", "expr", "_ioprocessors['http://www.w3.org/TR/scxml/#SCXMLEventProcessor'].location"),
            ("targetVar", "1", "targetexpr", "Var1"),
            ("targetExpr", "1", "targetexpr", "Var1"),
            ("basicHTTPAccessURITarget", "", "targetexpr", "_ioprocessors['basichttp'].location"),
            ("typeExpr", "1", "typeexpr", "Var1"),
            ("eventExpr", "1", "eventexpr", "Var1"),
            ("delayFromVar", "1", "delayexpr", "Var1"),
            ("delay", ".5", "delayexpr", "'.5s'"),
            ("delay", "2", "delayexpr", "'2s'"),
            ("srcExpr", "1", "srcexpr", "Var1"),
            ("sendIDExpr", "1", "sendidexpr", "Var1"),
            ("idlocation", "1", "idlocation", "Var1"),
            ("namelist", "1", "namelist", "Var1"),
            ("namelist", "1 3", "namelist", "Var1 Var3"),
            ("invalidNamelist", "", "namelist", "\"foo"),
            ("item", "4", "item", "Var4"),
            ("illegalItem", "", "item", "'continue'"),
            ("index", "5", "index", "Var5"),
            ("arrayVar", "3", "array", "Var3"),
            ("arrayTextVar", "4", "array", "Var4"),
            ("illegalTarget", "", "target", "baz"),
            ("unreachableTarget", "", "target", "#_scxml_foo"),
            ("scriptBadSrc", "", "src", "file:no-such-script.statecraft"),
            ("scriptGoodSrc", "", "src", "conformance-good-script.statecraft"),
            ("eventDataNamelistValue", "1", "expr", "_event.data.Var1"),
            ("arrayExpr123", "", "expr", "[1, 2, 3]"),
            ("multiDimensionalArrayExpr", "0", "expr", "[[0, 0], [0, 0]]"),
            ("basicHTTPAccessURI", "", "expr", "_ioprocessors['basichttp'].location"),
            ("multipleNamelist", "1 2 3", "namelist", "Var1 Var2 Var3"),
            ("getNamedParamVal", "param1", "expr", "split(_event.raw, 'param1=')[1]"),
            ("getIDParamVal", "2", "expr", "split(_event.raw, 'Var2=')[1]"),
            ("getNthParamName", "1", "expr", "split(split(split(split(_event.raw, '\\n\\n')[1], '\\n')[0], '&')[1], '=')[0]"),
            ("getNthParamVal", "0", "expr", "split(split(split(split(_event.raw, '\\n\\n')[1], '\\n')[0], '&')[0], '=')[1]"),
            (
                "scxmlEventExpr", "'e'", "expr",
                #"'<message xmlns="http://www.w3.org/2005/07/scxml" version="1.0" source="' + _ioprocessors['basichttp'].location + '" sourcetype="scxml" name="' + ('e') + '"/>'"#
            ),
            ("varIdVal", "1=2", "cond", "Var1 == Var2"),
            ("idSomeVal", "1", "cond", "Var1 == 123"),
            ("eventNameVal", "foo", "cond", "_event.name == 'foo'"),
            ("eventdataSomeVal", "", "cond", "_event.data == 123"),
            ("nameVarVal", "machineName", "cond", "_name == 'machineName'"),
            ("noValue", "1", "cond", "!isBound(Var1)"),
            ("eventDataHasField", "Var1", "cond", "has(_event.data, 'Var1')"),
            ("eventDataHasField", "'a b'", "cond", "has(_event.data, 'a b')"),
            ("eventLanguageMatchesDatamodel", "", "cond", "isBound(_event)"),
            ("arrayVal", "1 0", "cond", "Var1[0][0] == 0 && Var1[0][1] == 0 && Var1[1][0] == 0 && Var1[1][1] == 0"),
            ("eventIsExternal", "", "cond", "_event.type == 'external'"),
            ("msgIsBody", "", "cond", "contains(_event.raw, '\\n\\naddress=')"),
            ("idVal", "1=1", "cond", "Var1 == 1"),
            ("idVal", "4<=0", "cond", "Var4 <= 0"),
            ("idQuoteVal", "1=http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "cond", "Var1 == 'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'"),
            ("compareIDVal", "1<2", "cond", "Var1 < Var2"),
            ("namelistIdVal", "1=1", "cond", "Var1 == 1"),
            ("eventvarVal", "1=1", "cond", "_event.data.Var1 == 1"),
            ("idSystemVarVal", "1=_sessionid", "cond", "Var1 == _sessionid"),
            ("VarEqVar", "1 2", "cond", "Var1 == Var2"),
            ("VarEqVarStruct", "1 2", "cond", "Var1 == Var2"),
            (
                "varPrefix", "2 1", "cond",
                "Var2 == '' || (isBound(Var2) && isBound(Var1) && Var2 != null && Var1 != null && startsWith(text(Var1), text(Var2)))"
            ),
            ("eventdataVal", "'foo'", "cond", "_event.data == 'foo'"),
            ("eventdataVal", "123", "cond", "_event.data == 123"),
            ("emptyEventData", "", "cond", "!isBound(_event.data)"),
            ("isBound", "4", "cond", "isBound(Var4)"),
            ("unboundVar", "2", "cond", "!isBound(Var2)"),
            ("systemVarIsBound", "_event", "cond", "isBound(_event)"),
            ("inState", "s1", "cond", "In('s1')"),
            ("nonBoolean", "", "cond", "7"),
            ("true", "", "cond", "true"),
            ("false", "", "cond", "false"),
            (
                "eventFieldsAreBound", "", "cond",
                "has(_event, 'name') && has(_event, 'type') && has(_event, 'sendid') && has(_event, 'origin') && "
                    + "has(_event, 'origintype') && has(_event, 'invokeid') && has(_event, 'data')"
            ),
            ("eventFieldHasNoValue", "sendid", "cond", "!isBound(_event.sendid)"),
            ("originTypeEq", "http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "cond", "_event.origintype == 'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'"),
            ("methodIsPost", "", "cond", "contains(_event.raw, 'POST')"),
            ("messageBodyEquals", "this+is+some+content", "cond", "contains(_event.raw, 'this+is+some+content')"),
            ("eventIdParamHasValue", "1 2", "cond", "contains(_event.raw, 'Var1=2')"),
            ("eventNamedParamHasValue", "param1 1", "cond", "contains(_event.raw, 'param1=1')"),
]

@Suite("W3C conformance markup: the catalog of items")
struct ConformanceCatalogTests {
    @Test("The catalog has the 110 templates of confEcma.xsl, each name once per kind")
    func catalogShape() {
        let catalog = ConformanceItem.catalog
        #expect(catalog.count == 110)
        #expect(catalog.filter(\.isElement).count == 15)
        #expect(Set(catalog.map { $0.isElement ? "<" + $0.name : $0.name }).count == catalog.count)
    }

    @Test("Every attribute item of the catalog has a case in the statecraft table, testOnServer aside")
    func everyAttributeIsTested() {
        let tested = Set(statecraftAttributeCases.map(\.0)).union(["testOnServer"])
        let catalog = Set(ConformanceItem.catalog.filter { !$0.isElement }.map(\.name))
        #expect(tested == catalog)
    }

    @Test("Every element item of the catalog translates for the statecraft datamodel", arguments: ConformanceItem.catalog.filter(\.isElement))
    func everyElementTranslates(entry: ConformanceItem.Entry) throws {
        let test = try conformanceDocument(#"<onentry><conf:\#(entry.name) id="1" id1="1" id2="2" name="e"/></onentry>"#)
        let translated = try ConformanceMarkup.translate(test)
        #expect(ConformanceMarkup.items(in: translated).isEmpty)
        #expect(translated.elements[0].children.isEmpty == (entry.name == "setUpHTTPTest"))
    }

    @Test("Every attribute item of the catalog has a case in the ecmascript table")
    func everyAttributeIsTestedForECMAScript() {
        let tested = Set(ECMAScriptConformanceMarkupTests.attributeCases.map(\.item))
        let catalog = Set(ConformanceItem.catalog.filter { !$0.isElement }.map(\.name))
        #expect(tested == catalog)
    }

    @Test("Every element item of the catalog translates for the ecmascript datamodel", arguments: ConformanceItem.catalog.filter(\.isElement))
    func everyElementTranslatesForECMAScript(entry: ConformanceItem.Entry) throws {
        let test = try conformanceDocument(#"<onentry><conf:\#(entry.name) id="1" id1="1" id2="2" name="e"/></onentry>"#)
        let translated = try ConformanceMarkup.translate(test, vocabulary: ECMAScriptVocabulary())
        #expect(ConformanceMarkup.items(in: translated).isEmpty)
        #expect(translated.elements[0].children.isEmpty == (entry.name == "setUpHTTPTest"))
    }

    @Test("An unknown item is refused by every vocabulary, not taken for a datamodel's limit")
    func unknownItems() throws {
        for vocabulary in [StatecraftVocabulary() as any ConformanceVocabulary, NullVocabulary(), ECMAScriptVocabulary()] {
            #expect(translationFailure(try conformanceDocument(#"<send conf:idval="1=1"/>"#), vocabulary: vocabulary)?.code == .unknownItem)
            #expect(translationFailure(try conformanceDocument("<onentry><conf:passed/></onentry>"), vocabulary: vocabulary)?.code == .unknownItem)
        }
    }
}
