import StatecraftSCXML
import Testing

@Suite("Expression language: errors name the culprit and where it is")
struct ExpressionErrorTests {
    /// A model with a number `x`, an array `a` of three numbers and an object `o`.
    private func model() throws -> SCXMLExpressionDatamodel {
        let model = makeModel()
        try model.declare("x", value: .number(1))
        try model.declare("a", value: .array([.number(1), .number(2), .number(3)]))
        try model.declare("o", value: .object([SCXMLMember("k", .string("v"))]))
        return model
    }

    @Test(
        "Evaluation errors",
        arguments: [
            ("Var9 + 1", "unknown variable 'Var9'", 0),
            ("1 + Var9", "unknown variable 'Var9'", 4),
            ("x.bar", "'x' is a number, not an object, so it has no member 'bar'", 1),
            ("o.missing", "'o' has no member 'missing'", 1),
            ("o['missing']", "'o' has no member 'missing'", 1),
            ("o[1]", "an object's members are selected by string, but '1' is a number", 2),
            ("a[5]", "the index 5 is out of range: 'a' has 3 elements", 2),
            ("a[-1]", "the index -1 is out of range: 'a' has 3 elements", 2),
            ("a[1.5]", "the index 1.5 is not a whole number", 2),
            ("a['k']", "an index must be a number, but ''k'' is a string", 2),
            ("a[0].z", "'a[0]' is a number, not an object, so it has no member 'z'", 4),
            ("x[0]", "'x' is a number; only arrays, objects and strings can be indexed", 1),
            ("1 + true", "'+' adds two numbers or joins a value to a string, but here it has a number and a boolean", 2),
            ("[1] + [2]", "'+' adds two numbers or joins a value to a string, but here it has an array and an array", 4),
            ("'a' - 1", "'-' needs two numbers, but here it has a string and a number", 4),
            ("x * null", "'*' needs two numbers, but here it has a number and null", 2),
            ("1 / 0", "division by zero", 2),
            ("5 % 0", "division by zero", 2),
            ("1e308 * 10", "the result of '*' is too large", 6),
            ("-1e308 - 1e308", "the result of '-' is too large", 7),
            ("_event.name", "the system variable '_event' is not bound yet", 0),
        ]
    )
    func evaluationErrors(source: String, message: String, offset: Int) throws {
        let error = failure { _ = try self.model().evaluate(source) }
        #expect(error?.message == message)
        #expect(error?.offset == offset)
    }

    @Test(
        "Syntax errors",
        arguments: [
            ("", "the expression is empty", 0),
            ("   ", "the expression is empty", 0),
            ("1 +", "the expression ends where a value is expected", 3),
            ("(1", "expected ')', found the end (to close the '(' at character 1)", 2),
            ("[1, 2", "expected ']', found the end (to close the '[' at character 1)", 5),
            ("{a 1}", "expected ':', found the number 1", 3),
            ("{a: 1, a: 2}", "the object names the member 'a' twice", 7),
            ("1 2", "unexpected the number 2 after the expression", 2),
            ("a b", "unexpected 'b' after the expression", 2),
            ("x = 1", "unexpected '=' after the expression", 2),
            ("a === b", "'===' is not an operator; use '==', which never converts between kinds", 2),
            ("a !== b", "'!==' is not an operator; use '!=', which never converts between kinds", 2),
            ("a & b", "'&' is not an operator; use '&&'", 2),
            ("'abc", "the string has no closing '", 0),
            (#"'\q'"#, #"unknown escape sequence '\q'; use \\ for a backslash"#, 1),
            (#"'\u12'"#, #"invalid \u escape: write \u and four hexadecimal digits, or \u{…}"#, 1),
            (#"'\uD800'"#, #"invalid \u escape: write \u and four hexadecimal digits, or \u{…}"#, 1),
            (#"'\u{110000}'"#, #"invalid \u escape: write \u and four hexadecimal digits, or \u{…}"#, 1),
            ("1e", "a number's exponent needs digits", 1),
            ("12abc", "unexpected 'a' after a number", 2),
            ("1e999", "the number 1e999 is too large", 0),
            ("a.", "expected a member name after '.', found the end", 2),
            ("#", "unexpected character '#'", 0),
            ("var x", "'var' declares a variable and may only start a script statement", 0),
            (")", "expected a value, found ')'", 0),
        ]
    )
    func syntaxErrors(source: String, message: String, offset: Int) throws {
        let error = failure { _ = try self.model().evaluate(source) }
        #expect(error?.message == message)
        #expect(error?.offset == offset)
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(expression: source) } == error)
    }

    @Test("Offsets count characters, not Unicode scalars")
    func offsetsCountCharacters() throws {
        // "e" + U+0301 is two scalars but one character.
        let error = failure { _ = try makeModel().evaluate("'e\u{301}' + nosuch") }
        #expect(error?.offset == 6)
        #expect(error?.description == "unknown variable 'nosuch' (at character 7)")
        let syntax = failure { _ = try makeModel().evaluate("'😀👍🏽' +") }
        #expect(syntax?.offset == 6)
    }

    @Test("A well-formed expression passes the syntax check without variables")
    func syntaxCheckIgnoresVariables() throws {
        try SCXMLExpressionDatamodel.checkSyntax(expression: "nosuch.a[other] + 1")
        try SCXMLExpressionDatamodel.checkSyntax(location: "nosuch.a[other]")
        try SCXMLExpressionDatamodel.checkSyntax(script: "var a = 1\nb.c = a")
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(location: "1") } != nil)
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(script: "a = ") } != nil)
    }
}
