import StatecraftSCXML

/// The system variables (SCXML 5.10) in generated code: `_sessionid`, a field of the context the
/// app may set; `_name`, the document's name; `_ioprocessors`, the one I/O processor a generated
/// machine has, SCXML's, under its type URI and under `scxml`, at `#_scxml_` and the session id.
extension ExpressionTranslator {
    /// The Swift type of `_ioprocessors` as a whole: processor name → its members (`location`).
    static let ioProcessorsType = "[String: [String: String]]"

    /// The names `_ioprocessors` answers, as the session binds them: the SCXML Event I/O
    /// Processor's type URI and its short name.
    static let ioProcessorNames = [SCXMLNames.scxmlProcessor, "scxml"]

    /// Why an assignment to the system variable `name` fails when it runs.
    static func readOnly(_ name: String) -> String {
        "the system variable \(SwiftNames.escapedText(name)) is read-only (SCXML 5.10)"
    }

    /// A read of the system variable `name`; `nil` when `name` is not a system variable.
    func systemVariable(_ name: String) throws(Untranslatable) -> String? {
        switch name {
        case "_sessionid":
            return try sessionID("_sessionid")
        case "_name":
            guard let documentName else {
                throw Untranslatable(reason: "_name is undefined in a document without a name, which is not generated; "
                    + "give the <scxml> a name")
            }
            return SwiftNames.literal(documentName)
        case "_ioprocessors":
            let location = try ownLocation()
            let members = Self.ioProcessorNames.map { "\(SwiftNames.literal($0)): [\"location\": \(location)]" }
            return "[" + members.joined(separator: ", ") + "]"
        default:
            guard name.hasPrefix("_") else { return nil }
            throw Untranslatable(reason: "the system variable '\(SwiftNames.escapedText(name))' is not generated; "
                + "_event.name, _sessionid, _name and _ioprocessors are")
        }
    }

    /// `_ioprocessors[name]` or `_ioprocessors[name].location` (members or indices with a string
    /// literal): the SCXML processor's object or location; any other name has no processor in
    /// the generated machine, and reading it fails when it runs, as the session's read of a
    /// member the object lacks does.
    func ioProcessorsMember(_ steps: [PathStep]) throws(Untranslatable) -> String {
        let keys = steps.map { step -> String? in
            switch step.selector {
            case .member(let name): return name
            case .index(let node):
                if case .literal(.string(let name)) = node.kind { return name }
                return nil
            }
        }
        guard let processor = keys.first ?? nil, keys.count <= 2 else {
            throw Untranslatable(reason: "of _ioprocessors, _ioprocessors['name'] and _ioprocessors['name'].location with a "
                + "string literal name are generated")
        }
        guard Self.ioProcessorNames.contains(processor) else {
            throw Untranslatable(reason: "_ioprocessors has no '\(SwiftNames.escapedText(processor))': the generated machine's "
                + "only I/O processor is SCXML's ('scxml')", failsWhenRun: true)
        }
        let location = try ownLocation()
        guard keys.count == 2 else { return "[\"location\": \(location)]" }
        guard keys[1] == "location" else {
            throw Untranslatable(reason: "an I/O processor in _ioprocessors has only 'location', not "
                + "'\(SwiftNames.escapedText(keys[1] ?? ""))'", failsWhenRun: true)
        }
        return location
    }

    /// `isBound(name)` of a system variable: `_sessionid` and `_ioprocessors` always are, `_name`
    /// when the document has a name, `_event` in a transition with an event; `nil` for data.
    func systemVariableIsBound(_ name: String) throws(Untranslatable) -> String? {
        switch name {
        case "_sessionid", "_ioprocessors": return "true"
        case "_name": return documentName == nil ? "false" : "true"
        case "_event":
            guard hasEvent else { throw Self.noEvent }
            if eventDescriptor != nil, !eventIsOptional { return "true" }
            // Elsewhere _event is bound once the machine has taken an event (SCXML 5.10).
            return "(\(try lastTaken()) != nil)"
        default: return nil
        }
    }

    /// The machine's own location, `#_scxml_` and the session id: the SCXML processor's location
    /// in `_ioprocessors` and the origin of the events it sends itself; `reader` names who reads it.
    func ownLocation(_ reader: String = "_ioprocessors") throws(Untranslatable) -> String {
        "(\"#_scxml_\" + \(try sessionID(reader)))"
    }

    /// The type of a read of a system variable (`_sessionid`, `_name`, `_ioprocessors` and its
    /// SCXML processor's members, `_event.name` and the fields ``EventOrigins`` answers); `nil`
    /// for any other expression.
    static func systemType(of node: ExpressionNode) -> String? {
        switch node.kind {
        case .variable("_sessionid"), .variable("_name"): return "String"
        case .variable("_ioprocessors"): return ioProcessorsType
        case .variable("_event"): return "EventValue"
        case .path(let base, let steps):
            if case .variable("_event") = base.kind, steps.count == 1, case .member(let member) = steps[0].selector,
                member == "name" || EventOrigins.members.contains(member)
            {
                return "String"
            }
            guard case .variable("_ioprocessors") = base.kind else { return nil }
            return steps.count == 1 ? "[String: String]" : steps.count == 2 ? "String" : nil
        default: return nil
        }
    }

    /// The context's session id, noted so that the context carries one.
    private func sessionID(_ reader: String) throws(Untranslatable) -> String {
        guard let system else {
            throw Untranslatable(reason: "\(reader) is read in actions, conditions and computed data only")
        }
        system.sessionID = true
        return contextPrefix + "sessionID"
    }
}
