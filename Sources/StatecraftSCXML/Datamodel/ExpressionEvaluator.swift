/// Evaluates parsed expressions against a datamodel's variables.
///
/// Offsets in the errors it throws count Unicode scalars; the datamodel converts them to
/// characters before they leave it.
struct ExpressionEvaluator {
    /// The datamodel whose variables the expressions read.
    let model: SCXMLExpressionDatamodel
    /// The source, for naming the culprit in messages.
    let source: String

    // MARK: Expressions

    // `evaluate` recurses once per level of the tree, so it only dispatches: each form is
    // evaluated, and each error built, in a function of its own, which keeps the frames that
    // stay on the stack small.

    func evaluate(_ node: ExpressionNode) throws(SCXMLDatamodelError) -> SCXMLValue {
        // One tick per node on the session's meter, which looks at the clock every 1,024.
        try model.meter.tick()
        switch node.kind {
        case .literal(let value): return value
        case .variable(let name): return try model.read(name, at: node.span)
        case .path(let base, let steps): return try evaluatePath(base, steps)
        case .unary(let op, let operand): return try evaluateUnary(op, operand, node)
        case .binary(let first, let rest): return try evaluateBinary(first, rest)
        case .logical(let isAnd, let operands): return try evaluateLogical(isAnd, operands)
        case .conditional(let condition, let whenTrue, let whenFalse):
            return try evaluate(try boolean(condition, for: "'?:'") ? whenTrue : whenFalse)
        case .array(let elements): return try evaluateArray(elements)
        case .object(let members): return try evaluateObject(members)
        case .call(let function, let arguments): return try evaluateCall(function, arguments, node)
        case .isBound(let location): return .bool(try isBound(location))
        }
    }

    private func evaluatePath(_ base: ExpressionNode, _ steps: [PathStep]) throws(SCXMLDatamodelError) -> SCXMLValue {
        var value = try evaluate(base)
        for step in steps {
            value = try select(step, of: value, prefix: base.span.start)
        }
        return value
    }

    private func evaluateUnary(
        _ op: UnaryOperator,
        _ operand: ExpressionNode,
        _ node: ExpressionNode
    ) throws(SCXMLDatamodelError) -> SCXMLValue {
        let value = try evaluate(operand)
        switch (op, value) {
        case (.negate, .number(let number)): return .number(-number)
        case (.not, .bool(let flag)): return .bool(!flag)
        default: throw wrongOperand(op, value, operand, node)
        }
    }

    private func wrongOperand(
        _ op: UnaryOperator,
        _ value: SCXMLValue,
        _ operand: ExpressionNode,
        _ node: ExpressionNode
    ) -> SCXMLDatamodelError {
        let needs = op == .negate ? "a number" : "a boolean"
        return SCXMLDatamodelError(
            "'\(op.rawValue)' needs \(needs), but '\(text(operand.span))' is \(value.kindWithArticle)",
            offset: node.span.start
        )
    }

    private func evaluateBinary(_ first: ExpressionNode, _ rest: [BinaryOperand]) throws(SCXMLDatamodelError) -> SCXMLValue {
        var value = try evaluate(first)
        for operand in rest {
            value = try apply(operand.op, value, try evaluate(operand.operand), at: operand.operatorSpan)
        }
        return value
    }

    private func evaluateLogical(_ isAnd: Bool, _ operands: [ExpressionNode]) throws(SCXMLDatamodelError) -> SCXMLValue {
        for operand in operands {
            let flag = try boolean(operand, for: isAnd ? "'&&'" : "'||'")
            if flag != isAnd { return .bool(flag) }
        }
        return .bool(isAnd)
    }

