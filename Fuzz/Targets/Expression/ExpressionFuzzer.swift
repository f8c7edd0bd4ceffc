import FuzzSupport
import StatecraftSCXML

/// Fuzzes the `statecraft` datamodel's language: the lexer, the parser and the evaluator,
/// through the datamodel's public API, with the input used as an expression, a condition, a
/// location, a script and inline content.
///
/// Properties checked on every input:
/// - nothing crashes or overflows the stack; every failure is an `SCXMLDatamodelError` with
///   a message and, when it has an offset, one inside the text;
/// - ``SCXMLExpressionDatamodel/checkSyntax(expression:)`` and ``SCXMLExpressionDatamodel/evaluate(_:)``
///   agree: what the syntax check refuses never evaluates;
/// - a condition's value is the expression's value when that is a boolean;
/// - a script the syntax check refuses changes no variable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    let model = makeModel()

    let wellFormed: Bool
    do {
        try SCXMLExpressionDatamodel.checkSyntax(expression: text)
        wellFormed = true
    } catch {
        check(error, in: text)
        wellFormed = false
    }
    do {
        let value = try model.evaluate(text)
        require(wellFormed, "'\(text)' evaluated to \(value) though the syntax check refused it")
        do {
            let truth = try model.evaluateCondition(text)
            require(value == .bool(truth), "the condition '\(text)' is \(truth) but the expression is \(value)")
        } catch {
            check(error, in: text)
            if case .bool = value { require(false, "the boolean '\(text)' failed as a condition: \(error)") }
        }
    } catch {
        check(error, in: text)
    }

    do {
        try model.assign(text, value: .number(1))
        require(model.isAssignable(text), "'\(text)' was assigned to but is not assignable")
    } catch {
        check(error, in: text)
    }

    let scriptModel = makeModel()
    let before = try? scriptModel.exportVariables()
    var scriptWellFormed = true
    do {
        try SCXMLExpressionDatamodel.checkSyntax(script: text)
    } catch {
        check(error, in: text)
        scriptWellFormed = false
    }
    do {
        try scriptModel.run(script: text)
        require(scriptWellFormed, "the script '\(text)' ran though the syntax check refused it")
    } catch {
        check(error, in: text)
        if !scriptWellFormed {
            require((try? scriptModel.exportVariables()) == before, "the malformed script '\(text)' changed variables")
        }
    }

    _ = model.value(ofContent: text)
    return 0
}

/// A datamodel with variables of every kind, nested a little, and `In()` true for `s1`.
func makeModel() -> SCXMLExpressionDatamodel {
    let model = SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment(isActive: { $0 == "s1" }))
    let items: SCXMLValue = .array([.number(1), .string("two"), .array([.number(3)]), .null, .bool(true)])
    let order: SCXMLValue = .object([
        SCXMLMember("id", .string("o-17")),
        SCXMLMember("items", items),
        SCXMLMember("total", .number(12.5)),
        SCXMLMember("nested", .object([SCXMLMember("deep", .object([SCXMLMember("x", .number(-0.0))]))])),
    ])
    for (name, value) in [
        ("a", SCXMLValue.number(1)), ("b", .number(-2.5)), ("s", .string("héllo")), ("t", .bool(true)),
        ("n", .null), ("u", .undefined), ("list", items), ("order", order),
    ] {
        try? model.declare(name, value: value)
    }
    model.setSystemVariable("_event", value: .object([
        SCXMLMember("name", .string("go")), SCXMLMember("data", order),
    ]))
    model.setSystemVariable("_sessionid", value: .string("fuzz"))
    return model
}

/// A failure says what and, when it says where, points inside the text.
func check(_ error: SCXMLDatamodelError, in text: String) {
    require(!error.message.isEmpty, "an SCXMLDatamodelError without a message for '\(text)'")
    if let offset = error.offset {
        require(offset >= 0 && offset <= text.count, "the offset \(offset) is outside '\(text)' (\(text.count) characters)")
    }
}
