extension ChartStructure {
    /// The structure as JSON, for other tools.
    ///
    /// ```json
    /// {"name": null, "eventMatching": "exact", "initial": [0],
    ///  "states": [{"index": 0, "id": "locked", "kind": "atomic", "parent": null, "children": [],
    ///              "initial": [], "transitions": [0, 1], "entry": [], "exit": [],
    ///              "location": {"file": "Turnstile/Turnstile.swift", "line": 35, "column": null}}, ...],
    ///  "transitions": [{"index": 0, "source": 0, "trigger": "events", "events": ["coin"],
    ///                   "delay": null, "targets": [1], "type": "external", "guard": true,
    ///                   "guardLabel": "enough coins", "action": true, "actionLabel": null,
    ///                   "location": {...}}, ...],
    ///  "emittedEvents": [{"name": "go", "kind": "raise", "state": 2, "transition": null, "location": {...}}]}
    /// ```
    ///
    /// States and transitions refer to each other by index. `kind` is `atomic`, `compound`,
    /// `parallel`, `final`, `shallowHistory` or `deepHistory`; `trigger` is `events`,
    /// `eventless`, `done` or `after`, and `delay` is in seconds (`2.5`) for `after`. Entry and
    /// exit hold one label per action, `null` for an action without one.
    ///
    /// - Returns: One JSON object, formatted with one state or transition a line.
    public func json() -> String {
        var out = "{\n"
        out += "  \"name\": \(Self.jsonString(name)),\n"
        out += "  \"eventMatching\": \"\(eventMatching == .exact ? "exact" : "descriptor")\",\n"
        out += "  \"initial\": \(Self.jsonList(initial)),\n"
        out += "  \"states\": [\n"
        for (position, state) in states.enumerated() {
            let kind = switch state.kind {
            case .atomic: "atomic"
            case .compound: "compound"
            case .parallel: "parallel"
            case .final: "final"
            case .history(.shallow): "shallowHistory"
            case .history(.deep): "deepHistory"
            }
            out += "    {\"index\": \(state.index), \"id\": \(Self.jsonString(state.id)), \"kind\": \"\(kind)\", "
            out += "\"parent\": \(state.parent.map(String.init) ?? "null"), \"children\": \(Self.jsonList(state.children)), "
            out += "\"initial\": \(Self.jsonList(state.initial)), \"transitions\": \(Self.jsonList(state.transitions)), "
            out += "\"entry\": [\(state.entry.map(Self.jsonString).joined(separator: ", "))], "
            out += "\"exit\": [\(state.exit.map(Self.jsonString).joined(separator: ", "))], "
            out += "\"location\": \(Self.jsonLocation(state.location))}"
            out += position + 1 < states.count ? ",\n" : "\n"
        }
        out += "  ],\n  \"transitions\": [\n"
        for (position, transition) in transitions.enumerated() {
            let trigger: String
            var delay = "null"
            switch transition.trigger {
            case .events: trigger = "events"
            case .eventless: trigger = "eventless"
            case .done: trigger = "done"
            case .after(let after):
                trigger = "after"
                delay = Self.seconds(after)
            }
            out += "    {\"index\": \(transition.index), \"source\": \(transition.source), \"trigger\": \"\(trigger)\", "
            out += "\"events\": [\(transition.events.map { Self.jsonString($0) }.joined(separator: ", "))], "
            out += "\"delay\": \(delay), \"targets\": \(Self.jsonList(transition.targets)), "
            out += "\"type\": \"\(transition.type == .internal ? "internal" : "external")\", "
            out += "\"guard\": \(transition.hasGuard), \"guardLabel\": \(Self.jsonString(transition.guardLabel)), "
            out += "\"action\": \(transition.hasAction), \"actionLabel\": \(Self.jsonString(transition.actionLabel)), "
            out += "\"location\": \(Self.jsonLocation(transition.location))}"
            out += position + 1 < transitions.count ? ",\n" : "\n"
        }
        out += "  ],\n  \"emittedEvents\": [\n"
        for (position, emitted) in emittedEvents.enumerated() {
            out += "    {\"name\": \(Self.jsonString(emitted.name)), \"kind\": \"\(emitted.kind == .raise ? "raise" : "send")\", "
            out += "\"state\": \(emitted.state.map(String.init) ?? "null"), "
            out += "\"transition\": \(emitted.transition.map(String.init) ?? "null"), "
            out += "\"location\": \(Self.jsonLocation(emitted.location))}"
            out += position + 1 < emittedEvents.count ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }

    private static func jsonList(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ", ") + "]"
    }

    private static func jsonLocation(_ location: SourceLocation?) -> String {
        guard let location else { return "null" }
        return "{\"file\": \(jsonString(location.file)), \"line\": \(location.line), "
            + "\"column\": \(location.column.map(String.init) ?? "null")}"
    }

    /// A duration in seconds as a JSON number: `2`, `0.15`, `0.000001`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)" }
        var fraction = String(attoseconds)
        fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }

    /// A JSON string literal, or `null`.
    static func jsonString(_ text: String?) -> String {
        guard let text else { return "null" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
