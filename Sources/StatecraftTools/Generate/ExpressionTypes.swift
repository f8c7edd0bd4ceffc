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
            var types = [type(of: first, fields)]
            types += rest.map { type(of: $0.operand, fields) }
            guard types.allSatisfy({ $0 != nil }) else { return nil }
            guard let op = rest.first?.op else { return types[0] }
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                return rest.count == 1 ? "Bool" : nil
            case .add:
                guard rest.allSatisfy({ $0.op == .add }) else { return allNumbers(types) }
                if types.allSatisfy({ $0 == "String" }) { return "String" }
                return allNumbers(types)
            case .subtract, .multiply, .divide, .remainder:
                return allNumbers(types)
            }
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

    /// `Double` when every operand is a number, else `nil`.
    private static func allNumbers(_ types: [String?]) -> String? {
        types.allSatisfy { $0 == "Double" } ? "Double" : nil
    }
}
