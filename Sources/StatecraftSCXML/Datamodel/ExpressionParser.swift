/// Reads tokens into expressions, locations and scripts of the `statecraft` language.
///
/// A recursive-descent parser for values and an operator-precedence loop for binary
/// operators, so precedence costs no recursion and `a + b - c` becomes one flat chain.
/// Two bounds keep hostile input from exhausting the stack: the parser recurses at most
/// ``ExpressionLimits/maximumNesting`` expressions deep (parentheses, brackets, braces, call
/// arguments, indices, the branches of `?:`), and no tree it builds is higher than that, so
/// evaluation recurses no deeper either.
///
/// The functions that stay on the stack while the parser recurses keep their frames small:
/// error messages are built in the separate functions of `ExpressionParser+Diagnostics.swift`.
struct ExpressionParser {
    /// Names that cannot be variables.
    static let keywords: Set<String> = ["true", "false", "null", "undefined", "var"]

    let tokens: [ExpressionToken]
    var index = 0
    var depth = 0

    init(tokens: [ExpressionToken]) {
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
        let location = try parser.parseLocation(purpose: .location)
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
            throw Self.missingSeparator(before: next)
        }
    }

    // MARK: Tokens

    var current: ExpressionToken { tokens[index] }

    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    mutating func expect(_ symbol: String, closing opener: ExpressionToken? = nil) throws(SCXMLDatamodelError) {
        guard isSymbol(symbol) else { throw Self.missing(symbol, found: current, closing: opener) }
        advance()
    }

    func expectEnd(after what: String) throws(SCXMLDatamodelError) {
        guard current.kind == .end else { throw Self.unexpected(current, after: what) }
    }

    mutating func enter() throws(SCXMLDatamodelError) {
        depth += 1
        if depth > ExpressionLimits.maximumNesting { throw Self.tooDeep(at: current.span.start) }
    }

    /// `node`, once its height is checked against the nesting limit.
    func checked(_ node: ExpressionNode) throws(SCXMLDatamodelError) -> ExpressionNode {
        guard node.height <= ExpressionLimits.maximumNesting else { throw Self.tooDeep(at: node.span.start) }
        return node
    }

    // MARK: Expressions

    mutating func parseExpression() throws(SCXMLDatamodelError) -> ExpressionNode {
        try enter()
        defer { depth -= 1 }
        let condition = try parseOperators()
        return isSymbol("?") ? try parseConditional(after: condition) : condition
    }

    private mutating func parseConditional(after condition: ExpressionNode) throws(SCXMLDatamodelError) -> ExpressionNode {
        advance()
        let whenTrue = try parseExpression()
        try expect(":")
        let whenFalse = try parseExpression()
        return try checked(
            ExpressionNode(
                kind: .conditional(condition, whenTrue, whenFalse),
                span: condition.span.through(whenFalse.span),
                over: [condition, whenTrue, whenFalse]
            )
        )
    }

    /// The precedence level of the binary operator at the current token: 0 `||`, 1 `&&`,
    /// 2 equality, 3 comparison, 4 additive, 5 multiplicative.
    var binaryLevel: Int? {
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

    /// Operands joined by binary operators, by precedence, with explicit stacks.
    private mutating func parseOperators() throws(SCXMLDatamodelError) -> ExpressionNode {
        var stack = OperatorStack(first: try parseOperand())
        while let level = binaryLevel {
            let op = current
            advance()
            try stack.push(op, level: level, checking: self)
            stack.operands.append(PendingOperand(first: try parseOperand()))
        }
        return try stack.finish(checking: self)
    }

    /// Prefix operators, then a primary value and its `.name` and `[index]` steps.
    private mutating func parseOperand() throws(SCXMLDatamodelError) -> ExpressionNode {
        var prefixes: [ExpressionToken] = []
        while case .symbol(let symbol) = current.kind, UnaryOperator(rawValue: symbol) != nil {
            prefixes.append(current)
            advance()
        }
        let primary = try parsePrimary()
        let node = isSymbol(".") || isSymbol("[") ? try parsePath(from: primary) : primary
        return prefixes.isEmpty ? node : try applying(prefixes, to: node)
    }

    /// Wraps `node` in the prefix operators, innermost first; a minus just before a number
    /// literal is part of the literal.
    private func applying(_ prefixes: [ExpressionToken], to operand: ExpressionNode) throws(SCXMLDatamodelError) -> ExpressionNode {
        var node = operand
        for (position, token) in prefixes.enumerated().reversed() {
            guard case .symbol(let symbol) = token.kind, let op = UnaryOperator(rawValue: symbol) else { continue }
            let span = token.span.through(node.span)
            if position == prefixes.count - 1, op == .negate, case .literal(.number(let number)) = node.kind,
                case .number = tokens[index - 1].kind
            {
                node = ExpressionNode(kind: .literal(.number(-number)), span: span)
            } else {
                node = try checked(ExpressionNode(kind: .unary(op, node), span: span, over: [node]))
            }
        }
        return node
    }

    private mutating func parsePath(from base: ExpressionNode) throws(SCXMLDatamodelError) -> ExpressionNode {
        let steps = try parseSteps()
        var children = [base]
        for step in steps {
            if case .index(let index) = step.selector { children.append(index) }
        }
        let end = steps.last?.span ?? base.span
        return try checked(ExpressionNode(kind: .path(base: base, steps: steps), span: base.span.through(end), over: children))
    }

    mutating func parseSteps() throws(SCXMLDatamodelError) -> [PathStep] {
        var steps: [PathStep] = []
        while true {
            let start = current
            if isSymbol(".") {
                advance()
                guard case .name(let name) = current.kind else { throw Self.missingMemberName(found: current) }
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
        case .name:
            return try parseName()
        case .symbol("("):
            return try parseParenthesized()
        case .symbol("["):
            return try parseArray()
        case .symbol("{"):
            return try parseObject()
        default:
            throw Self.missingValue(found: token)
        }
    }

    private mutating func parseName() throws(SCXMLDatamodelError) -> ExpressionNode {
        let token = current
        guard case .name(let name) = token.kind else { preconditionFailure("parseName() needs a name token") }
        advance()
        switch name {
        case "true": return ExpressionNode(kind: .literal(.bool(true)), span: token.span)
        case "false": return ExpressionNode(kind: .literal(.bool(false)), span: token.span)
        case "null": return ExpressionNode(kind: .literal(.null), span: token.span)
        case "undefined": return ExpressionNode(kind: .literal(.undefined), span: token.span)
        case "var": throw Self.misplacedVar(at: token.span.start)
        default: break
        }
        if isSymbol("(") { return try parseCall(name: name, at: token.span) }
        return ExpressionNode(kind: .variable(name), span: token.span)
    }

    private mutating func parseParenthesized() throws(SCXMLDatamodelError) -> ExpressionNode {
        let open = current
        advance()
        var inner = try parseExpression()
        let end = current.span
        try expect(")", closing: open)
        inner.span = open.span.through(end)
        return inner
    }
}
