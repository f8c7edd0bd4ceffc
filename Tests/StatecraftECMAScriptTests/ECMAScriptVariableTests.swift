import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// `<data>` variables and location expressions (SCXML B.2.1, B.2.3, 5.3, 5.4).
@Suite("ECMAScript variables and locations", .needsJavaScriptCore)
struct ECMAScriptVariableTests {
    @Test("A declared variable is a global ECMAScript variable")
    func declaredVariablesAreGlobals() throws {
        let model = try makeModel()
        try model.declare("count", value: .number(1))
        try model.declare("items", value: .array([.string("a")]))
        #expect(try model.evaluate("++count") == .number(2))
        #expect(try model.evaluate("globalThis.count") == .number(2))
        #expect(try model.evaluateCondition("items instanceof Array && items.length === 1"))
        try model.declare("count", value: .string("again"))
        #expect(try model.evaluate("count") == .string("again"))
    }

    @Test("Names that cannot be ECMAScript variables, system variables and In are refused")
    func badNamesAreRefused() throws {
        let model = try makeModel()
        for name in ["'continue'", "continue", "1a", "a b", "a; b", "", "_event", "_sessionid", "_name", "_ioprocessors", "In", "undefined"] {
            #expect(throws: SCXMLDatamodelError.self, "\(name)") { try model.declare(name, value: .number(1)) }
        }
        #expect(throws: Never.self) { try model.declare("$dollar", value: .null) }
        #expect(throws: Never.self) { try model.declare("größe", value: .null) }
    }

    @Test("Assigning to a variable nobody declared is an error, not a new global (5.4)")
    func undeclaredLocationIsAnError() throws {
        let model = try makeModel()
        let error = #expect(throws: SCXMLDatamodelError.self) { try model.assign("nobody", value: .number(1)) }
        #expect(error?.message.contains("ReferenceError") == true, "\(error?.message ?? "")")
        #expect(try model.evaluate("typeof nobody") == .string("undefined"))
        #expect(throws: SCXMLDatamodelError.self) { try model.assign("foo.bar.baz ", value: .number(1)) }
        #expect(throws: SCXMLDatamodelError.self) { try model.assign("1 + 1", value: .number(1)) }
        #expect(!model.isAssignable("nobody"))
    }

    @Test("Members and elements of declared values are locations")
    func membersAndElementsAreLocations() throws {
        let model = try makeModel()
        try model.declare("order", value: .object([SCXMLMember("lines", .array([.number(1), .number(2)]))]))
        try model.assign("order.customer", value: .string("Ada"))
        try model.assign("order.lines[1]", value: .number(20))
        try model.assign("order['total']", expression: "order.lines[0] + order.lines[1]")
        #expect(try model.evaluate("order") == .object([
            SCXMLMember("lines", .array([.number(1), .number(20)])),
            SCXMLMember("customer", .string("Ada")),
            SCXMLMember("total", .number(21)),
        ]))
        #expect(model.isAssignable("order.anything"))
        #expect(model.isAssignable("order"))
    }

    @Test("Assigning an expression keeps its value itself: functions, shared objects, prototypes")
    func expressionValuesKeepTheirIdentity() throws {
        let model = try makeModel()
        try model.run(script: "function Counter() { this.n = 0 } Counter.prototype.bump = function () { return ++this.n }")
        try model.declare("a", value: .null)
        try model.declare("b", value: .null)
        try model.assign("a", expression: "new Counter()")
        try model.assign("b", expression: "a")
        #expect(try model.evaluate("b.bump() + a.bump()") == .number(3))
        #expect(try model.evaluateCondition("a === b && a instanceof Counter"))
        try model.declare("plusOne", expression: "function (x) { return x + 1 }")
        #expect(try model.evaluate("plusOne(2)") == .number(3))
    }

    @Test("The system variables are read-only in every form of assignment (5.10)")
    func systemVariablesAreReadOnly() throws {
        let model = try makeModel()
        model.setSystemVariable("_sessionid", value: .string("7"))
        for location in ["_sessionid", "_event", "_name", "_ioprocessors"] {
            let error = #expect(throws: SCXMLDatamodelError.self) { try model.assign(location, value: .number(27)) }
            #expect(error?.message.contains("'\(location)' is a system variable") == true, "\(error?.message ?? "")")
        }
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "_sessionid = 27") }
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "var _name = 'x'") }
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "delete globalThis._event; _event = 1") }
        #expect(throws: SCXMLDatamodelError.self) { try model.run(script: "In = null; ") }
        #expect(try model.evaluate("_sessionid") == .string("7"))
    }

    @Test("A system variable is undefined until the session sets it, and follows each new value")
    func systemVariablesFollowTheSession() throws {
        let model = try makeModel()
        #expect(try model.evaluate("typeof _event") == .string("undefined"))
        model.setSystemVariable("_event", value: .object([SCXMLMember("name", .string("first"))]))
        #expect(try model.evaluateCondition("_event === _event && _event.name === 'first'"))
        model.setSystemVariable("_event", value: .object([SCXMLMember("name", .string("second"))]))
        #expect(try model.evaluate("_event.name") == .string("second"))
        model.setSystemVariable("notSystem", value: .number(1))
        #expect(try model.evaluate("typeof notSystem") == .string("undefined"))
    }
}
