/// The parser's error messages, built apart from the parsing functions so that the frames of
/// those, which stay on the stack while the parser recurses, stay small.
extension ExpressionParser {
    /// A token as a message names it.
    static func describe(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .number(let value): "the number \(SCXMLValueText.number(value))"
        case .string: "a string"
        case .name(let name): "'\(name)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end"
        }
    }

    static func tooDeep(at offset: Int) -> SCXMLDatamodelError {
        SCXMLDatamodelError("the expression nests more than \(ExpressionLimits.maximumNesting) levels deep", offset: offset)
    }

    static func missing(_ symbol: String, found: ExpressionToken, closing opener: ExpressionToken?) -> SCXMLDatamodelError {
        var message = "expected '\(symbol)', found \(describe(found))"
        if let opener {
            message += " (to close the \(describe(opener)) at character \(opener.span.start + 1))"
        }
        return SCXMLDatamodelError(message, offset: found.span.start)
    }

    static func unexpected(_ token: ExpressionToken, after what: String) -> SCXMLDatamodelError {
        SCXMLDatamodelError("unexpected \(describe(token)) after \(what)", offset: token.span.start)
    }

    static func missingSeparator(before token: ExpressionToken) -> SCXMLDatamodelError {
        SCXMLDatamodelError(
            "expected ';' or a line break after the statement, found \(describe(token))",
            offset: token.span.start
        )
    }

    static func missingValue(found token: ExpressionToken) -> SCXMLDatamodelError {
        if token.kind == .end {
            return SCXMLDatamodelError("the expression ends where a value is expected", offset: token.span.start)
        }
        return SCXMLDatamodelError("expected a value, found \(describe(token))", offset: token.span.start)
    }

    static func missingMemberName(found token: ExpressionToken) -> SCXMLDatamodelError {
        SCXMLDatamodelError("expected a member name after '.', found \(describe(token))", offset: token.span.start)
    }

    static func duplicateMember(_ name: String, at offset: Int) -> SCXMLDatamodelError {
        SCXMLDatamodelError("the object names the member '\(name)' twice", offset: offset)
    }

    static func misplacedVar(at offset: Int) -> SCXMLDatamodelError {
        SCXMLDatamodelError("'var' declares a variable and may only start a script statement", offset: offset)
    }

    static func unknownFunction(_ name: String, at offset: Int) -> SCXMLDatamodelError {
        SCXMLDatamodelError("unknown function '\(name)'; the functions are \(Builtin.allNames)", offset: offset)
    }

    static func wrongArity(_ function: Builtin, count: Int, at offset: Int) -> SCXMLDatamodelError {
        let plural = function.arity == 1 ? "argument" : "arguments"
        return SCXMLDatamodelError(
            "\(function.rawValue)() takes \(function.arity) \(plural), not \(count)",
            offset: offset
        )
    }

    static func missingVariable(found token: ExpressionToken, purpose: LocationPurpose) -> SCXMLDatamodelError {
        let found = token.kind == .end ? "nothing" : describe(token)
        return SCXMLDatamodelError("expected a variable, found \(found): \(purpose.expectation)", offset: token.span.start)
    }

    static func callAsLocation(at offset: Int, purpose: LocationPurpose) -> SCXMLDatamodelError {
        SCXMLDatamodelError("a function call is not a location: \(purpose.expectation)", offset: offset)
    }

    static func missingDeclaredName(found token: ExpressionToken) -> SCXMLDatamodelError {
        SCXMLDatamodelError("expected a variable name after 'var', found \(describe(token))", offset: token.span.start)
    }

    static func missingAssignment(found token: ExpressionToken) -> SCXMLDatamodelError {
        SCXMLDatamodelError(
            "expected '=' after the location, found \(describe(token)): \(LocationPurpose.statement.expectation)",
            offset: token.span.start
        )
    }
}
