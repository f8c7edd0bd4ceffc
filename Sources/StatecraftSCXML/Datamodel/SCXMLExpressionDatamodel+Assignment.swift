extension SCXMLExpressionDatamodel {
    /// Stores `value` at `location`.
    ///
    /// A location is a declared variable, then any number of `.name` and `[index]` steps:
    /// `Var1`, `order.lines[2].price`, `table['key']`. The rules:
    /// - The variable must be declared (by `<data>`, ``declare(_:value:)`` or a script's
    ///   `var`); assigning to an unknown variable is an error.
    /// - A system variable, and anything inside one, is read-only.
    /// - A member step sets the member of an object, or adds it when the object has none of
    ///   that name. Steps before the last must name parts that exist.
    /// - An index step into an array sets the element when the index is in range, and appends
    ///   when the index equals the count; any other index is an error.
    /// - Parts of strings, and members of anything but objects, cannot be assigned.
    ///
    /// ```swift
    /// try model.declare("order", value: .object([SCXMLMember("lines", .array([]))]))
    /// try model.assign("order.lines[0]", value: .number(12))   // appends
    /// try model.assign("order.status", value: .string("open")) // adds a member
    /// ```
    ///
    /// - Parameters:
    ///   - location: Where to store.
    ///   - value: What to store.
    /// - Throws: ``SCXMLDatamodelError`` when the location is malformed, names a system
    ///   variable or nothing that can be written, when the stored value would nest more
    ///   than 256 levels deep, or when the variable would grow past the value budget
    ///   (``SCXMLBudgets/valueNodes``, ``SCXMLBudgets/valueBytes``). The datamodel is unchanged
    ///   then.
    public func assign(_ location: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        try meter.beginEvaluation()
        let node = try parsedLocation(location)
        do {
            try store(value, at: node, evaluator: makeEvaluator(source: location))
        } catch {
            throw error.located(in: location)
        }
    }

    /// Whether ``assign(_:value:)`` would accept `location`, answered without changing
    /// anything.
    ///
    /// - Parameter location: A location.
    /// - Returns: `true` when the location parses, its variable is declared and not a system
    ///   variable, and every step before the last names an existing part of the right kind.
    public func isAssignable(_ location: String) -> Bool {
        guard let node = try? parsedLocation(location) else { return false }
        return (try? resolve(node, evaluator: makeEvaluator(source: location))) != nil
    }

    /// Stores `value` at a parsed location; offsets in errors count scalars.
    func store(_ value: SCXMLValue, at location: LocationNode, evaluator: ExpressionEvaluator) throws(SCXMLDatamodelError) {
        let steps = try resolve(location, evaluator: evaluator)
        try Self.checkDepth(of: value, below: steps.count)
        // The variable's new size, from its old size, the part replaced and the part stored: the
        // whole variable is not walked again, and nothing changes when it would pass the budget.
        let what = "'\(location.variable)'"
        let added = try size(of: value, what: "the value stored in \(what)")
        guard let last = steps.last else {
            variableSizes[location.variable] = added
            variables[location.variable] = value
            return
        }
        var total = variableSizes[location.variable] ?? ValueSize(nodes: 0, bytes: 0)
        if let replaced = variables[location.variable]?.part(at: steps) {
            let removed = try size(of: replaced, what: what)
            total.nodes -= removed.nodes
            total.bytes -= removed.bytes
        } else if case .member(let name) = last {
            // A new member: its name counts too.
            total.bytes += name.utf8.count
        }
        total.nodes += added.nodes
        total.bytes += added.bytes
        if total.nodes > meter.budgets.effectiveNodes { throw meter.budgets.nodesExceeded(what) }
        if total.bytes > meter.budgets.effectiveBytes { throw meter.budgets.bytesExceeded(what) }
        variableSizes[location.variable] = total
        // Take each container out of its parent so that it is uniquely referenced and changes
        // in place, set the part, then put the containers back from the bottom up.
        guard var current = variables.removeValue(forKey: location.variable) else {
            preconditionFailure("variable '\(location.variable)' vanished between resolving and storing")
        }
        var containers: [SCXMLValue] = []
        containers.reserveCapacity(steps.count - 1)
        for step in steps.dropLast() {
            let child = current.takePart(step)
            containers.append(current)
            current = child
        }
        current.putPart(value, at: last)
        for step in steps.dropLast().reversed() {
            var parent = containers.removeLast()
            parent.putPart(current, at: step)
            current = parent
        }
        variables[location.variable] = current
    }

    /// Checks a location against the current values, evaluating its indices, and answers the
    /// steps to take; changes nothing.
    func resolve(_ location: LocationNode, evaluator: ExpressionEvaluator) throws(SCXMLDatamodelError) -> [ResolvedStep] {
        let name = location.variable
        if Self.systemVariableNames.contains(name) {
            throw SCXMLDatamodelError(
                "'\(name)' is read-only: only the session sets system variables",
                offset: location.variableSpan.start
            )
        }
        guard var current = variables[name] else {
            throw SCXMLDatamodelError(
                "unknown variable '\(name)': declare it with <data> before assigning to it",
                offset: location.variableSpan.start
            )
        }
        var resolved: [ResolvedStep] = []
        resolved.reserveCapacity(location.steps.count)
        for (position, step) in location.steps.enumerated() {
            let isLast = position == location.steps.count - 1
            let owner = evaluator.text(SourceSpan(start: location.span.start, end: step.span.start))
            var memberName: String?
            switch step.selector {
            case .member(let member):
                memberName = member
            case .index(let indexNode):
                let key = try evaluator.evaluate(indexNode)
                switch (current, key) {
                case (.array(let items), _):
                    let index = try evaluator.arrayIndex(
                        key, count: items.count, owner: owner, node: indexNode, allowsEnd: isLast
                    )
                    resolved.append(.index(index))
                    if !isLast { current = items[index] }
                    continue
                case (.object, .string(let member)):
                    memberName = member
                case (.object, _):
                    throw SCXMLDatamodelError(
                        "an object's members are selected by string, but '\(evaluator.text(indexNode.span))' is "
                            + key.kindWithArticle,
                        offset: indexNode.span.start
                    )
                case (.string, _):
                    throw SCXMLDatamodelError(
                        "'\(owner)' is a string; the characters of a string cannot be assigned",
                        offset: step.span.start
                    )
                default:
                    throw SCXMLDatamodelError(
                        "'\(owner)' is \(current.kindWithArticle); only parts of arrays and objects can be assigned",
                        offset: step.span.start
                    )
                }
            }
            guard let member = memberName else { continue }
            guard case .object(let members) = current else {
                throw SCXMLDatamodelError(
                    "'\(owner)' is \(current.kindWithArticle), not an object, so it has no member '\(member)' to assign",
                    offset: step.span.start
                )
            }
            resolved.append(.member(member))
            if !isLast {
                guard let found = members.first(where: { $0.name == member }) else {
                    throw SCXMLDatamodelError("'\(owner)' has no member '\(member)'", offset: step.span.start)
                }
                current = found.value
            }
        }
        return resolved
    }
}

