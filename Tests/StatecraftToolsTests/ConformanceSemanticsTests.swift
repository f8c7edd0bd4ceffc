@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The translated attribute `name` of the first child of a test made of `body`.
private func translated(_ body: String, _ name: String) throws -> String {
    let element = try ConformanceMarkup.translate(try conformanceDocument(body)).elements[0]
    return try #require(element.attribute(name), "no \(name) in \(element)")
}

@Suite("W3C conformance markup: what the translation means in the statecraft datamodel")
struct ConformanceSemanticsTests {
    /// A model with the variables and system variables the items below read.
    private func model() throws -> SCXMLExpressionDatamodel {
        let model = makeModel(active: ["s1"])
        try model.declare("Var1", value: .number(1))
        try model.declare("Var2", value: .undefined)
        try model.declare("Var3", value: .string("s0.invoke-7"))
        try model.declare("Var4", value: .string("s0."))
        try model.declare("Var5", value: .object([SCXMLMember("a", .number(1)), SCXMLMember("b", .array([.number(2)]))]))
        try model.declare("Var6", value: .object([SCXMLMember("b", .array([.number(2)])), SCXMLMember("a", .number(1))]))
        try model.declare("Var7", value: .string("session-1"))
        model.setSystemVariable("_sessionid", value: .string("session-1"))
        model.setSystemVariable(
            "_ioprocessors",
            value: .object([
                SCXMLMember(
                    "http://www.w3.org/TR/scxml/#SCXMLEventProcessor",
                    .object([SCXMLMember("location", .string("#_scxml_session-1"))])
                ),
                SCXMLMember("scxml", .object([SCXMLMember("location", .string("#_scxml_session-1"))])),
                SCXMLMember("basichttp", .object([SCXMLMember("location", .string("http://localhost:1/s"))])),
            ])
        )
        return model
    }

    @Test(
        "Conditions hold when the test's expectation is met",
        arguments: [
            #"<transition conf:idVal="1=1"/>"#, #"<transition conf:idVal="1&lt;2"/>"#,
            #"<transition conf:namelistIdVal="1=1"/>"#, #"<transition conf:idQuoteVal="3=s0.invoke-7"/>"#,
            #"<if conf:compareIDVal="1&lt;=1"/>"#,
            #"<transition conf:VarEqVar="1 1"/>"#, #"<transition conf:VarEqVarStruct="5 6"/>"#,
            #"<transition conf:varPrefix="4 3"/>"#, #"<transition conf:idSystemVarVal="7=_sessionid"/>"#,
            #"<transition conf:isBound="1"/>"#, #"<transition conf:unboundVar="2"/>"#,
            #"<transition conf:unboundVar="99"/>"#, #"<transition conf:inState="s1"/>"#, #"<transition conf:true=""/>"#,
            #"<transition conf:systemVarIsBound="_sessionid"/>"#,
        ]
    )
    func conditionsHold(body: String) throws {
        let model = try model()
        #expect(try model.evaluateCondition(try translated(body, "cond")))
    }

    @Test(
        "Conditions fail when the expectation is not met",
        arguments: [
            #"<transition conf:idVal="1=2"/>"#, #"<transition conf:VarEqVar="1 3"/>"#, #"<transition conf:varPrefix="3 4"/>"#,
            #"<transition conf:isBound="2"/>"#, #"<transition conf:isBound="99"/>"#, #"<transition conf:unboundVar="1"/>"#,
            #"<transition conf:inState="s2"/>"#, #"<transition conf:false=""/>"#, #"<if conf:systemVarIsBound="_event"/>"#,
        ]
    )
    func conditionsFail(body: String) throws {
        let model = try model()
        #expect(try !model.evaluateCondition(try translated(body, "cond")))
    }

