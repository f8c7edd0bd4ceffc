extension SCXMLNullDatamodel {
    /// No variables: the null datamodel has none.
    ///
    /// - Returns: An empty list.
    public func exportVariables() throws(SCXMLDatamodelError) -> [SCXMLMember] {
        []
    }

    /// Accepts an empty list; any variable is an error, since the null datamodel has none.
    ///
    /// - Parameter variables: The variables to restore.
    /// - Throws: ``SCXMLDatamodelError`` when `variables` is not empty.
    public func importVariables(_ variables: [SCXMLMember]) throws(SCXMLDatamodelError) {
        if let first = variables.first {
            throw SCXMLDatamodelError("the null datamodel has no variables, so it cannot restore '\(first.name)'")
        }
    }
}
