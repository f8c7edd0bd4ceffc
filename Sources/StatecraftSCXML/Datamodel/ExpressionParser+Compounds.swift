extension ExpressionParser {
    // MARK: Calls, arrays and objects

    mutating func parseCall(name: String, at nameSpan: SourceSpan) throws(SCXMLDatamodelError) -> ExpressionNode {
        let open = current
        advance()
        if name == "isBound" { return try parseIsBound(at: nameSpan, open: open) }
        guard let function = Builtin(rawValue: name) else { throw Self.unknownFunction(name, at: nameSpan.start) }
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
            throw Self.wrongArity(function, count: arguments.count, at: nameSpan.start)
        }
        return try checked(ExpressionNode(kind: .call(function, arguments), span: nameSpan.through(end), over: arguments))
    }

    private mutating func parseIsBound(at nameSpan: SourceSpan, open: ExpressionToken) throws(SCXMLDatamodelError) -> ExpressionNode {
        let location = try parseLocation(purpose: .isBound)
        let end = current.span
        try expect(")", closing: open)
        var indices: [ExpressionNode] = []
        for step in location.steps {
            if case .index(let index) = step.selector { indices.append(index) }
        }
        return try checked(ExpressionNode(kind: .isBound(location), span: nameSpan.through(end), over: indices))
    }

    mutating func parseArray() throws(SCXMLDatamodelError) -> ExpressionNode {
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
                return try checked(ExpressionNode(kind: .array(elements), span: span, over: elements))
            }
            values.append(value)
        }
        return ExpressionNode(kind: .literal(.array(values)), span: span)
    }

    mutating func parseObject() throws(SCXMLDatamodelError) -> ExpressionNode {
        let open = current
        advance()
        var members: [ObjectMemberNode] = []
        var names: Set<String> = []
        while !isSymbol("}") {
            let key = current
            let name: String
            switch key.kind {
            case .name(let text), .string(let text): name = text
            default: throw Self.missingMemberName(found: key)
            }
            guard names.insert(name).inserted else { throw Self.duplicateMember(name, at: key.span.start) }
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
                return try checked(ExpressionNode(kind: .object(members), span: span, over: members.map(\.value)))
            }
            values.append(SCXMLMember(member.name, value))
        }
        return ExpressionNode(kind: .literal(.object(values)), span: span)
    }

    // MARK: Locations and statements

    /// What a location is parsed for, which decides what a message says it should be.
    enum LocationPurpose {
        /// An `assign` location, an `idlocation`, a `foreach` item.
        case location
        /// The argument of `isBound()`.
        case isBound
        /// The left side of a script's assignment.
        case statement

        /// What the location should have been, for messages.
        var expectation: String {
            switch self {
            case .location: "a location is a variable, then any .member and [index] parts"
            case .isBound: "isBound takes a location: a variable, then any .member and [index] parts"
            case .statement: "a statement is 'location = expression' or 'var name = expression'"
            }
        }
    }

    mutating func parseLocation(purpose: LocationPurpose) throws(SCXMLDatamodelError) -> LocationNode {
        let token = current
        guard case .name(let name) = token.kind, !Self.keywords.contains(name) else {
            throw Self.missingVariable(found: token, purpose: purpose)
        }
        advance()
        if isSymbol("(") { throw Self.callAsLocation(at: current.span.start, purpose: purpose) }
        let steps = try parseSteps()
        return LocationNode(
            variable: name,
            variableSpan: token.span,
            steps: steps,
            span: token.span.through(steps.last?.span ?? token.span)
        )
    }

    mutating func parseStatement() throws(SCXMLDatamodelError) -> ScriptStatement {
        if current.kind == .name("var") {
            advance()
            let nameToken = current
            guard case .name(let name) = nameToken.kind, !Self.keywords.contains(name) else {
                throw Self.missingDeclaredName(found: nameToken)
            }
            advance()
            guard isSymbol("=") else { return .declaration(name: name, nameSpan: nameToken.span, value: nil) }
            advance()
            return .declaration(name: name, nameSpan: nameToken.span, value: try parseExpression())
        }
        let location = try parseLocation(purpose: .statement)
        guard isSymbol("=") else { throw Self.missingAssignment(found: current) }
        advance()
        return .assignment(location, try parseExpression())
    }
}
