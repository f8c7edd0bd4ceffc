import StatecraftSCXML

/// What an `<assign>` may not do, found when it is translated.
extension ExecutableContent {
    /// Refuses an assignment of a value whose type is certainly not the field's (a string to a
    /// number): the datamodel's variables change type, the generated fields do not.
    func checkType(of expr: String, assignedTo field: ContextField) throws(Untranslatable) {
        let node = try? StatecraftExpressionSyntax.expression(expr)
        try checkType(node.flatMap { ExpressionTypes.type(of: $0, fields) }, assignedTo: field)
    }

    /// ``checkType(of:assignedTo:)`` for an `<assign>`'s content, of `value`.
    func checkType(of value: SCXMLValue, assignedTo field: ContextField) throws(Untranslatable) {
        try checkType(ContextFields.type(of: value), assignedTo: field)
    }

    private func checkType(_ type: String?, assignedTo field: ContextField) throws(Untranslatable) {
        let simple: Set<String> = ["Double", "String", "Bool"]
        let fieldType = field.type.hasSuffix("?") ? String(field.type.dropLast()) : field.type
        guard !field.keepsText, let type, simple.contains(type), simple.contains(fieldType), type != fieldType else { return }
        // When every read of the data is as text, the generator types it again as its text (ContextField.keepsText).
        system.typeConflicts.insert(field.id)
        throw Untranslatable(reason: "the value assigned to '\(SwiftNames.escapedText(field.id))' is a \(type), and its field "
            + "a \(fieldType): the datamodel's variables change type, the generated fields do not; give it one type, "
            + "or state one with statecraft:type")
    }

    /// An `<assign>` of its content (or of nothing: `undefined`), read as the datamodel reads it:
    /// a literal, else the text, white space normalized; markup is its text, serialized as the
    /// session serializes it.
    func contentAssignment(
        _ content: ContentModel?, to field: ContextField, _ expressions: ExpressionTranslator
    ) throws(Untranslatable) -> String {
        var given = ContextFields.contentValue(content) ?? .undefined
        try checkType(of: given, assignedTo: field)
        if field.keepsText, given != .undefined { given = .string(given.description) }
        let literal = try expressions.literal(given)
        guard literal != "nil" || field.isOptional else {
            throw Untranslatable(reason: "an <assign> without a value makes '\(SwiftNames.escapedText(field.id))' undefined, "
                + "and its field is not optional")
        }
        return "context.\(field.swiftName) = \(literal)"
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
