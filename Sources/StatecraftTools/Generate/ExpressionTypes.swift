import StatecraftSCXML

/// The Swift type of a `statecraft` expression over typed data, as the generated code computes
/// it, for a `<data>` whose `expr` is not a literal (`expr="Var1 + 1"`, `expr="_sessionid"`):
/// the datamodel's numbers are `Double`, `+` with a string joins text, comparisons and `!` are
/// `Bool`. `nil` when the type is not certain (a read of data unbound until assigned, members,
/// objects, a conditional whose branches differ), and the `<data>` is refused.
enum ExpressionTypes {
    /// The type of `node`, reading `fields` (data id → field).
    static func type(of node: ExpressionNode, _ fields: [String: ContextField]) -> String? {
        switch node.kind {
        case .literal:
            return ContextFields.inferredType(node)
        case .variable("_sessionid"), .variable("_name"), .variable("_ioprocessors"), .path:
            return ExpressionTranslator.systemType(of: node)
        case .variable(let name):
            guard let field = fields[name], !field.isOptional, !field.unboundUntilAssigned else { return nil }
            return field.type
        case .unary(.negate, let operand):
            return type(of: operand, fields) == "Double" ? "Double" : nil
        case .unary(.not, let operand):
            return type(of: operand, fields) == "Bool" ? "Bool" : nil
        case .binary(let first, let rest):
            var result = type(of: first, fields)
            for step in rest {
                // A comparison's Bool is not compared again: `a < b < c` has no certain type.
                if step.op.isComparison, rest.count > 1 { return nil }
                result = combine(step.op, result, type(of: step.operand, fields))
            }
            return result
        case .logical(_, let operands):
            return operands.allSatisfy({ type(of: $0, fields) == "Bool" }) ? "Bool" : nil
        case .conditional(let condition, let whenTrue, let whenFalse):
            guard type(of: condition, fields) == "Bool", let first = type(of: whenTrue, fields),
                first == type(of: whenFalse, fields) else { return nil }
            return first
        case .array(let elements):
            guard let first = elements.first.flatMap({ type(of: $0, fields) }),
                elements.allSatisfy({ type(of: $0, fields) == first }) else { return nil }
            return "[\(first)]"
        case .call(.length, let arguments):
            return arguments.first.flatMap { type(of: $0, fields) }.map { _ in "Double" }
        case .call(.contains, _), .call(.startsWith, _):
            return "Bool"
        case .call(.text, _):
            return "String"
        default:
            return nil
        }
    }

    /// The type of `left op right`, as the datamodel computes it: a comparison is `Bool`; `+` joins
    /// text when either side is a string and adds numbers; the other operators need numbers.
    static func combine(_ op: BinaryOperator, _ left: String?, _ right: String?) -> String? {
        if op.isComparison { return "Bool" }
        if op == .add, left == "String" || right == "String" { return "String" }
        return left == "Double" && right == "Double" ? "Double" : nil
    }
}
