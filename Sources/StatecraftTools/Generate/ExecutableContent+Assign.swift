import StatecraftSCXML

/// What an `<assign>` may not do, found when it is translated.
extension ExecutableContent {
    /// Refuses an assignment of a value whose type is certainly not the field's (a string to a
    /// number): the datamodel's variables change type, the generated fields do not.
    func checkType(of expr: String, assignedTo field: ContextField) throws(Untranslatable) {
        let simple: Set<String> = ["Double", "String", "Bool"]
        let fieldType = field.type.hasSuffix("?") ? String(field.type.dropLast()) : field.type
        guard !field.keepsText, let node = try? StatecraftExpressionSyntax.expression(expr),
            let type = ExpressionTypes.type(of: node, fields), simple.contains(type), simple.contains(fieldType), type != fieldType
        else { return }
        // When every read of the data is as text, the generator types it again as its text (ContextField.keepsText).
        system.typeConflicts.insert(field.id)
        throw Untranslatable(reason: "the value assigned to '\(SwiftNames.escapedText(field.id))' is a \(type), and its field "
            + "a \(fieldType): the datamodel's variables change type, the generated fields do not; give it one type, "
            + "or state one with statecraft:type")
    }

    /// An assignment the session refuses when it runs, raising `error.execution` and ending the
    /// block: to a system variable (SCXML 5.10: they are read-only), or to a variable no `<data>`
    /// declares (the statecraft datamodel assigns only declared variables); `nil` for another location.
    mutating func refusedAssignment(
        _ location: LocationNode, element: String, at position: TextPosition, survey: Bool
    ) -> [String]? {
        let variable = SwiftNames.escapedText(location.variable)
        let why: String
        if SCXMLExpressionDatamodel.systemVariableNames.contains(location.variable) {
            why = ExpressionTranslator.readOnly(location.variable)
        } else if fields[location.variable] == nil, !declared.contains(location.variable) {
            why = "'\(variable)' names no <data>"
        } else {
            return nil
        }
        return raisingErrorExecution(why, element: element, at: position, survey: survey)
    }
}
