extension SCXMLExpressionDatamodel {
    /// The variables, sorted by name, for a session snapshot; one declared without a value is
    /// ``SCXMLValue/undefined``.
    ///
    /// - Returns: One member per variable; system variables are not included.
    public func exportVariables() throws(SCXMLDatamodelError) -> [SCXMLMember] {
        variables.keys.sorted().map { SCXMLMember($0, variables[$0] ?? .undefined) }
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
