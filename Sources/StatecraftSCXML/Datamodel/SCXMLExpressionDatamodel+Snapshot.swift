extension SCXMLExpressionDatamodel {
    /// The variables, sorted by name, for a session snapshot; one declared without a value is
    /// ``SCXMLValue/undefined``.
    ///
    /// The variables together must fit the value budget (``SCXMLBudgets/valueNodes``,
    /// ``SCXMLBudgets/valueBytes``), as one value would: a snapshot is written and read whole.
    ///
    /// - Returns: One member per variable; system variables are not included.
    /// - Throws: ``SCXMLDatamodelError`` naming the budget when they do not fit.
    public func exportVariables() throws(SCXMLDatamodelError) -> [SCXMLMember] {
        var tally = SCXMLValueTally(budgets: meter.budgets)
        let names = variables.keys.sorted()
        for name in names {
            let size = variableSizes[name] ?? ValueSize(nodes: 1, bytes: 0)
            try tally.add(nodes: size.nodes, bytes: size.bytes + name.utf8.count, what: "the variables of the snapshot")
        }
        return names.map { SCXMLMember($0, variables[$0] ?? .undefined) }
    }

    /// Declares each variable with its value, as a restored session needs.
    ///
    /// - Parameter variables: The variables, as ``exportVariables()`` gave them.
    /// - Throws: ``SCXMLDatamodelError`` when a name cannot be a variable or a value nests too
    ///   deeply, as ``declare(_:value:)`` does.
    public func importVariables(_ variables: [SCXMLMember]) throws(SCXMLDatamodelError) {
        for variable in variables {
            try declare(variable.name, value: variable.value)
        }
    }
}
