/// Reads tokens into expressions, locations and scripts of the `statecraft` language.
///
/// A recursive-descent parser. Each nested expression (parentheses, brackets, braces, call
/// arguments, the branches of `?:`) and each prefix operator counts one level, and more than
/// ``ExpressionLimits/maximumNesting`` levels is an error, so hostile input cannot exhaust
/// the stack. Operator chains of one precedence level are parsed in a loop.
struct ExpressionParser {
    /// Names that cannot be variables.
    static let keywords: Set<String> = ["true", "false", "null", "undefined", "var"]

    private let tokens: [ExpressionToken]
    private var index = 0
    private var depth = 0

    private init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    // MARK: Entry points

    /// Parses a whole expression.
    static func expression(_ source: [Unicode.Scalar]) throws(SCXMLDatamodelError) -> ExpressionNode {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(of: source))
        if parser.current.kind == .end {
            throw SCXMLDatamodelError("the expression is empty", offset: 0)
        }
        let node = try parser.parseExpression()
        try parser.expectEnd(after: "the expression")
        return node
    }

    /// Parses a whole location.
    static func location(_ source: [Unicode.Scalar]) throws(SCXMLDatamodelError) -> LocationNode {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(of: source))
        let location = try parser.parseLocation()
        try parser.expectEnd(after: "the location")
        return location
    }

    /// Parses a whole script.
    static func script(_ source: [Unicode.Scalar]) throws(SCXMLDatamodelError) -> [ScriptStatement] {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(of: source))
        var statements: [ScriptStatement] = []
        while true {
            while parser.isSymbol(";") { parser.advance() }
            if parser.current.kind == .end { return statements }
            statements.append(try parser.parseStatement())
            let next = parser.current
            if next.kind == .end || parser.isSymbol(";") || next.followsLineBreak { continue }
            throw SCXMLDatamodelError(
                "expected ';' or a line break after the statement, found \(describe(next))",
                offset: next.span.start
            )
        }
    }

    // MARK: Tokens

    private var current: ExpressionToken { tokens[index] }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    private mutating func expect(_ symbol: String, closing opener: ExpressionToken? = nil) throws(SCXMLDatamodelError) {
        guard isSymbol(symbol) else {
            var message = "expected '\(symbol)', found \(Self.describe(current))"
            if let opener {
                message += " (to close the \(Self.describe(opener)) at character \(opener.span.start + 1))"
            }
            throw SCXMLDatamodelError(message, offset: current.span.start)
        }
        advance()
    }

    private func expectEnd(after what: String) throws(SCXMLDatamodelError) {
        guard current.kind == .end else {
            throw SCXMLDatamodelError(
                "unexpected \(Self.describe(current)) after \(what)",
                offset: current.span.start
            )
        }
    }

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

    private mutating func enter() throws(SCXMLDatamodelError) {
        depth += 1
        if depth > ExpressionLimits.maximumNesting {
            throw SCXMLDatamodelError(
                "the expression nests more than \(ExpressionLimits.maximumNesting) levels deep",
                offset: current.span.start
            )
        }
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(SCXMLDatamodelError) -> ExpressionNode {
        try enter()
        defer { depth -= 1 }
        let condition = try parseBinary(minimumLevel: 0)
        guard isSymbol("?") else { return condition }
        advance()
        let whenTrue = try parseExpression()
        try expect(":")
        let whenFalse = try parseExpression()
        return ExpressionNode(
            kind: .conditional(condition, whenTrue, whenFalse),
            span: condition.span.through(whenFalse.span)
        )
    }

    /// The precedence level of the binary operator at the current token: 0 `||`, 1 `&&`,
    /// 2 equality, 3 comparison, 4 additive, 5 multiplicative.
    private var binaryLevel: Int? {
        guard case .symbol(let symbol) = current.kind else { return nil }
        switch symbol {
        case "||": return 0
        case "&&": return 1
        case "==", "!=": return 2
        case "<", "<=", ">", ">=": return 3
        case "+", "-": return 4
        case "*", "/", "%": return 5
        default: return nil
        }
    }

    private mutating func parseBinary(minimumLevel: Int) throws(SCXMLDatamodelError) -> ExpressionNode {
        var left = try minimumLevel > 5 ? parseUnary() : parseBinary(minimumLevel: minimumLevel + 1)
        while let level = binaryLevel, level == minimumLevel {
            if level <= 1 {
                var operands = [left]
                while binaryLevel == level {
                    advance()
                    operands.append(try parseBinary(minimumLevel: level + 1))
                }
                left = ExpressionNode(
                    kind: .logical(isAnd: level == 1, operands: operands),
                    span: left.span.through(operands[operands.count - 1].span)
                )
            } else {
                var rest: [BinaryOperand] = []
                while binaryLevel == level, case .symbol(let symbol) = current.kind,
                    let op = BinaryOperator(rawValue: symbol)
                {
                    let operatorSpan = current.span
                    advance()
                    let operand = try parseBinary(minimumLevel: level + 1)
                    rest.append(BinaryOperand(op: op, operatorSpan: operatorSpan, operand: operand))
                }
                left = ExpressionNode(
                    kind: .binary(first: left, rest: rest),
                    span: left.span.through(rest[rest.count - 1].operand.span)
                )
            }
        }
        return left
    }

    private mutating func parseUnary() throws(SCXMLDatamodelError) -> ExpressionNode {
        guard case .symbol(let symbol) = current.kind, let op = UnaryOperator(rawValue: symbol) else {
            return try parsePostfix()
        }
        let start = current.span
        advance()
        try enter()
        defer { depth -= 1 }
        let operand = try parseUnary()
        let span = start.through(operand.span)
        if op == .negate, case .literal(.number(let number)) = operand.kind {
            return ExpressionNode(kind: .literal(.number(-number)), span: span)
        }
        return ExpressionNode(kind: .unary(op, operand), span: span)
    }

    private mutating func parsePostfix() throws(SCXMLDatamodelError) -> ExpressionNode {
        let base = try parsePrimary()
        let steps = try parseSteps()
        guard let last = steps.last else { return base }
        return ExpressionNode(kind: .path(base: base, steps: steps), span: base.span.through(last.span))
    }

    private mutating func parseSteps() throws(SCXMLDatamodelError) -> [PathStep] {
        var steps: [PathStep] = []
        while true {
            let start = current
            if isSymbol(".") {
                advance()
                guard case .name(let name) = current.kind else {
                    throw SCXMLDatamodelError(
                        "expected a member name after '.', found \(Self.describe(current))",
                        offset: current.span.start
                    )
                }
                steps.append(PathStep(selector: .member(name), span: start.span.through(current.span)))
                advance()
            } else if isSymbol("[") {
                advance()
                let index = try parseExpression()
                let end = current.span
                try expect("]", closing: start)
                steps.append(PathStep(selector: .index(index), span: start.span.through(end)))
            } else {
                return steps
            }
        }
    }

    private mutating func parsePrimary() throws(SCXMLDatamodelError) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return ExpressionNode(kind: .literal(.number(value)), span: token.span)
        case .string(let text):
            advance()
            return ExpressionNode(kind: .literal(.string(text)), span: token.span)
        case .name(let name):
            advance()
            switch name {
            case "true": return ExpressionNode(kind: .literal(.bool(true)), span: token.span)
            case "false": return ExpressionNode(kind: .literal(.bool(false)), span: token.span)
            case "null": return ExpressionNode(kind: .literal(.null), span: token.span)
            case "undefined": return ExpressionNode(kind: .literal(.undefined), span: token.span)
            case "var":
                throw SCXMLDatamodelError(
                    "'var' declares a variable and may only start a script statement",
                    offset: token.span.start
                )
            default: break
            }
            if isSymbol("(") { return try parseCall(name: token) }
            return ExpressionNode(kind: .variable(name), span: token.span)
        case .symbol("("):
            advance()
            var inner = try parseExpression()
            let end = current.span
            try expect(")", closing: token)
            inner.span = token.span.through(end)
            return inner
        case .symbol("["):
            return try parseArray()
        case .symbol("{"):
            return try parseObject()
        case .end:
            throw SCXMLDatamodelError("the expression ends where a value is expected", offset: token.span.start)
        default:
            throw SCXMLDatamodelError(
                "expected a value, found \(Self.describe(token))",
                offset: token.span.start
            )
        }
    }

    private mutating func parseCall(name token: ExpressionToken) throws(SCXMLDatamodelError) -> ExpressionNode {
        guard case .name(let name) = token.kind else { preconditionFailure("parseCall needs a name token") }
        let open = current
        advance()
        if name == "isBound" {
            let location = try parseLocation(
                whatIsExpected: "isBound takes a location: a variable, then any .member and [index] parts"
            )
            let end = current.span
            try expect(")", closing: open)
            return ExpressionNode(kind: .isBound(location), span: token.span.through(end))
        }
        guard let function = Builtin(rawValue: name) else {
            throw SCXMLDatamodelError(
                "unknown function '\(name)'; the functions are \(Builtin.allNames)",
                offset: token.span.start
            )
        }
        var arguments: [ExpressionNode] = []
        if !isSymbol(")") {
            while true {
                arguments.append(try parseExpression())
                guard isSymbol(",") else { break }
                advance()
            }
        }
        let end = current.span
        try expect(")", closing: open)
        guard arguments.count == function.arity else {
            let plural = function.arity == 1 ? "argument" : "arguments"
            throw SCXMLDatamodelError(
                "\(name)() takes \(function.arity) \(plural), not \(arguments.count)",
                offset: token.span.start
            )
        }
        return ExpressionNode(kind: .call(function, arguments), span: token.span.through(end))
    }

    private mutating func parseArray() throws(SCXMLDatamodelError) -> ExpressionNode {
        let open = current
        advance()
        var elements: [ExpressionNode] = []
        while !isSymbol("]") {
            elements.append(try parseExpression())
            guard isSymbol(",") else { break }
            advance()
        }
        let end = current.span
        try expect("]", closing: open)
        let span = open.span.through(end)
        var values: [SCXMLValue] = []
        for element in elements {
            guard case .literal(let value) = element.kind else {
                return ExpressionNode(kind: .array(elements), span: span)
            }
            values.append(value)
        }
        return ExpressionNode(kind: .literal(.array(values)), span: span)
    }

    private mutating func parseObject() throws(SCXMLDatamodelError) -> ExpressionNode {
        let open = current
        advance()
        var members: [ObjectMemberNode] = []
        var names: Set<String> = []
        while !isSymbol("}") {
            let key = current
            let name: String
            switch key.kind {
            case .name(let text), .string(let text): name = text
            default:
                throw SCXMLDatamodelError(
                    "expected a member name, found \(Self.describe(key))",
                    offset: key.span.start
                )
            }
            guard names.insert(name).inserted else {
                throw SCXMLDatamodelError("the object names the member '\(name)' twice", offset: key.span.start)
            }
            advance()
            try expect(":")
            members.append(ObjectMemberNode(name: name, value: try parseExpression()))
            guard isSymbol(",") else { break }
            advance()
        }
        let end = current.span
        try expect("}", closing: open)
        let span = open.span.through(end)
        var values: [SCXMLMember] = []
        for member in members {
            guard case .literal(let value) = member.value.kind else {
                return ExpressionNode(kind: .object(members), span: span)
            }
            values.append(SCXMLMember(member.name, value))
        }
        return ExpressionNode(kind: .literal(.object(values)), span: span)
    }

    // MARK: Locations and statements

    private mutating func parseLocation(
        whatIsExpected: String = "a location is a variable, then any .member and [index] parts"
    ) throws(SCXMLDatamodelError) -> LocationNode {
        let token = current
        guard case .name(let name) = token.kind, !Self.keywords.contains(name) else {
            let found = token.kind == .end ? "nothing" : Self.describe(token)
            throw SCXMLDatamodelError("expected a variable, found \(found): \(whatIsExpected)", offset: token.span.start)
        }
        advance()
        if isSymbol("(") {
            throw SCXMLDatamodelError(
                "a function call is not a location: \(whatIsExpected)",
                offset: current.span.start
            )
        }
        let steps = try parseSteps()
        return LocationNode(
            variable: name,
            variableSpan: token.span,
            steps: steps,
            span: token.span.through(steps.last?.span ?? token.span)
        )
    }

    private mutating func parseStatement() throws(SCXMLDatamodelError) -> ScriptStatement {
        if current.kind == .name("var") {
            advance()
            let nameToken = current
            guard case .name(let name) = nameToken.kind, !Self.keywords.contains(name) else {
                throw SCXMLDatamodelError(
                    "expected a variable name after 'var', found \(Self.describe(nameToken))",
                    offset: nameToken.span.start
                )
            }
            advance()
            guard isSymbol("=") else { return .declaration(name: name, nameSpan: nameToken.span, value: nil) }
            advance()
            return .declaration(name: name, nameSpan: nameToken.span, value: try parseExpression())
        }
        let location = try parseLocation(
            whatIsExpected: "a statement is 'location = expression' or 'var name = expression'"
        )
        guard isSymbol("=") else {
            throw SCXMLDatamodelError(
                "expected '=' after the location, found \(Self.describe(current)): "
                    + "a statement is 'location = expression' or 'var name = expression'",
                offset: current.span.start
            )
        }
        advance()
        return .assignment(location, try parseExpression())
    }
}