    private func evaluateArray(_ elements: [ExpressionNode]) throws(SCXMLDatamodelError) -> SCXMLValue {
        var values: [SCXMLValue] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try evaluate(element)) }
        return .array(values)
    }

    private func evaluateObject(_ members: [ObjectMemberNode]) throws(SCXMLDatamodelError) -> SCXMLValue {
        var values: [SCXMLMember] = []
        values.reserveCapacity(members.count)
        for member in members { values.append(SCXMLMember(member.name, try evaluate(member.value))) }
        return .object(values)
    }

    private func evaluateCall(
        _ function: Builtin,
        _ arguments: [ExpressionNode],
        _ node: ExpressionNode
    ) throws(SCXMLDatamodelError) -> SCXMLValue {
        var values: [SCXMLValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try evaluate(argument)) }
        return try call(function, values, arguments: arguments, at: node.span)
    }

    /// Evaluates `node` and requires a boolean.
    func boolean(_ node: ExpressionNode, for user: String) throws(SCXMLDatamodelError) -> Bool {
        let value = try evaluate(node)
        guard case .bool(let flag) = value else { throw notBoolean(value, node, for: user) }
        return flag
    }

    private func notBoolean(_ value: SCXMLValue, _ node: ExpressionNode, for user: String) -> SCXMLDatamodelError {
        SCXMLDatamodelError(
            "\(user) needs a boolean, but '\(text(node.span))' is \(value.kindWithArticle)",
            offset: node.span.start
        )
    }

    // MARK: Paths

    /// The value a step selects from `value`; `prefix` is where the path started.
    func select(_ step: PathStep, of value: SCXMLValue, prefix: Int) throws(SCXMLDatamodelError) -> SCXMLValue {
        let owner = text(SourceSpan(start: prefix, end: step.span.start))
        switch step.selector {
        case .member(let name):
            return try member(name, of: value, owner: owner, at: step.span)
        case .index(let indexNode):
            let key = try evaluate(indexNode)
            switch (value, key) {
            case (.array(let items), _):
                return items[try arrayIndex(key, count: items.count, owner: owner, node: indexNode, allowsEnd: false)]
            case (.object, .string(let name)):
                return try member(name, of: value, owner: owner, at: step.span)
            case (.object, _):
                throw SCXMLDatamodelError(
                    "an object's members are selected by string, but '\(text(indexNode.span))' is \(key.kindWithArticle)",
                    offset: indexNode.span.start
                )
            case (.string(let string), _):
                let characters = Array(string)
                let position = try arrayIndex(key, count: characters.count, owner: owner, node: indexNode, allowsEnd: false)
                return .string(String(characters[position]))
            default:
                throw SCXMLDatamodelError(
                    "'\(owner)' is \(value.kindWithArticle); only arrays, objects and strings can be indexed",
                    offset: step.span.start
                )
            }
        }
    }

    private func member(_ name: String, of value: SCXMLValue, owner: String, at span: SourceSpan) throws(SCXMLDatamodelError) -> SCXMLValue {
        guard case .object(let members) = value else {
            throw SCXMLDatamodelError(
                "'\(owner)' is \(value.kindWithArticle), not an object, so it has no member '\(name)'",
                offset: span.start
            )
        }
        guard let found = members.first(where: { $0.name == name }) else {
            throw SCXMLDatamodelError("'\(owner)' has no member '\(name)'", offset: span.start)
        }
        return found.value
    }

    /// `key` as a position in a collection of `count` elements: a whole number in
    /// `0..<count`, or `0...count` when `allowsEnd` (an assignment that appends).
    func arrayIndex(
        _ key: SCXMLValue,
        count: Int,
        owner: String,
        node: ExpressionNode,
        allowsEnd: Bool
    ) throws(SCXMLDatamodelError) -> Int {
        guard case .number(let number) = key else {
            throw SCXMLDatamodelError(
                "an index must be a number, but '\(text(node.span))' is \(key.kindWithArticle)",
                offset: node.span.start
            )
        }
        guard number.isFinite, number.rounded(.towardZero) == number else {
            throw SCXMLDatamodelError(
                "the index \(SCXMLValueText.number(number)) is not a whole number",
                offset: node.span.start
            )
        }
        let upper = Double(count) + (allowsEnd ? 1 : 0)
        guard number >= 0, number < upper else {
            let elements = count == 1 ? "1 element" : "\(count) elements"
            throw SCXMLDatamodelError(
                "the index \(SCXMLValueText.number(number)) is out of range: '\(owner)' has \(elements)",
                offset: node.span.start
            )
        }
        return Int(number)
    }

    /// Whether `location` holds a value other than `undefined`; a location that names
    /// nothing answers `false`. Errors in index expressions still throw.
    func isBound(_ location: LocationNode) throws(SCXMLDatamodelError) -> Bool {
        guard var value = try? model.read(location.variable, at: location.variableSpan) else { return false }
        for step in location.steps {
            switch step.selector {
            case .member(let name):
                guard case .object(let members) = value, let found = members.first(where: { $0.name == name }) else {
                    return false
                }
                value = found.value
            case .index(let indexNode):
                let key = try evaluate(indexNode)
                switch (value, key) {
                case (.array(let items), .number(let number)):
                    guard number.isFinite, number.rounded(.towardZero) == number, number >= 0,
                        number < Double(items.count)
                    else { return false }
                    value = items[Int(number)]
                case (.object(let members), .string(let name)):
                    guard let found = members.first(where: { $0.name == name }) else { return false }
                    value = found.value
                default:
                    return false
                }
            }
        }
        return value != .undefined
    }

    // MARK: Messages

    /// The source text of `span`, shortened when long.
    func text(_ span: SourceSpan) -> String {
        let scalars = source.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: max(0, span.start), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        let end = scalars.index(start, offsetBy: max(0, span.end - span.start), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        let slice = String(scalars[start..<end])
        return slice.count > 60 ? String(slice.prefix(57)) + "…" : slice
    }
}
