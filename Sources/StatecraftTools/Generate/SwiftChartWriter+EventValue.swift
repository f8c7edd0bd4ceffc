/// Writing `EventValue`, SCXML's `_event` as a whole value (5.10.1), for a document that reads
/// it so (``ExpressionTranslator/wholeEvent(_:)``): the event with its data, and its `type`,
/// `sendid`, `origin`, `origintype` and `invokeid` as ``EventOrigins`` finds them for its name,
/// made from the event the chart keeps in the context when the machine takes it.
extension SwiftChartWriter {
    mutating func writeEventValue(_ content: ExecutableContent) {
        // The translator reads `_event` as a whole only with the document's origins.
        guard let origins = content.eventOrigins else { return }
        let m = modifier
        lines += [
            "    /// SCXML's `_event` as a whole value (5.10.1): the event, with its data, and where it came from.",
            "    /// Two are equal when every field is.",
            "    \(m)struct EventValue: Hashable, Sendable {",
            "        /// The event, with its data (`_event.name`, `_event.data`).",
            "        \(m)var event: Event",
            "        /// `_event.type`: `platform`, `internal` or `external`.",
            "        \(m)var type: String",
            "        /// `_event.sendid`, `_event.origin`, `_event.origintype` and `_event.invokeid`; `nil` when undefined.",
            "        \(m)var sendid: String?",
            "        \(m)var origin: String?",
            "        \(m)var origintype: String?",
            "        \(m)var invokeid: String?",
            "",
            "        /// `_event.name`.",
            "        \(m)var name: String { event.scxmlName }",
            "",
            "        /// The `_event` of the event the machine took last (`effects.lastEvent` in actions, the context's",
            "        /// `lastTaken` in conditions); `nil` before the first.",
            "        init?(_ taken: TakenEvent<Event>?, _ context: Context) {",
            "            guard let taken else { return nil }",
            "            event = taken.event",
            "            (sendid, origin, origintype, invokeid) = (nil, nil, nil, nil)",
            "            switch taken.event.scxmlName {",
        ]
        for name in origins.names.sorted() {
            lines.append("            case \(SwiftNames.literal(name)):")
            lines += assignments(origins.fields(ofEventNamed: name), of: name)
        }
        lines.append("            default:")
        lines.append("                // A name the document neither makes nor names: the app's, or a <send eventexpr>'s.")
        lines += assignments(origins.fieldsOfOtherNames(), of: nil)
        lines += [
            "            }",
            "        }",
            "    }",
            "",
        ]
    }

    /// The initializer's assignments of `fields`, for the event `name` (`nil`: any other).
    private func assignments(_ fields: [String: EventOrigins.Value], of name: String?) -> [String] {
        EventOrigins.members.compactMap { member in
            value(fields[member] ?? .undefined, of: name).map { "                \(member) = \($0)" }
        }
    }

    /// The Swift of one field's value (`nil`: undefined, which the initializer leaves `nil`).
    /// The generator refused `_event` as a whole where a field is not known
    /// (``ExpressionTranslator/wholeEvent(_:)``).
    private func value(_ value: EventOrigins.Value, of name: String?) -> String? {
        switch value {
        case .text(let text): return SwiftNames.literal(text)
        case .ownOrigin: return "\"#_scxml_\" + context.sessionID"
        case .queue: return "taken.source == .internal ? \"internal\" : \"external\""
        case .failedSend:
            guard let name, let shape = eventDataShapes[name], shape.carriesSendID else { return nil }
            return "\(shape.typeName)(taken.event)?.sendid"
        case .undefined, .unknown: return nil
        }
    }
}
