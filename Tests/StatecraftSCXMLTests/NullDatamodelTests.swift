import StatecraftSCXML
import Testing

@Suite("The null datamodel")
struct NullDatamodelTests {
    private let model = SCXMLNullDatamodel(environment: SCXMLDatamodelEnvironment { $0 == "idle" || $0 == "a.b" })

    @Test("In() is the only condition", arguments: [
        ("In('idle')", true), ("In(\"idle\")", true), ("  In ( 'idle' )  ", true), ("In('busy')", false),
        ("In('a.b')", true), ("\nIn(\n\"a.b\"\n)\n", true),
    ])
    func inState(condition: String, expected: Bool) throws {
        #expect(try model.evaluateCondition(condition) == expected)
    }

    @Test("Every other condition is refused", arguments: [
        "true", "In(idle)", "In('idle') && In('busy')", "!In('idle')", "In('a', 'b')", "In()", "1", "", "In(1)", "in('idle')",
    ])
    func otherConditions(condition: String) {
        let error = failure { _ = try model.evaluateCondition(condition) }
        #expect(error?.message.hasPrefix("the null datamodel has no expressions; a condition must be In('state id')") == true)
        #expect(failure { _ = try model.evaluateCondition(condition) } == error)
    }

    @Test("Declarations, values, assignments and scripts fail")
    func everythingElseFails() {
        let prefix = "the null datamodel has no expressions; "
        #expect(failure { try model.declare("x", value: .null) }?.message.hasPrefix(prefix) == true)
        #expect(failure { _ = try model.evaluate("1") }?.message.hasPrefix(prefix) == true)
        #expect(failure { try model.assign("x", value: .null) }?.message.hasPrefix(prefix) == true)
        #expect(failure { try model.run(script: "x = 1") }?.message.hasPrefix(prefix) == true)
        #expect(!model.isAssignable("x"))
    }

    @Test("Content stays text, and system variables are ignored")
    func contentAndSystemVariables() throws {
        #expect(model.value(ofContent: " 123 ") == .string(" 123 "))
        model.setSystemVariable("_event", value: .null)
        #expect(failure { _ = try model.evaluate("_event") } != nil)
        #expect(try model.evaluateCondition("In('idle')"))
    }
}