/// A step of a location checked against the values: a member name, or an array position
/// (the count itself for an append).
enum ResolvedStep {
    /// The member of an object.
    case member(String)
    /// The position in an array.
    case index(Int)
}

extension SCXMLValue {
    /// The part that `steps` name, or `nil` when the last one names a part that does not exist
    /// yet (a new member, an appended element).
    func part(at steps: [ResolvedStep]) -> SCXMLValue? {
        var current = self
        for step in steps {
            switch (step, current) {
            case (.member(let name), .object(let members)):
                guard let found = members.first(where: { $0.name == name }) else { return nil }
                current = found.value
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Removes the part at `step` (leaving `undefined` in its place) and returns it; the step
    /// was resolved against this value and names an existing part.
    ///
    /// The container is taken out of `self` before it changes, so that its storage is
    /// uniquely referenced and changes in place.
    mutating func takePart(_ step: ResolvedStep) -> SCXMLValue {
        switch step {
        case .member(let name):
            guard case .object(var members) = self,
                let position = members.firstIndex(where: { $0.name == name })
            else { preconditionFailure("takePart: no member '\(name)' in a resolved location") }
            self = .null
            let part = members[position].value
            members[position].value = .undefined
            self = .object(members)
            return part
        case .index(let index):
            guard case .array(var items) = self, items.indices.contains(index) else {
                preconditionFailure("takePart: no element \(index) in a resolved location")
            }
            self = .null
            let part = items[index]
            items[index] = .undefined
            self = .array(items)
            return part
        }
    }

    /// Sets the part at `step`: an existing member or element, a new member, or an appended
    /// element.
    mutating func putPart(_ part: SCXMLValue, at step: ResolvedStep) {
        switch step {
        case .member(let name):
            guard case .object(var members) = self else {
                preconditionFailure("putPart: member '\(name)' of a value that is not an object")
            }
            self = .null
            if let position = members.firstIndex(where: { $0.name == name }) {
                members[position].value = part
            } else {
                members.append(SCXMLMember(name, part))
            }
            self = .object(members)
        case .index(let index):
            guard case .array(var items) = self, index <= items.count else {
                preconditionFailure("putPart: element \(index) of a value that is not an array that long")
            }
            self = .null
            if index == items.count { items.append(part) } else { items[index] = part }
            self = .array(items)
        }
    }
}
