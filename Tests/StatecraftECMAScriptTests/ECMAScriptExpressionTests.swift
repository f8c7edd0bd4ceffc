import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// Value and conditional expressions (SCXML B.2.2, B.2.4).
@Suite("ECMAScript expressions", .needsJavaScriptCore)
struct ECMAScriptExpressionTests {
    @Test("Any ECMAScript expression evaluates, and its value leaves as JSON would")
    func expressionsEvaluate() throws {
        let model = try makeModel()
        #expect(try model.evaluate("1 + 2 * 3") == .number(7))
        #expect(try model.evaluate("'a' + 1") == .string("a1"))
        #expect(try model.evaluate("[1, 2, 3].map(function (x) { return x * 10 })") == .array([.number(10), .number(20), .number(30)]))
        #expect(try model.evaluate("({ a: 1, b: [true, null] })") == .object([
            SCXMLMember("a", .number(1)), SCXMLMember("b", .array([.bool(true), .null])),
        ]))
        #expect(try model.evaluate("undefined") == .undefined)
        #expect(try model.evaluate("new Date(0)") == .string("1970-01-01T00:00:00.000Z"))
        #expect(try model.evaluate("typeof Math.max") == .string("function"))
    }

    @Test("A condition converts its value as ToBoolean does (B.2.2)")
    func conditionsUseToBoolean() throws {
        let model = try makeModel()
        for truthy in ["'foo'", "1", "[]", "({})", "-1", "true"] {
            #expect(try model.evaluateCondition(truthy), "\(truthy)")
        }
        for falsy in ["''", "0", "null", "undefined", "NaN", "false"] {
            #expect(try !model.evaluateCondition(falsy), "\(falsy)")
        }
    }

    @Test("In() is true for active states only")
    func inPredicate() throws {
        let model = try makeModel(active: ["s1", "p"])
        #expect(try model.evaluateCondition("In('s1') && In(\"p\")"))
        #expect(try !model.evaluateCondition("In('s2')"))
        #expect(throws: SCXMLDatamodelError.self) { try model.evaluateCondition("In()") }
    }

    @Test("An error while evaluating carries the exception's message")
    func errorsCarryTheMessage() throws {
        let model = try makeModel()
        let unknown = #expect(throws: SCXMLDatamodelError.self) { try model.evaluate("nothing + 1") }
        #expect(unknown?.message.contains("ReferenceError") == true)
        #expect(unknown?.message.contains("nothing") == true)
        let thrown = #expect(throws: SCXMLDatamodelError.self) { try model.evaluate("(function () { throw new RangeError('too far') })()") }
        #expect(thrown?.message.contains("RangeError: too far") == true)
    }

    @Test("Malformed text is refused, also text that only compiles inside a wrapper")
    func malformedExpressionsAreRefused() throws {
        let model = try makeModel()
        for text in ["return", "1 +", "", "1), (2", "a; b", "}) + ({"] {
            let error = #expect(throws: SCXMLDatamodelError.self, "\(text)") { try model.evaluate(text) }
            #expect(error?.message.contains("is not an ECMAScript expression") == true, "\(text): \(error?.message ?? "")")
        }
    }

    @Test("A value that cannot leave the datamodel is an error that says where it is")
    func unrepresentableValuesAreReported() throws {
        let model = try makeModel()
        let function = #expect(throws: SCXMLDatamodelError.self) { try model.evaluate("({ a: { f: function () {} } })") }
        #expect(function?.message.contains(".a.f is a function") == true, "\(function?.message ?? "")")
        let cycle = #expect(throws: SCXMLDatamodelError.self) { try model.evaluate("(function () { var o = {}; o.self = o; return o })()") }
        #expect(cycle?.message.contains("a cycle") == true, "\(cycle?.message ?? "")")
        let symbol = #expect(throws: SCXMLDatamodelError.self) { try model.evaluate("Symbol('x')") }
        #expect(symbol?.message.contains("symbol") == true)
    }

    @Test("An evaluation that runs too long is stopped with an error, not a hang")
    func runawayEvaluationStops() throws {
        let model = try ECMAScriptEngine.makeDatamodel(
            environment: SCXMLDatamodelEnvironment { _ in false }, limits: ECMAScriptLimits(executionTime: .milliseconds(200))
        )
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "while (true) {}") }
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "try { for (;;) {} } catch (e) {}") }
        // The context is still usable afterwards.
        #expect(try model.evaluate("2 + 2") == .number(4))
    }
}
