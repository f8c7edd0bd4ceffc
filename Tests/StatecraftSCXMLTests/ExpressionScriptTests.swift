import StatecraftSCXML
import Testing

@Suite("Expression datamodel: scripts")
struct ExpressionScriptTests {
    @Test("Statements run in order, separated by ';' or line breaks")
    func statements() throws {
        let model = makeModel()
        try model.run(
            script: """
                var total = 0  // running sum
                var items = [1, 2, 3];total = total + items[0]
                total = total + items[1]; total = total + items[2];;
                var label = 'total: ' +
                    total
                items[3] = {name: 'four',
                            value: 4}
                items[3].value = items[3].value * 10
                """
        )
        #expect(model.value(ofVariable: "total") == .number(6))
        #expect(model.value(ofVariable: "label") == .string("total: 6"))
        #expect(try model.evaluate("items[3]") == .object([SCXMLMember("name", .string("four")), SCXMLMember("value", .number(40))]))
    }

    @Test("'var' creates, replaces, or keeps a variable")
    func declarations() throws {
        let model = makeModel()
        try model.declare("kept", value: .number(1))
        try model.declare("replaced", value: .number(1))
        try model.run(script: "var kept\nvar replaced = 2\nvar fresh")
        #expect(model.value(ofVariable: "kept") == .number(1))
        #expect(model.value(ofVariable: "replaced") == .number(2))
        #expect(model.value(ofVariable: "fresh") == .undefined)
        try model.run(script: "var Var1 = 1")
        #expect(try model.evaluateCondition("Var1 == 1"))
    }

    @Test("A syntax error runs nothing; a failing statement stops the script")
    func failures() throws {
        let model = makeModel()
        try model.declare("n", value: .number(0))
        let syntax = failure { try model.run(script: "n = 1\nn = ") }
        #expect(syntax?.message == "the expression ends where a value is expected")
        #expect(syntax?.offset == 10)
        #expect(model.value(ofVariable: "n") == .number(0))
        let runtime = failure { try model.run(script: "n = 1; n = nosuch; n = 3") }
        #expect(runtime?.message == "unknown variable 'nosuch'")
        #expect(runtime?.offset == 11)
        #expect(model.value(ofVariable: "n") == .number(1))
        #expect(failure { try model.run(script: "undeclared = 1") }?.message == "unknown variable 'undeclared': declare it with <data> before assigning to it")
    }

    @Test(
        "Malformed scripts",
        arguments: [
            ("a = 1 b = 2", "expected ';' or a line break after the statement, found 'b'"),
            ("1 + 1", "expected a variable, found the number 1: a statement is 'location = expression' or 'var name = expression'"),
            ("a", "expected '=' after the location, found the end: a statement is 'location = expression' or 'var name = expression'"),
            ("a == 1", "expected '=' after the location, found '==': a statement is 'location = expression' or 'var name = expression'"),
            ("var 1 = 2", "expected a variable name after 'var', found the number 1"),
            ("var true = 2", "expected a variable name after 'var', found 'true'"),
            ("f(1) = 2", "a function call is not a location: a statement is 'location = expression' or 'var name = expression'"),
        ]
    )
    func malformed(script: String, message: String) {
        let model = makeModel()
        #expect(failure { try model.run(script: script) }?.message == message)
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(script: script) }?.message == message)
    }

    @Test("An empty script, or one of comments, does nothing")
    func emptyScripts() throws {
        let model = makeModel()
        try model.run(script: "")
        try model.run(script: "  \n ; // nothing\n")
        #expect(model.value(ofVariable: "nothing") == nil)
    }
}
