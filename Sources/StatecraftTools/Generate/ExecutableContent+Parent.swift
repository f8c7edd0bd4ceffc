import StatecraftSCXML

extension ExecutableContent {
    /// What an invoked document's `<send target="#_parent">`s with data give: the invoking
    /// document's type, and the data of the events it takes, by name (``EventDataShapes`` of the
    /// invoking document).
    struct ParentEvents {
        var typeName: String
        var shapes: [String: EventDataShape]
        /// The invoking document's datamodel: only `statecraft` gives its events typed data.
        var datamodel = "statecraft"
    }

    /// An invoked document's `<send target="#_parent">` with data (SCXML 6.4: an invoked
    /// session's events to its parent): the invoking document's data struct for the event, made
    /// here and handed to `Host.deliver(_:with:to:)`, which the invoking machine's driver
    /// implements. The invoking document typed the data over this document's `<data>` and the
    /// values it passes (``InvokedDocument/dataFields(passing:)``); where the two differ, the
    /// send is refused.
    mutating func sendToParent(
        _ send: SendModel, event: String, parent: ParentEvents, at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        let name = SwiftNames.escapedText(event)
        let given: EventDataShapes.Given
        do throws(Untranslatable) {
            given = try EventDataShapes.data(of: send, fields: fields, declared: declared, at: position)
        } catch where error.failsWhenRun {
            // SCXML 6.2: data that cannot be evaluated is error.execution, and nothing is sent.
            return raisingErrorExecution(error.reason, element: "send", at: position, survey: survey)
        }
        guard parent.datamodel == "statecraft" else {
            throw Untranslatable(reason: "the invoking document's datamodel ('\(SwiftNames.escapedText(parent.datamodel))') gives "
                + "its generated events no data, so the data of '\(name)' has nowhere to go: send it to #_parent without data")
        }
        guard let shape = parent.shapes[event] else {
            throw Untranslatable(reason: "the invoking document gives the event '\(name)' no one data type: it sends it with "
                + "data of another type, or with <content> and with <param>; send it with data of one type")
        }
        for field in given.fields {
            let expected = shape.fields.first { $0.name == field.name }
            guard let expected, given.isContent == shape.isContent, expected.type == field.type,
                expected.isOptional || !field.isOptional
            else {
                let what = field.name.isEmpty ? "its <content>" : "'\(SwiftNames.escapedText(field.name))'"
                let there = expected.map { "a \($0.type)\($0.isOptional ? "?" : "")" } ?? "nothing"
                throw Untranslatable(reason: "the event '\(name)' gives \(what) a \(field.type)\(field.isOptional ? "?" : "") here, "
                    + "and the invoking document expects \(there): give the data one type")
            }
        }
        let type = parent.typeName + "." + shape.typeName
        require(.deliverData(type))
        if !outgoingEvents.contains(event) { outgoingEvents.append(event) }
        // A parent that does not take it: the error the session raises for a target it cannot reach.
        if survey { noteInternal("error.communication", at: position) }
        let arguments = try dataArguments(send, event: event, shape: shape)
        return [
            "guard \(host)deliver(.\(outgoingCases[event] ?? "_"), with: \(type)(\(arguments)), to: \"#_parent\") else {",
            "    \(raising("error.communication"))",
            "    return",
            "}",
        ]
    }
}
