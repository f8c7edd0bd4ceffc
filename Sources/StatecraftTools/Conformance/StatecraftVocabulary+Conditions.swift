import StatecraftSCXML

extension StatecraftVocabulary {
    /// The `cond` a condition item becomes.
    func condition(for item: ConformanceItem) throws(ConformanceMarkupError) -> String {
        let value = item.value
        let quoted = ConformanceItem.quoted
        switch item.name {
        // Comparisons of a variable: `N op V`.
        case "idVal", "namelistIdVal":
            let (id, op, operand) = try item.comparison()
            return "\(try item.variable(id)) \(op) \(operand)"
        case "idQuoteVal":
            let (id, op, operand) = try item.comparison()
            return "\(try item.variable(id)) \(op) \(quoted(operand))"
        case "varIdVal", "compareIDVal":
            // The sheet writes `=` for compareIDVal, an ECMAScript assignment; the item's
            // comment says it compares the two variables.
            let (id, op, operand) = try item.comparison()
            return "\(try item.variable(id)) \(op) \(try item.variable(operand))"
        case "idSystemVarVal":
            let (id, op, operand) = try item.comparison()
            return "\(try item.variable(id)) \(op) \(try item.identifier(operand))"
        case "eventvarVal":
            let (id, op, operand) = try item.comparison()
            return "_event.data.\(try item.variable(id)) \(op) \(operand)"
        case "idSomeVal":
            return "\(try item.variable()) == 123"
        case "VarEqVar", "VarEqVarStruct":
            // `==` compares structures member by member, so both items are the same here.
            let (first, second) = try item.pair()
            return "\(try item.variable(first)) == \(try item.variable(second))"
        case "varPrefix":
            // The sheet's function: the empty string is a prefix of anything, an absent value
            // (undefined or null) a prefix of nothing, and other values compare as text.
            let (prefixID, wholeID) = try item.pair()
            let prefix = try item.variable(prefixID), whole = try item.variable(wholeID)
            return "\(prefix) == '' || (isBound(\(prefix)) && isBound(\(whole)) && \(prefix) != null && "
                + "\(whole) != null && startsWith(text(\(whole)), text(\(prefix))))"
        case "arrayVal":
            let (id, cell) = try item.numberAndRest()
            let array = try item.variable(id)
            return ["[0][0]", "[0][1]", "[1][0]", "[1][1]"].map { "\(array)\($0) == \(cell)" }.joined(separator: " && ")
        // The current event.
        case "eventNameVal": return "_event.name == \(quoted(value))"
        case "eventdataVal": return "_event.data == \(try item.nonEmptyValue())"
        case "eventdataSomeVal": return "_event.data == 123"
        case "emptyEventData": return "!isBound(_event.data)"
        case "eventFieldsAreBound":
            return ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"]
                .map { "has(_event, '\($0)')" }
                .joined(separator: " && ")
        case "eventDataHasField": return "has(_event.data, \(quoted(try Self.fieldName(item))))"
        case "eventFieldHasNoValue": return "!isBound(_event.\(try item.identifier()))"
        case "eventLanguageMatchesDatamodel":
            // SCXML 1.0 has no `_event.language`: a session gives every event's data in its
            // own datamodel's values, so the language matches whenever there is an event.
            return "isBound(_event)"
        case "originTypeEq": return "_event.origintype == \(quoted(value))"
        case "eventIsExternal": return "_event.type == 'external'"
        // Bindings.
        case "isBound": return "isBound(\(try item.variable()))"
        case "unboundVar", "noValue": return "!isBound(\(try item.variable()))"
        case "systemVarIsBound": return "isBound(\(try item.identifier()))"
        case "nameVarVal": return "_name == \(quoted(value))"
        // States and constants.
        case "inState": return "In(\(quoted(try item.nonEmptyValue())))"
        case "nonBoolean": return "7"
        case "true": return "true"
        case "false": return "false"
        // The raw message of the Basic HTTP Event I/O Processor.
        case "methodIsPost": return "contains(_event.raw, 'POST')"
        case "messageBodyEquals": return "contains(_event.raw, \(quoted(value)))"
        case "eventIdParamHasValue":
            let (id, expected) = try item.pair()
            return "contains(_event.raw, \(quoted(try item.variable(id) + "=" + expected)))"
        case "eventNamedParamHasValue":
            let (parameter, expected) = try item.pair()
            return "contains(_event.raw, \(quoted(parameter + "=" + expected)))"
        case "msgIsBody": return "contains(_event.raw, '\\n\\naddress=')"
        default:
            preconditionFailure("conf:\(item.name) is in the catalog but is not a condition of the statecraft vocabulary")
        }
    }

    /// The field `conf:eventDataHasField` names: a name, or a quoted string as the sheet's
    /// ECMAScript `'field' in _event.data` would take it.
    private static func fieldName(_ item: ConformanceItem) throws(ConformanceMarkupError) -> String {
        let text = try item.nonEmptyValue()
        if let first = text.first, first == "'" || first == "\"", text.count >= 2, text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}
