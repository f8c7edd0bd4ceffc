import StatecraftSCXML

extension ExpressionTranslator {
    /// A chain of operators of one precedence, computed left to right as the `statecraft`
    /// datamodel computes it: `+` adds two numbers and joins text when either side is a string,
    /// the other side written as the datamodel writes it (`scxmlText`), so that `count + 1 + 'z'`
    /// is `"6z"` and `'n=' + count` is `"n=5"`; `==` and `!=` compare unbound data as `undefined`.
    /// Operands of a type the operator refuses (a `Bool` added, a string subtracted) fail when
    /// they run, as in the session.
    ///
    /// A join is written as one `([...] as [String]).joined()` of its parts: a chain of `+` over
    /// strings and `scxmlText` calls takes the Swift compiler exponential time to type-check.
    func binary(_ first: ExpressionNode, _ rest: [BinaryOperand]) throws(Untranslatable) -> String {
        var leftType = ExpressionTypes.type(of: first, fields)
        var leftIsText = leftType == "String" || Self.isString(first, fields)
        var swift: String?
        // The parts of the text joined so far, once a `+` has joined text.
        var parts: [String] = []
        for step in rest {
            let rightType = ExpressionTypes.type(of: step.operand, fields)
            let rightIsText = rightType == "String" || Self.isString(step.operand, fields)
            let joins = step.op == .add && (leftIsText || rightIsText)
            if !joins, !step.op.isComparison,
                let refused = [leftType, rightType].compactMap({ $0 }).first(where: { $0 != "Double" })
            {
                // The session refuses it every time: error.execution where it runs.
                let what = step.op == .add ? "'+' adds two numbers or joins a value to a string" : "'\(step.op.rawValue)' needs two numbers"
                throw Untranslatable(reason: "\(what), but here it has a \(refused)", failsWhenRun: true)
            }
            let reading: Reading = joins ? .text : step.op == .equal || step.op == .notEqual ? .optional : .value
            let left: String
            if let swift { left = swift } else { left = try translate(first, reading: reading) }
            let right = try translate(step.operand, reading: reading)
            if joins {
                if parts.isEmpty { parts.append(leftIsText ? left : "scxmlText(\(left))") }
                parts.append(rightIsText ? right : "scxmlText(\(right))")
                swift = "([" + parts.joined(separator: ", ") + "] as [String]).joined()"
            } else if step.op == .remainder {
                swift = "\(left).truncatingRemainder(dividingBy: \(right))"
            } else {
                swift = "(\(left) \(step.op.rawValue) \(right))"
            }
            leftType = ExpressionTypes.combine(step.op, leftType, rightType)
            leftIsText = joins || leftType == "String"
        }
        guard let swift else { return try translate(first) }
        return swift
    }
}

extension BinaryOperator {
    /// Whether the operator compares (`==`, `!=`, `<`, `<=`, `>`, `>=`): its value is a `Bool`.
    var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
        case .add, .subtract, .multiply, .divide, .remainder: false
        }
    }
}