    @Test("A non-boolean condition and an illegal expression are errors")
    func deliberateErrors() throws {
        let model = try model()
        #expect(failure { _ = try model.evaluateCondition(try translated(#"<transition conf:nonBoolean=""/>"#, "cond")) } != nil)
        #expect(failure { _ = try model.evaluate(try translated(#"<assign conf:illegalExpr=""/>"#, "expr")) } != nil)
        #expect(failure { try model.assign(try translated(#"<assign conf:invalidLocation=""/>"#, "location"), value: .number(1)) } != nil)
        #expect(failure { _ = try model.evaluate(try translated(#"<log conf:varNonexistentStruct="1"/>"#, "expr")) } != nil)
        #expect(failure { _ = try model.evaluate(try translated(#"<send conf:invalidNamelist=""/>"#, "namelist")) } != nil)
        let item = try translated(#"<foreach conf:illegalItem=""/>"#, "item")
        #expect(!model.isAssignable(item))
        #expect(failure { try model.declare(item, value: .null) } != nil)
        for location in ["_sessionid", "_event", "_name", "_ioprocessors"] {
            let assigned = try translated(#"<assign conf:systemVarLocation="\#(location)"/>"#, "location")
            #expect(failure { try model.assign(assigned, value: .number(27)) } != nil)
        }
    }

    @Test("Event conditions read _event as a session sets it")
    func eventConditions() throws {
        let model = try model()
        model.setSystemVariable(
            "_event",
            value: eventValue(
                name: "done.state.s0",
                type: "external",
                origintype: .string("http://www.w3.org/TR/scxml/#SCXMLEventProcessor"),
                data: .object([SCXMLMember("Var1", .number(1)), SCXMLMember("aParam", .number(2))])
            )
        )
        for body in [
            #"<transition conf:eventFieldsAreBound=""/>"#, #"<transition conf:eventvarVal="1=1"/>"#,
            #"<transition conf:eventFieldHasNoValue="sendid"/>"#, #"<transition conf:eventFieldHasNoValue="invokeid"/>"#,
            #"<transition conf:originTypeEq="http://www.w3.org/TR/scxml/#SCXMLEventProcessor"/>"#,
            #"<if conf:systemVarIsBound="_event"/>"#,
        ] {
            #expect(try model.evaluateCondition(try translated(body, "cond")), "\(body)")
        }
        #expect(try model.evaluate(try translated(#"<assign conf:eventDataFieldValue="aParam"/>"#, "expr")) == .number(2))
        #expect(try model.evaluate(try translated(#"<assign conf:eventField="type"/>"#, "expr")) == .string("external"))
        #expect(try !model.evaluateCondition(try translated(#"<transition conf:emptyEventData=""/>"#, "cond")))
        model.setSystemVariable("_event", value: eventValue(name: "done.state.s0", data: .string("foo")))
        #expect(try model.evaluateCondition(try translated(#"<transition conf:eventdataVal="'foo'"/>"#, "cond")))
        model.setSystemVariable("_event", value: eventValue(name: "done.state.s0"))
        #expect(try model.evaluateCondition(try translated(#"<transition conf:emptyEventData=""/>"#, "cond")))
        #expect(try !model.evaluateCondition(try translated(#"<transition conf:eventdataVal="123"/>"#, "cond")))
        model.setSystemVariable("_event", value: .object([SCXMLMember("name", .string("partial"))]))
        #expect(try !model.evaluateCondition(try translated(#"<transition conf:eventFieldsAreBound=""/>"#, "cond")))
        model.setSystemVariable("_event", value: .object([SCXMLMember("raw", .string("POST /s HTTP/1.1\n\nVar1=2&param1=1"))]))
        for body in [
            #"<transition conf:methodIsPost=""/>"#, #"<transition conf:eventIdParamHasValue="1 2"/>"#,
            #"<transition conf:eventNamedParamHasValue="param1 1"/>"#,
        ] {
            #expect(try model.evaluateCondition(try translated(body, "cond")), "\(body)")
        }
    }

    @Test("Value items evaluate to what the test expects")
    func values() throws {
        let model = try model()
        let text = "a 'quoted' \\ text\nwith a line"
        #expect(try model.evaluate(ConformanceItemQuoting.quoteExpr(text)) == .string(text))
        #expect(try model.evaluate(try translated(#"<data conf:scxmlEventIOLocation=""/>"#, "expr")) == .string("#_scxml_session-1"))
        #expect(try model.evaluate(try translated(#"<send conf:basicHTTPAccessURITarget=""/>"#, "targetexpr")) == .string("http://localhost:1/s"))
        #expect(try model.evaluate(try translated(#"<send conf:delay=".5"/>"#, "delayexpr")) == .string(".5s"))
        #expect(try model.evaluate(try translated(#"<data conf:systemVarExpr="_sessionid"/>"#, "expr")) == .string("session-1"))
        #expect(try model.evaluate(try translated(#"<data conf:illegalArray=""/>"#, "expr")) == .number(7))
        #expect(model.isAssignable(try translated(#"<send conf:idlocation="2"/>"#, "idlocation")))
    }

    @Test("Value items the W3C's own tests never use evaluate to what the sheet means")
    func moreValues() throws {
        let model = try model()
        model.setSystemVariable(
            "_event", value: eventValue(name: "e", data: .object([SCXMLMember("Var3", .number(3)), SCXMLMember("a b", .number(4))]))
        )
        #expect(try model.evaluate(try translated(#"<data conf:eventDataNamelistValue="3"/>"#, "expr")) == .number(3))
        #expect(try model.evaluate(try translated(#"<data conf:eventDataParamValue="a b"/>"#, "expr")) == .number(4))
        #expect(try model.evaluate(try translated(#"<data conf:arrayExpr123=""/>"#, "expr")) == .array([1, 2, 3].map { .number($0) }))
        let grid = SCXMLValue.array([.array([.string("x"), .string("x")]), .array([.string("x"), .string("x")])])
        #expect(try model.evaluate(try translated(#"<data conf:multiDimensionalArrayExpr="'x'"/>"#, "expr")) == grid)
        #expect(try model.evaluate(try translated(#"<data conf:basicHTTPAccessURI=""/>"#, "expr")) == .string("http://localhost:1/s"))
        #expect(try model.evaluate(try translated(#"<data conf:invalidSessionID=""/>"#, "expr")) != .string("session-1"))
        let raw = try model.evaluate(try translated(#"<log conf:eventRaw=""/>"#, "expr"))
        #expect(raw == .string(#"{"name":"e","type":"internal","sendid":undefined,"origin":undefined,"origintype":undefined,"invokeid":undefined,"data":{"Var3":3,"a b":4}}"#))
        #expect(try model.evaluateCondition(try translated(#"<if conf:eventDataHasField="'a b'"/>"#, "cond")))
        #expect(try !model.evaluateCondition(try translated(#"<if conf:eventDataHasField="Var9"/>"#, "cond")))
        #expect(try model.evaluateCondition(try translated(#"<if conf:eventLanguageMatchesDatamodel=""/>"#, "cond")))
        #expect(try !model.evaluateCondition(try translated(#"<if conf:eventIsExternal=""/>"#, "cond")))
        #expect(try model.evaluateCondition(try translated(#"<if conf:noValue="2"/>"#, "cond")))
        #expect(try !model.evaluateCondition(try translated(#"<if conf:noValue="1"/>"#, "cond")))
    }

    @Test("Before any event there is no event language to match")
    func noEventNoLanguage() throws {
        let model = try model()
        #expect(try !model.evaluateCondition(try translated(#"<if conf:eventLanguageMatchesDatamodel=""/>"#, "cond")))
    }

    @Test("varPrefix compares as text, takes the empty string as a prefix of anything and an absent value as one of nothing")
    func varPrefixEdges() throws {
        let model = makeModel()
        try model.declare("Var1", value: .string(""))
        try model.declare("Var2", value: .null)
        try model.declare("Var3", value: .number(12))
        try model.declare("Var4", value: .number(1))
        try model.declare("Var5", value: .undefined)
        let cases: [(String, Bool)] = [("1 2", true), ("2 3", false), ("4 3", true), ("3 4", false), ("5 3", false), ("4 5", false)]
        for (value, expected) in cases {
            #expect(try model.evaluateCondition(try translated(#"<if conf:varPrefix="\#(value)"/>"#, "cond")) == expected, "\(value)")
        }
    }

    @Test("The Basic HTTP items read the raw message as that processor delivers it: a POST with a form body")
    func rawMessage() throws {
        let model = try model()
        let message = "POST /scxml HTTP/1.1\nHost: localhost\n\nVar1=2&param1=1&_scxmleventname=e\n"
        model.setSystemVariable("_event", value: .object([SCXMLMember("raw", .string(message))]))
        let holding = [
            #"<if conf:methodIsPost=""/>"#, #"<if conf:eventIdParamHasValue="1 2"/>"#,
            #"<if conf:eventNamedParamHasValue="param1 1"/>"#, #"<if conf:messageBodyEquals="param1=1"/>"#,
        ]
        for body in holding {
            #expect(try model.evaluateCondition(try translated(body, "cond")), "\(body)")
        }
        let failing = [
            #"<if conf:eventIdParamHasValue="1 3"/>"#, #"<if conf:eventNamedParamHasValue="param2 1"/>"#,
            #"<if conf:messageBodyEquals="nothing"/>"#, #"<if conf:msgIsBody=""/>"#,
        ]
        for body in failing {
            #expect(try !model.evaluateCondition(try translated(body, "cond")), "\(body)")
        }
        #expect(try model.evaluate(try translated(#"<data conf:getNamedParamVal="param1"/>"#, "expr")) == .string("1&_scxmleventname=e\n"))
        #expect(try model.evaluate(try translated(#"<data conf:getIDParamVal="1"/>"#, "expr")) == .string("2&param1=1&_scxmleventname=e\n"))
        #expect(try model.evaluate(try translated(#"<data conf:getNthParamName="1"/>"#, "expr")) == .string("param1"))
        #expect(try model.evaluate(try translated(#"<data conf:getNthParamVal="0"/>"#, "expr")) == .string("2"))
        #expect(failure { _ = try model.evaluate(try translated(#"<data conf:getNamedParamVal="absent"/>"#, "expr")) } != nil)
        model.setSystemVariable("_event", value: .object([SCXMLMember("raw", .string("POST / HTTP/1.1\n\naddress=http://h/1"))]))
        #expect(try model.evaluateCondition(try translated(#"<if conf:msgIsBody=""/>"#, "cond")))
        #expect(try model.evaluateCondition(try translated(#"<if conf:methodIsPost=""/>"#, "cond")))
        let body = try model.evaluate(try translated(#"<data conf:scxmlEventExpr="'e1'"/>"#, "expr"))
        #expect(body == .string(#"<message xmlns="http://www.w3.org/2005/07/scxml" version="1.0" source="http://localhost:1/s" sourcetype="scxml" name="e1"/>"#))
        let content = try ConformanceMarkup.translate(try conformanceDocument("<send><conf:msgContent/></send>")).elements[0].elements[0]
        #expect(try model.evaluate(try #require(content.attribute("expr"))) == .string("address=http://localhost:1/s"))
    }

    @Test("Element items run as the test expects")
    func elementItems() throws {
        let model = makeModel()
        try model.declare("Var1", value: .number(1))
        try model.declare("Var2", value: .string("#_scxml_"))
        try model.declare("Var3", value: .string("abc"))
        try model.declare("Var4", value: model.value(ofContent: "\n  [1,2,3]\n"))
        let document = try ConformanceMarkup.translate(
            try conformanceDocument(
                #"<conf:incrementID id="1"/><conf:concatVars id1="2" id2="3"/><conf:sumVars id1="1" id2="1"/><conf:extendArray id="4"/>"#
            )
        )
        for assign in document.elements {
            let location = try #require(assign.attribute("location"))
            try model.assign(location, value: try model.evaluate(try #require(assign.attribute("expr"))))
        }
        #expect(model.value(ofVariable: "Var1") == .number(4))
        #expect(model.value(ofVariable: "Var2") == .string("#_scxml_abc"))
        #expect(model.value(ofVariable: "Var4") == .array([1, 2, 3, 4].map { .number($0) }))
        let script = try ConformanceMarkup.translate(try conformanceDocument("<conf:script/>")).elements[0]
        let scripted = makeModel()
        try scripted.run(script: script.text)
        #expect(try scripted.evaluateCondition(try translated(#"<transition conf:idVal="1=1"/>"#, "cond")))
        let content = try ConformanceMarkup.translate(try conformanceDocument("<conf:contentFoo/>")).elements[0]
        #expect(scripted.value(ofContent: content.text) == .string("foo"))
    }
}

/// Reaches the quoting of `conf:quoteExpr` through the public translation.
enum ConformanceItemQuoting {
    static func quoteExpr(_ text: String) throws -> String {
        let element = DocumentElement(
            name: "data",
            namespace: scxmlNamespace,
            attributes: [DocumentAttribute(localName: "quoteExpr", prefix: "conf", namespace: ConformanceMarkup.namespace, value: text)]
        )
        return try #require(try ConformanceMarkup.translate(element).attribute("expr"))
    }
}
