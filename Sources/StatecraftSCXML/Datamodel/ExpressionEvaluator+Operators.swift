extension ExpressionEvaluator {
    // MARK: Binary operators

    /// `left op right`; `span` is where the operator was written.
    func apply(
        _ op: BinaryOperator,
        _ left: SCXMLValue,
        _ right: SCXMLValue,
        at span: SourceSpan
    ) throws(SCXMLDatamodelError) -> SCXMLValue {
        switch op {
        case .equal:
            return .bool(left.isEquivalent(to: right))
        case .notEqual:
            return .bool(!left.isEquivalent(to: right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return .bool(try compare(op, left, right, at: span))
        case .add:
            switch (left, right) {
            case (.number(let a), .number(let b)):
                return try finite(a + b, op, at: span)
            case (.string(let a), .string(let b)):
                try checkText(a.utf8.count + b.utf8.count, of: "'+'", at: span)
                return .string(a + b)
            case (.string, _), (_, .string):
                let a = try text(of: left, at: span), b = try text(of: right, at: span)
                try checkText(a.utf8.count + b.utf8.count, of: "'+'", at: span)
                return .string(a + b)
            default:
                throw SCXMLDatamodelError(
                    "'+' adds two numbers or joins a value to a string, but here it has "
                        + "\(left.kindWithArticle) and \(right.kindWithArticle)",
                    offset: span.start
                )
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let a) = left, case .number(let b) = right else {
                throw SCXMLDatamodelError(
                    "'\(op.rawValue)' needs two numbers, but here it has "
                        + "\(left.kindWithArticle) and \(right.kindWithArticle)",
                    offset: span.start
                )
            }
            switch op {
            case .subtract: return try finite(a - b, op, at: span)
            case .multiply: return try finite(a * b, op, at: span)
            default:
                guard b != 0 else {
                    throw SCXMLDatamodelError("division by zero", offset: span.start)
                }
                return try finite(op == .divide ? a / b : a.truncatingRemainder(dividingBy: b), op, at: span)
            }
        }
    }

    /// Throws unless a string of `bytes` bytes fits the value budget; nothing is built before.
    private func checkText(_ bytes: Int, of what: String, at span: SourceSpan) throws(SCXMLDatamodelError) {
        let budgets = model.meter.budgets
        guard bytes <= budgets.effectiveBytes else {
            var error = budgets.bytesExceeded("the result of \(what)")
            error.offset = span.start
            throw error
        }
    }

    /// `value` as text, measured against the value budget before it is written out: a value
    /// that shares its parts many times is refused before its text is built.
    func text(of value: SCXMLValue, at span: SourceSpan) throws(SCXMLDatamodelError) -> String {
        if case .string(let string) = value { return string }
        if value.isContainer {
            var tally = SCXMLValueTally(budgets: model.meter.budgets)
            do {
                try tally.add(value, what: "the value made into text")
            } catch {
                var located = error
                located.offset = span.start
                throw located
            }
        }
        let text = value.description
        try checkText(text.utf8.count, of: "making a value into text", at: span)
        return text
    }

    private func finite(_ result: Double, _ op: BinaryOperator, at span: SourceSpan) throws(SCXMLDatamodelError) -> SCXMLValue {
        guard result.isFinite else {
            let problem = result.isNaN ? "is not a number" : "is too large"
            throw SCXMLDatamodelError("the result of '\(op.rawValue)' \(problem)", offset: span.start)
        }
        return .number(result)
    }

    private func compare(
        _ op: BinaryOperator,
        _ left: SCXMLValue,
        _ right: SCXMLValue,
        at span: SourceSpan
    ) throws(SCXMLDatamodelError) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            return Self.order(op, a, b)
        case (.string(let a), .string(let b)):
            return Self.order(op, a, b)
        default:
            throw SCXMLDatamodelError(
                "'\(op.rawValue)' compares two numbers or two strings, but here it has "
                    + "\(left.kindWithArticle) and \(right.kindWithArticle)",
                offset: span.start
            )
        }
    }

    private static func order<T: Comparable>(_ op: BinaryOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        default: a >= b
        }
    }

    // MARK: Built-in functions

    /// Calls `function` with evaluated `values`; `arguments` are their nodes, for messages.
    func call(
        _ function: Builtin,
        _ values: [SCXMLValue],
        arguments: [ExpressionNode],
        at span: SourceSpan
    ) throws(SCXMLDatamodelError) -> SCXMLValue {
        func wrong(_ position: Int, expected: String) -> SCXMLDatamodelError {
            SCXMLDatamodelError(
                "\(function.rawValue)() needs \(expected), but '\(text(arguments[position].span))' is "
                    + "\(values[position].kindWithArticle)",
                offset: arguments[position].span.start
            )
        }
        switch function {
        case .inState:
            guard case .string(let id) = values[0] else { throw wrong(0, expected: "a state id string") }
            return .bool(model.isActive(id))
        case .typeOf:
            return .string(SCXMLValueText.typeName(values[0]))
        case .length:
            switch values[0] {
            case .array(let items): return .number(Double(items.count))
            case .string(let string): return .number(Double(string.count))
            case .object(let members): return .number(Double(members.count))
            default: throw wrong(0, expected: "an array, a string or an object")
            }
        case .has:
            switch (values[0], values[1]) {
            case (.object(let members), .string(let name)):
                return .bool(members.contains { $0.name == name })
            case (.array(let items), .number(let number)):
                return .bool(
                    number.isFinite && number.rounded(.towardZero) == number && number >= 0
                        && number < Double(items.count)
                )
            case (.object, _): throw wrong(1, expected: "a member name string for an object")
            case (.array, _): throw wrong(1, expected: "a number for an array")
            default: throw wrong(0, expected: "an object or an array")
            }
        case .contains:
            switch (values[0], values[1]) {
            case (.string(let string), .string(let part)):
                return .bool(part.isEmpty || string.contains(part))
            case (.string, _): throw wrong(1, expected: "a string to look for in a string")
            case (.array(let items), let sought):
                return .bool(items.contains { $0.isEquivalent(to: sought) })
            default: throw wrong(0, expected: "a string or an array")
            }
        case .startsWith:
            guard case .string(let string) = values[0] else { throw wrong(0, expected: "a string") }
            guard case .string(let prefix) = values[1] else { throw wrong(1, expected: "a string") }
            return .bool(string.hasPrefix(prefix))
        case .concat:
            guard case .array(let first) = values[0] else { throw wrong(0, expected: "an array") }
            guard case .array(let second) = values[1] else { throw wrong(1, expected: "an array") }
            guard first.count + second.count < model.meter.budgets.effectiveNodes else {
                var error = model.meter.budgets.nodesExceeded("the result of concat()")
                error.offset = span.start
                throw error
            }
            return .array(first + second)
        case .text:
            return .string(try text(of: values[0], at: span))
        case .split:
            guard case .string(let string) = values[0] else { throw wrong(0, expected: "a string to split") }
            guard case .string(let separator) = values[1] else { throw wrong(1, expected: "a separator string") }
            guard let parts = Self.split(string, by: separator, limit: model.meter.budgets.effectiveNodes) else {
                var error = model.meter.budgets.nodesExceeded("the result of split()")
                error.offset = span.start
                throw error
            }
            return .array(parts.map(SCXMLValue.string))
        }
    }

    /// The parts of `string` between occurrences of `separator`, compared character by
    /// character: `n` occurrences make `n + 1` parts, empty ones included. An empty separator
    /// splits the string into its characters. `nil` when there would be more than `limit`
    /// parts.
    static func split(_ string: String, by separator: String, limit: Int = .max) -> [String]? {
        guard !separator.isEmpty else {
            var parts: [String] = []
            for character in string {
                guard parts.count < limit else { return nil }
                parts.append(String(character))
            }
            return parts
        }
        let characters = Array(string), pattern = Array(separator)
        var parts: [String] = []
        var start = 0, position = 0
        while position + pattern.count <= characters.count {
            if characters[position..<position + pattern.count].elementsEqual(pattern) {
                guard parts.count < limit else { return nil }
                parts.append(String(characters[start..<position]))
                position += pattern.count
                start = position
            } else {
                position += 1
            }
        }
        let rest = characters[start...]
        parts.append(String(rest))
        return parts
    }
}
