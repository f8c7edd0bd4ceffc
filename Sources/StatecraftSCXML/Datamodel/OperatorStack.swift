/// The stacks of the operator-precedence loop: operands (some of them chains still open to
/// more links) and operators not applied yet.
struct OperatorStack {
    /// The operands, the first of the expression at the bottom.
    var operands: [PendingOperand]
    private var operators: [ExpressionToken] = []
    private var levels: [Int] = []

    /// Starts with the expression's first operand.
    init(first: ExpressionNode) {
        operands = [PendingOperand(first: first)]
    }

    /// Applies the operators that bind at least as tightly as `op`, then pushes it.
    mutating func push(_ op: ExpressionToken, level: Int, checking parser: ExpressionParser) throws(SCXMLDatamodelError) {
        while let top = levels.last, top >= level { try reduce(checking: parser) }
        operators.append(op)
        levels.append(level)
    }

    /// Applies the remaining operators and answers the whole expression.
    mutating func finish(checking parser: ExpressionParser) throws(SCXMLDatamodelError) -> ExpressionNode {
        while !operators.isEmpty { try reduce(checking: parser) }
        return try parser.checked(operands[0].build())
    }

    /// Applies the top operator to the top two operands. A left operand that is an open chain
    /// of the operator's level takes the right operand as one more link.
    private mutating func reduce(checking parser: ExpressionParser) throws(SCXMLDatamodelError) {
        let op = operators.removeLast()
        let level = levels.removeLast()
        guard case .symbol(let symbol) = op.kind else { preconditionFailure("an operator token that is not a symbol") }
        let right = try parser.checked(operands.removeLast().build())
        let last = operands.count - 1
        if operands[last].level == level {
            operands[last].rest.append(PendingLink(symbol: symbol, span: op.span, operand: right))
        } else {
            let left = try parser.checked(operands.removeLast().build())
            var chain = PendingOperand(first: left)
            chain.level = level
            chain.rest = [PendingLink(symbol: symbol, span: op.span, operand: right)]
            operands.append(chain)
        }
    }
}

/// An operand of the operator-precedence loop: a node, or a chain of one level still open to
/// more links.
struct PendingOperand {
    /// The chain's precedence level; `nil` for a plain node.
    var level: Int?
    /// The node, or the chain's first operand.
    var first: ExpressionNode
    /// The chain's links.
    var rest: [PendingLink] = []

    /// Creates a plain operand.
    init(first: ExpressionNode) {
        self.first = first
    }

    /// The node this operand stands for.
    func build() -> ExpressionNode {
        guard let level, let last = rest.last else { return first }
        let span = first.span.through(last.operand.span)
        let operands = [first] + rest.map(\.operand)
        if level <= 1 {
            return ExpressionNode(kind: .logical(isAnd: level == 1, operands: operands), span: span, over: operands)
        }
        let chain = rest.map { link in
            guard let op = BinaryOperator(rawValue: link.symbol) else {
                preconditionFailure("no binary operator for the symbol '\(link.symbol)' of level \(level)")
            }
            return BinaryOperand(op: op, operatorSpan: link.span, operand: link.operand)
        }
        return ExpressionNode(kind: .binary(first: first, rest: chain), span: span, over: operands)
    }
}

/// An operator and its right operand in a pending chain.
struct PendingLink {
    /// The operator, as written.
    var symbol: String
    /// Where it was written.
    var span: SourceSpan
    /// The right operand.
    var operand: ExpressionNode
}
