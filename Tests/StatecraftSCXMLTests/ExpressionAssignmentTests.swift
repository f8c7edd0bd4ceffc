import StatecraftSCXML
import Testing

@Suite("Expression datamodel: locations, assignment and declarations")
struct ExpressionAssignmentTests {
    @Test("Assigning needs a declared variable")
    func declaredVariablesOnly() throws {
        let model = makeModel()
        let error = failure { try model.assign("nope", value: .number(1)) }
        #expect(error?.message == "unknown variable 'nope': declare it with <data> before assigning to it")
        #expect(error?.offset == 0)
        #expect(!model.isAssignable("nope"))
        #expect(model.value(ofVariable: "nope") == nil)
        try model.declare("yes", value: .undefined)
        #expect(model.isAssignable("yes"))
        try model.assign("yes", value: .string("v"))
        #expect(model.value(ofVariable: "yes") == .string("v"))
    }

    @Test("A member is set, or added when the object has none of that name")
    func members() throws {
        let model = makeModel()
        try model.declare("o", value: .object([SCXMLMember("a", .number(1)), SCXMLMember("in", .object([]))]))
        try model.assign("o.a", value: .number(2))
        try model.assign("o.b", value: .number(3))
        try model.assign("o['c d']", value: .number(4))
        try model.assign("o.in.deep", value: .bool(true))
        #expect(
            model.value(ofVariable: "o")
                == .object([
                    SCXMLMember("a", .number(2)),
                    SCXMLMember("in", .object([SCXMLMember("deep", .bool(true))])),
                    SCXMLMember("b", .number(3)),
                    SCXMLMember("c d", .number(4)),
                ])
        )
        #expect(failure { try model.assign("o.missing.x", value: .null) }?.message == "'o' has no member 'missing'")
        #expect(
            failure { try model.assign("o.a.x", value: .null) }?.message
                == "'o.a' is a number, not an object, so it has no member 'x' to assign"
        )
        #expect(!model.isAssignable("o.missing.x"))
        #expect(model.isAssignable("o.brandNew"))
    }

    @Test("An array index in range sets, the count appends, anything else fails")
    func arrayIndices() throws {
        let model = makeModel()
        try model.declare("a", value: .array([.number(1), .number(2)]))
        try model.declare("i", value: .number(0))
        try model.assign("a[i]", value: .number(10))
        try model.assign("a[2]", value: .number(30))
        #expect(model.value(ofVariable: "a") == .array([.number(10), .number(2), .number(30)]))
        #expect(model.isAssignable("a[3]"))
        #expect(!model.isAssignable("a[4]"))
        #expect(model.value(ofVariable: "a") == .array([.number(10), .number(2), .number(30)]))
        let tooFar = failure { try model.assign("a[4]", value: .null) }
        #expect(tooFar?.message == "the index 4 is out of range: 'a' has 3 elements")
        #expect(tooFar?.offset == 2)
        #expect(failure { try model.assign("a[-1]", value: .null) } != nil)
        #expect(failure { try model.assign("a[0.5]", value: .null) }?.message == "the index 0.5 is not a whole number")
        #expect(failure { try model.assign("a['x']", value: .null) }?.message == "an index must be a number, but ''x'' is a string")
        #expect(failure { try model.assign("a[nosuch]", value: .null) }?.message == "unknown variable 'nosuch'")
        #expect(model.value(ofVariable: "a") == .array([.number(10), .number(2), .number(30)]))
    }

    @Test("Nested arrays and objects change in place, and values are copies")
    func nestedAndCopied() throws {
        let model = makeModel()
        try model.declare(
            "grid",
            value: .array([.array([.number(0), .number(0)]), .object([SCXMLMember("cells", .array([]))])])
        )
        try model.assign("grid[0][1]", value: .number(5))
        try model.assign("grid[1].cells[0]", value: .string("x"))
        try model.assign("grid[1]['cells'][1]", value: .string("y"))
        #expect(try model.evaluate("grid") == .array([
            .array([.number(0), .number(5)]),
            .object([SCXMLMember("cells", .array([.string("x"), .string("y")]))]),
        ]))
        try model.declare("copy", value: .undefined)
        try model.assign("copy", value: try model.evaluate("grid"))
        try model.assign("grid[0][0]", value: .number(9))
        #expect(try model.evaluate("copy[0][0]") == .number(0))
        #expect(try model.evaluate("grid[0][0]") == .number(9))
    }

    @Test("Strings and scalars have no assignable parts")
    func scalarsHaveNoParts() throws {
        let model = makeModel()
        try model.declare("s", value: .string("abc"))
        try model.declare("n", value: .number(1))
        #expect(failure { try model.assign("s[0]", value: .string("x")) }?.message == "'s' is a string; the characters of a string cannot be assigned")
        #expect(failure { try model.assign("n[0]", value: .null) }?.message == "'n' is a number; only parts of arrays and objects can be assigned")
        #expect(failure { try model.assign("n.x", value: .null) } != nil)
        #expect(model.value(ofVariable: "s") == .string("abc"))
    }

    @Test(
        "Malformed locations",
        arguments: [
            ("", "expected a variable, found nothing: a location is a variable, then any .member and [index] parts"),
            ("1", "expected a variable, found the number 1: a location is a variable, then any .member and [index] parts"),
            ("'continue'", "expected a variable, found a string: a location is a variable, then any .member and [index] parts"),
            ("true", "expected a variable, found 'true': a location is a variable, then any .member and [index] parts"),
            ("a +", "unexpected '+' after the location"),
            ("a.", "expected a member name after '.', found the end"),
            ("f(x)", "a function call is not a location: a location is a variable, then any .member and [index] parts"),
            ("foo.bar.baz ", "unknown variable 'foo': declare it with <data> before assigning to it"),
            (#""foo"#, "the string has no closing \""),
        ]
    )
    func malformedLocations(location: String, message: String) throws {
        let model = makeModel()
        try model.declare("a", value: .object([]))
        #expect(failure { try model.assign(location, value: .null) }?.message == message)
        #expect(!model.isAssignable(location))
    }

    @Test("System variables are read-only and cannot be declared")
    func systemVariables() throws {
        let model = makeModel()
        model.setSystemVariable("_event", value: eventValue(name: "e"))
        model.setSystemVariable("_ioprocessors", value: .object([SCXMLMember("scxml", .object([SCXMLMember("location", .string("#_scxml_1"))]))]))
        for location in ["_event", "_event.name", "_event.data", "_sessionid", "_name", "_ioprocessors.scxml.location"] {
            let error = failure { try model.assign(location, value: .number(27)) }
            #expect(error?.message.hasSuffix("is read-only: only the session sets system variables") == true, "\(location)")
            #expect(!model.isAssignable(location))
        }
        #expect(failure { try model.declare("_event", value: .null) }?.message == "'_event' is a system variable and cannot be declared")
        #expect(failure { try model.run(script: "var _name = 1") }?.message == "'_name' is read-only: only the session sets system variables")
        #expect(failure { try model.run(script: "_sessionid = 'x'") } != nil)
        #expect(try model.evaluate("_event.name") == .string("e"))
        model.setSystemVariable("notSystem", value: .number(1))
        #expect(model.value(ofVariable: "notSystem") == nil)
        #expect(failure { _ = try model.evaluate("notSystem") }?.message == "unknown variable 'notSystem'")
    }

    @Test("declare() checks names and replaces values")
    func declarations() throws {
        let model = makeModel()
        for name in ["1a", "a-b", "", "true", "var", "a b", "a.b", "x[0]"] {
            #expect(failure { try model.declare(name, value: .null) }?.message.contains("cannot name a variable") == true, "\(name)")
        }
        try model.declare("Var1", value: .number(1))
        try model.declare("Var1", value: .number(2))
        try model.declare("_private", value: .bool(true))
        try model.declare("données", value: .string("ok"))
        #expect(try model.evaluate("Var1") == .number(2))
        #expect(try model.evaluate("données") == .string("ok"))
        try model.declare("u", value: .undefined)
        #expect(try model.evaluate("u") == .undefined)
        #expect(try model.evaluate("u == undefined") == .bool(true))
        #expect(try model.evaluate("typeof(u)") == .string("undefined"))
    }

    @Test("A foreach item that is not declared yet is declared, an illegal one refused")
    func foreachItemPattern() throws {
        // What a session does for <foreach item="…">: assign when it can, declare otherwise.
        let model = makeModel()
        func bind(_ item: String, _ value: SCXMLValue) throws(SCXMLDatamodelError) {
            if model.isAssignable(item) { try model.assign(item, value: value) } else { try model.declare(item, value: value) }
        }
        try bind("Var4", .number(1))
        try bind("Var4", .number(2))
        #expect(model.value(ofVariable: "Var4") == .number(2))
        #expect(failure { try bind("'continue'", .number(1)) } != nil)
    }
}
