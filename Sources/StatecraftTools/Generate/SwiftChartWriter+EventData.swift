import StatecraftSCXML

/// Writing the data events carry (``EventDataShape``): a struct per event name that carries
/// data, which its `Event` case holds.
extension SwiftChartWriter {
    /// Event name → its data, for the events that carry some.
    var eventDataShapes: [String: EventDataShape] { content?.eventData.shapes ?? [:] }

    /// A struct per event that carries data, in the order of `Event`'s cases: its fields, an
    /// initializer whose optional fields default to `nil`, and `init?(_:)`, which reads it from an
    /// event (`nil` for another event, whose fields are then SCXML's `undefined`).
    mutating func writeEventData() {
        let shapes = eventDataShapes
        for event in events {
            guard let shape = shapes[event.name] else { continue }
            let name = SwiftNames.escapedText(event.name)
            let caseName = SwiftNames.escaped(eventTable.names[event.name] ?? "")
            if shape.carriesSendID {
                lines.append("    /// What the error event `\(name)` carries: the id of the `<send>` whose failure raised it.")
            } else {
                lines.append("    /// The data of the event `\(name)`: the union of what the document's `<send>`s of it give; a field")
                lines.append("    /// some `<send>` or `<raise>` of it does not give is optional (`nil` is SCXML's `undefined`).")
            }
            lines.append("    \(modifier)struct \(shape.typeName): Hashable, Sendable {")
            // The data's fields, and an error event's failed send's id: Swift name, type, optional, what it is.
            var members = shape.fields.map { field in
                let what = field.name.isEmpty ? "The `<content>`'s value (`_event.data`)." : "`_event.data.\(SwiftNames.escapedText(field.name))`."
                return (field.swiftName, field.type, field.isOptional, what)
            }
            if shape.carriesSendID {
                members.append(("sendid", "String", true, "`_event.sendid`: the failed `<send>`'s id; `nil` when no `<send>` with an id failed."))
            }
            for (swiftName, type, isOptional, what) in members {
                lines.append("        /// \(what)")
                lines.append("        \(modifier)var \(swiftName): \(type)\(isOptional ? "?" : "")")
            }
            lines.append("")
            lines.append("        /// Makes the data from its fields.")
            let parameters = members.map { swiftName, type, isOptional, _ in "\(swiftName): \(type)" + (isOptional ? "? = nil" : "") }
            lines.append("        \(modifier)init(\(parameters.joined(separator: ", "))) {")
            for (swiftName, _, _, _) in members {
                let plain = swiftName.filter { $0 != "`" }
                lines.append("            self.\(plain) = \(swiftName)")
            }
            lines.append("        }")
            lines.append("")
            lines.append("        /// The data of `event`, or `nil` when it is another event.")
            lines.append("        \(modifier)init?(_ event: Event) {")
            lines.append("            guard case .\(caseName)(let data) = event else { return nil }")
            lines.append("            self = data")
            lines.append("        }")
            lines.append("    }")
            lines.append("")
        }
    }

    /// `DoneData` for a final whose `<donedata>` gives its parent's done event data: the event
    /// with its data, or `nil` after raising `error.execution` when evaluating it fails.
    func doneDataClosure(of final: StateModel) -> String? {
        guard var content, final.kind == .final, let data = final.doneData, let parent = parents[final.id],
            let body = try? content.doneDataStatements(data, event: "done.state." + parent, survey: false)
        else { return nil }
        return "DoneData { context, effects in\n" + body.map { "    " + $0 + "\n" }.joined() + "}"
    }
}
