import StatecraftSCXML
import Testing

@Suite("Expression datamodel: inline content and the text form of values")
struct ContentAndTextTests {
    @Test(
        "Content that is a constant becomes that value",
        arguments: [
            ("123", SCXMLValue.number(123)), (" 123 \n", .number(123)), ("-5", .number(-5)), ("2.5e3", .number(2500)),
            ("'foo'", .string("foo")), (#""a  b""#, .string("a  b")), ("true", .bool(true)), ("null", .null),
            ("[1,2,3]", .array([.number(1), .number(2), .number(3)])),
            ("\n    [1, 2, 3]\n    ", .array([.number(1), .number(2), .number(3)])),
            (#"{"a": 1, "b": [true, null]}"#, .object([SCXMLMember("a", .number(1)), SCXMLMember("b", .array([.bool(true), .null]))])),
            ("{a: 'x'}", .object([SCXMLMember("a", .string("x"))])),
        ]
    )
    func constants(text: String, expected: SCXMLValue) {
        #expect(makeModel().value(ofContent: text) == expected)
    }

    @Test(
        "Other content is a string with whitespace normalized",
        arguments: [
            ("foo", "foo"), ("\nthis  is \na string \n", "this is a string"), ("1 + 2", "1 + 2"),
            ("undefined", "undefined"), ("[1, x]", "[1, x]"), ("", ""), (" \n\t ", ""), ("<books/>", "<books/>"),
            ("this is some content", "this is some content"), ("a\u{A0}b", "a\u{A0}b"), ("'unterminated", "'unterminated"),
        ]
    )
    func strings(text: String, expected: String) {
        #expect(makeModel().value(ofContent: text) == .string(expected))
    }

    @Test("Content does not read variables")
    func contentIsNotEvaluated() throws {
        let model = makeModel()
        try model.declare("x", value: .number(1))
        #expect(model.value(ofContent: "x") == .string("x"))
        #expect(model.value(ofContent: "[x]") == .string("[x]"))
    }

    @Test(
        "The text form of values",
        arguments: [
            (SCXMLValue.number(1), "1"), (.number(-0.0), "0"), (.number(-20), "-20"), (.number(0.5), "0.5"),
            (.number(1e20), "1e+20"), (.number(9_007_199_254_740_992), "9007199254740992"), (.number(1e16), "1e+16"),
            (.number(9_007_199_254_740_991), "9007199254740991"), (.number(.nan), "nan"), (.number(-.infinity), "-inf"),
            (.string("a\"b"), "a\"b"), (.bool(true), "true"), (.null, "null"), (.undefined, "undefined"),
            (.array([.number(1), .string("a\"\n"), .undefined]), #"[1,"a\"\n",undefined]"#),
            (.object([SCXMLMember("k", .object([])), SCXMLMember("l", .array([]))]), #"{"k":{},"l":[]}"#),
            (.string("\u{1}"), "\u{1}"), (.array([.string("\u{1}")]), #"["\u0001"]"#),
        ]
    )
    func textForm(value: SCXMLValue, expected: String) {
        #expect(value.description == expected)
    }
}
