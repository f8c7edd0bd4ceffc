import StatecraftSCXML
import Testing

@Suite("Expression language: values and operators")
struct ExpressionLanguageTests {
    @Test(
        "Number literals, decimals and exponents",
        arguments: [
            ("0", 0.0), ("42", 42), ("3.25", 3.25), (".5", 0.5), ("1e3", 1000), ("2.5E-2", 0.025),
            ("1e+2", 100), ("-7", -7), ("9007199254740993", 9_007_199_254_740_992), ("1e-400", 0),
        ]
    )
    func numberLiterals(source: String, expected: Double) throws {
        #expect(try makeModel().evaluate(source) == .number(expected))
    }

    @Test(
        "String literals in either quote, with escapes",
        arguments: [
            ("'abc'", "abc"), ("\"abc\"", "abc"), ("''", ""), (#"'it\'s'"#, "it's"), (#""a\"b""#, "a\"b"),
            (#"'say "hi"'"#, "say \"hi\""), (#"'\n\t\r\\\/'"#, "\n\t\r\\/"), (#"'\u0041\u00e9'"#, "Aé"),
            (#"'\u{1F600}'"#, "😀"), (#"'\uD83D\uDE00'"#, "😀"), ("'日本'", "日本"),
        ]
    )
    func stringLiterals(source: String, expected: String) throws {
        #expect(try makeModel().evaluate(source) == .string(expected))
    }

    @Test("Keywords, array and object literals")
    func compoundLiterals() throws {
        let model = makeModel()
        #expect(try model.evaluate("true") == .bool(true))
        #expect(try model.evaluate("false") == .bool(false))
        #expect(try model.evaluate("null") == .null)
        #expect(try model.evaluate("undefined") == .undefined)
        #expect(try model.evaluate("[]") == .array([]))
        #expect(try model.evaluate("[1, 'a', [true, null],]") == .array([.number(1), .string("a"), .array([.bool(true), .null])]))
        #expect(try model.evaluate("{}") == .object([]))
        #expect(
            try model.evaluate(#"{"a": 1, b: [2], 'c d': {null: false}}"#)
                == .object([
                    SCXMLMember("a", .number(1)),
                    SCXMLMember("b", .array([.number(2)])),
                    SCXMLMember("c d", .object([SCXMLMember("null", .bool(false))])),
                ])
        )
        try model.declare("x", value: .number(5))
        #expect(try model.evaluate("[x, x + 1]") == .array([.number(5), .number(6)]))
        #expect(try model.evaluate("{v: x}") == .object([SCXMLMember("v", .number(5))]))
    }

    @Test("Member and index access")
    func memberAndIndex() throws {
        let model = makeModel()
        try model.declare(
            "order",
            value: .object([
                SCXMLMember("lines", .array([.object([SCXMLMember("price", .number(3))]), .object([SCXMLMember("price", .number(4))])])),
                SCXMLMember("status", .string("open")),
            ])
        )
        try model.declare("i", value: .number(1))
        #expect(try model.evaluate("order.status") == .string("open"))
        #expect(try model.evaluate("order['status']") == .string("open"))
        #expect(try model.evaluate("order.lines[0].price") == .number(3))
        #expect(try model.evaluate("order.lines[i].price") == .number(4))
        #expect(try model.evaluate("order.lines[i - 1]['price'] * 2") == .number(6))
        #expect(try model.evaluate("'abc'[1]") == .string("b"))
        #expect(try model.evaluate("[10, 20][1]") == .number(20))
        #expect(try model.evaluate("{a: {b: 7}}.a.b") == .number(7))
        #expect(try model.evaluate("concat([1], [2])[1]") == .number(2))
        #expect(try model.evaluate("order.lines[-0].price") == .number(3))
    }

    @Test("Arithmetic and precedence")
    func arithmetic() throws {
        let model = makeModel()
        let cases: [(String, Double)] = [
            ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("2 * 3 % 4", 2), ("7 / 2", 3.5),
            ("-7 % 3", -1), ("7.5 % 2", 1.5), ("1 - -1", 2), ("-2 * 3", -6), ("- (2 + 3)", -5), ("24 / 4 / 3", 2),
            ("2 + 3 * 4 - 6 / 2", 11),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .number(expected), "\(source)")
        }
    }

    @Test("'+' joins text when either side is a string")
    func concatenation() throws {
        let model = makeModel()
        let cases: [(String, String)] = [
            ("'a' + 'b'", "ab"), ("'a' + 1", "a1"), ("1 + 'a'", "1a"), ("'x' + 1.5", "x1.5"), ("'v' + true", "vtrue"),
            ("'n' + null", "nnull"), ("'u' + undefined", "uundefined"), ("'arr' + [1, 'b']", #"arr[1,"b"]"#),
            ("'o' + {a: 1}", #"o{"a":1}"#), ("1 + 2 + 'a'", "3a"), ("'a' + 1 + 2", "a12"), ("'' + 1e21", "1e+21"),
            ("'' + -0", "0"),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .string(expected), "\(source)")
        }
    }

    @Test("Equality is structural and never converts between kinds")
    func equality() throws {
        let model = makeModel()
        try model.declare("nothing", value: .undefined)
        let cases: [(String, Bool)] = [
            ("1 == 1.0", true), ("1 == '1'", false), ("'1' != 1", true), ("null == undefined", false),
            ("undefined == undefined", true), ("nothing == undefined", true), ("null == null", true),
            ("true == 1", false), ("[1, [2]] == [1, [2]]", true), ("[1, 2] == [2, 1]", false),
            ("{a: 1, b: 2} == {b: 2, a: 1}", true), ("{a: 1} == {a: 1, b: 2}", false), ("{a: [1]} != {a: [1]}", false),
            ("'é' == 'e\u{301}'", true), ("0 == -0", true), ("[] == {}", false),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .bool(expected), "\(source)")
        }
    }

    @Test("Ordering compares two numbers or two strings")
    func ordering() throws {
        let model = makeModel()
        let cases: [(String, Bool)] = [
            ("1 < 2", true), ("2 <= 2", true), ("3 > 2.5", true), ("2 >= 3", false), ("'a' < 'b'", true),
            ("'b' <= 'a'", false), ("'abc' > 'abd'", false), ("1 < 2 == true", true), ("1 + 1 < 3 - 0", true),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .bool(expected), "\(source)")
        }
        #expect(failure { _ = try model.evaluate("1 < '2'") }?.message.contains("compares two numbers or two strings") == true)
        #expect(failure { _ = try model.evaluate("null < 1") } != nil)
    }

    @Test("'&&' and '||' need booleans and short-circuit")
    func logic() throws {
        let model = makeModel()
        #expect(try model.evaluate("true && false") == .bool(false))
        #expect(try model.evaluate("false || true") == .bool(true))
        #expect(try model.evaluate("true && true && true") == .bool(true))
        #expect(try model.evaluate("false || false || false") == .bool(false))
        #expect(try model.evaluate("false && nosuch") == .bool(false))
        #expect(try model.evaluate("true || nosuch.member") == .bool(true))
        #expect(try model.evaluate("1 + 2 == 3 && 2 < 3 || false") == .bool(true))
        #expect(try model.evaluate("false && true || true") == .bool(true))
        #expect(try model.evaluate("true || true && false") == .bool(true))
        #expect(try model.evaluate("!false == true") == .bool(true))
        #expect(try model.evaluate("!!false") == .bool(false))
        let error = failure { _ = try model.evaluate("true && 1") }
        #expect(error?.message == "'&&' needs a boolean, but '1' is a number")
        #expect(error?.offset == 8)
        #expect(failure { _ = try model.evaluate("1 || true") }?.offset == 0)
        #expect(failure { _ = try model.evaluate("!1") }?.message == "'!' needs a boolean, but '1' is a number")
        #expect(failure { _ = try model.evaluate("-'a'") }?.message == "'-' needs a number, but ''a'' is a string")
    }

    @Test("The conditional operator")
    func conditional() throws {
        let model = makeModel()
        #expect(try model.evaluate("true ? 1 : 2") == .number(1))
        #expect(try model.evaluate("false ? 1 : 2") == .number(2))
        #expect(try model.evaluate("false ? 1 : true ? 2 : 3") == .number(2))
        #expect(try model.evaluate("true ? false ? 1 : 2 : 3") == .number(2))
        #expect(try model.evaluate("1 < 2 ? 'yes' : 'no'") == .string("yes"))
        #expect(try model.evaluate("true ? 1 : nosuch") == .number(1))
        #expect(try model.evaluate("(true ? 1 : 2) + 10") == .number(11))
        #expect(failure { _ = try model.evaluate("1 ? 2 : 3") }?.message == "'?:' needs a boolean, but '1' is a number")
    }

    @Test("Variables and system variables are read by name")
    func variables() throws {
        let model = makeModel()
        try model.declare("Var1", value: .number(1))
        model.setSystemVariable("_sessionid", value: .string("s-1"))
        model.setSystemVariable("_event", value: eventValue(name: "go", data: .object([SCXMLMember("n", .number(2))])))
        #expect(try model.evaluate("Var1") == .number(1))
        #expect(try model.evaluate("_sessionid") == .string("s-1"))
        #expect(try model.evaluate("_event.name") == .string("go"))
        #expect(try model.evaluate("_event.data.n + Var1") == .number(3))
        #expect(try model.evaluate("_event.sendid") == .undefined)
        #expect(model.value(ofVariable: "Var1") == .number(1))
        #expect(model.value(ofVariable: "_sessionid") == .string("s-1"))
        #expect(model.value(ofVariable: "nosuch") == nil)
    }

    @Test("A cached expression sees the variables' current values")
    func cachedExpressionsReadCurrentValues() throws {
        let model = makeModel()
        try model.declare("n", value: .number(1))
        #expect(try model.evaluate("n * 10") == .number(10))
        try model.assign("n", value: .number(2))
        #expect(try model.evaluate("n * 10") == .number(20))
        let first = failure { _ = try model.evaluate("n +") }
        let second = failure { _ = try model.evaluate("n +") }
        #expect(first != nil)
        #expect(first == second)
    }

    @Test("Conditions must be booleans")
    func conditions() throws {
        let model = makeModel(active: ["s1"])
        #expect(try model.evaluateCondition("In('s1')"))
        #expect(try !model.evaluateCondition("In(\"s2\")"))
        #expect(try model.evaluateCondition("1 < 2"))
        let error = failure { _ = try model.evaluateCondition("7") }
        #expect(error?.message == "the condition '7' is a number, not a boolean")
        #expect(failure { _ = try model.evaluateCondition("'true'") } != nil)
        #expect(failure { _ = try model.evaluateCondition("null") } != nil)
    }
}
