extension SCXMLExpressionDatamodel {
    /// Runs a `<script>`: statements separated by `;` or line breaks.
    ///
    /// A statement is an assignment, `location = expression`, with the rules of
    /// ``assign(_:value:)``, or a declaration: `var name = expression` creates the variable
    /// or replaces its value, and `var name` creates it holding `undefined` (and leaves an
    /// existing variable as it is). `//` starts a comment. A statement ends where its
    /// expression cannot go on; a line break or `;` must follow it.
    ///
    /// ```swift
    /// try model.run(script: """
    ///     var total = 0
    ///     total = total + 5; var label = 'total: ' + total
    ///     """)
    /// ```
    ///
    /// The whole script is parsed before any statement runs, so a syntax error changes
    /// nothing. A statement that fails stops the script; the statements before it keep their
    /// effect.
    ///
    /// - Parameter script: The script's text.
    /// - Throws: ``SCXMLDatamodelError`` with the offset in the script, counted in characters;
    ///   naming the budget when the macrostep's evaluation time is spent or a value would pass
    ///   the value budget (``SCXMLBudgets``).
    public func run(script: String) throws(SCXMLDatamodelError) {
        try meter.beginEvaluation()
        let statements = try parsedScript(script)
        let evaluator = makeEvaluator(source: script)
        do throws(SCXMLDatamodelError) {
            for statement in statements {
                switch statement {
                case .assignment(let location, let expression):
                    try store(try evaluator.evaluate(expression), at: location, evaluator: evaluator)
                case .declaration(let name, let nameSpan, let expression):
                    if Self.systemVariableNames.contains(name) {
                        throw SCXMLDatamodelError(
                            "'\(name)' is read-only: only the session sets system variables",
                            offset: nameSpan.start
                        )
                    }
                    if let expression {
                        let value = try evaluator.evaluate(expression)
                        try Self.checkDepth(of: value, below: 0)
                        variableSizes[name] = try size(of: value, what: "the value of '\(name)'")
                        variables[name] = value
                    } else if variables[name] == nil {
                        variableSizes[name] = ValueSize(nodes: 1, bytes: 0)
                        variables[name] = .undefined
                    }
                }
            }
        } catch {
            throw error.located(in: script)
        }
    }

    /// The value of inline content: `<data>` or `<content>` text, or a file loaded by `src`.
    ///
    /// When the text, without surrounding whitespace, is a constant of the language (a
    /// number, a quoted string, `true`, `false`, `null`, or an array or object literal made of
    /// constants, JSON included), the value is that constant: `<content>123</content>` is the
    /// number 123 and `[1, 2, 3]` an array. Any other text is a string, with whitespace
    /// normalized as the W3C's ECMAScript datamodel does: leading and trailing whitespace
    /// removed and each inner run of spaces, tabs and line breaks made one space.
    ///
    /// ```swift
    /// model.value(ofContent: " {\"a\": [1, 2]} ")      // an object
    /// model.value(ofContent: "\n this  is\n a string") // .string("this is a string")
    /// ```
    ///
    /// Text longer than 1 MiB, or nesting more than 32 levels deep, is kept as a string.
    ///
    /// - Parameter text: The content's text.
    /// - Returns: Its value.
    public func value(ofContent text: String) -> SCXMLValue {
        let trimmed = Self.trimmingWhitespace(text)
        if !trimmed.isEmpty, trimmed.utf8.count <= ExpressionLimits.maximumScriptLength,
            let node = try? ExpressionParser.expression(Array(trimmed.unicodeScalars)),
            case .literal(let value) = node.kind, !value.containsUndefined
        {
            return value
        }
        return .string(Self.normalizingWhitespace(trimmed))
    }

    /// Whether `scalar` is XML whitespace: space, tab, carriage return or line feed.
    static func isXMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// `text` without leading and trailing XML whitespace.
    package static func trimmingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isXMLWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isXMLWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `text` trimmed, with each inner run of XML whitespace made one space.
    static func normalizingWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isXMLWhitespace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
