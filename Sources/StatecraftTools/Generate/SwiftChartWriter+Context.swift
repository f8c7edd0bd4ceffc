import StatecraftSCXML

/// Writing what executable content needs: the context struct of the document's data, the
/// `Outgoing` events the document sends out of the machine, the `Host` protocol of what the app
/// provides, and the closures of guards, transitions' actions and entry and exit actions.
extension SwiftChartWriter {
    /// The chart's context type: `Context` when the document has data or needs the app, else `Void`.
    var contextType: String {
        guard let content, content.needsContext else { return "Void" }
        return content.isSwift ? model.contextType ?? "Void" : "Context"
    }

    /// Gives the events that executable content raises or sends to the machine itself cases of
    /// `Event`, after the events transitions name, and the outgoing events and app actions their
    /// Swift names.
    mutating func registerActionEvents() {
        guard var content else { return }
        let made = content.internalEvents.map { ($0.name, $0.position, "first raised or sent by the executable content at \($0.position)") }
            + content.outboundEvents.map {
                ($0.name, $0.position, "sent out of the machine after a delay by the `<send>` at \($0.position), which the machine keeps until then")
            }
        for event in made where eventTable.names[event.0] == nil {
            _ = eventTable.name(for: event.0, fallback: "event")
            events.append(event)
        }
        content.eventCases = eventTable.names
        var outgoing = SwiftNameTable(reserved: ["rawValue", "allCases", "hashValue", "hash", "scxmlName"])
        for event in content.outgoingEvents { _ = outgoing.name(for: event, fallback: "event") }
        content.outgoingCases = outgoing.names
        var actions = SwiftNameTable(reserved: ["deliver", "log"])
        for case .action(let name) in content.requirements { _ = actions.name(for: name, fallback: "action") }
        content.actionNames = actions.names
        self.content = content
    }

    /// `Outgoing`, `Host` and `Context`, when the document needs them, and how values become text.
    mutating func writeContext() {
        guard let content else { return }
        if !content.isSwift, content.hasActions || content.needsContext { writeText() }
        guard content.needsContext else { return }
        if !content.outgoingEvents.isEmpty {
            lines.append("    /// The events the document sends out of the machine (`<send>` with a target other than the")
            lines.append("    /// machine itself), which `Host.deliver(_:to:)` receives; a case's raw value is the SCXML name.")
            lines.append("    \(modifier)enum Outgoing: String, Hashable, Sendable, CaseIterable {")
            for event in content.outgoingEvents {
                lines.append("        /// `\(SwiftNames.escapedText(event))`.")
                lines.append("        case \(caseLine(content.outgoingCases[event] ?? "", raw: event))")
            }
            lines.append("    }")
            lines.append("")
        }
        if !content.requirements.isEmpty {
            lines.append("    /// What the app provides to the machine: each requirement is a place in the document that")
            lines.append("    /// reaches outside it, so a host that forgets one does not compile.")
            lines.append("    \(modifier)protocol Host {")
            for requirement in content.requirements {
                switch requirement {
                case .deliver:
                    lines.append("        /// Receives an event the document sends out of the machine, and the `<send>`'s target; returns")
                    lines.append("        /// whether it took it. When it did not, the machine raises `error.communication` (a `#_` target)")
                    lines.append("        /// or `error.execution` and runs no more of the block, as the session does.")
                    if !content.outboundEvents.isEmpty {
                        lines.append("        /// A `<send>` with a delay is given here when its delay has passed on the machine's clock,")
                        lines.append("        /// unless it was cancelled or the machine finished; refused, the machine raises the error then.")
                    }
                    lines.append("        func deliver(_ event: Outgoing, to target: String) -> Bool")
                case .deliverData(let type):
                    lines.append("        /// Receives an event the document sends `#_parent` with its data, as `deliver(_:to:)` does.")
                    lines.append("        func deliver(_ event: Outgoing, with data: \(type), to target: String) -> Bool")
                case .log:
                    lines.append("        /// Receives what a `<log>` writes: its label (`\"\"` when none) and its value as text.")
                    lines.append("        func log(label: String, message: String)")
                case .action(let name):
                    lines.append("        /// The action `\(SwiftNames.escapedText(name))` (`<script statecraft:action>`): may change the context.")
                    lines.append("        func \(SwiftNames.escaped(content.actionNames[name] ?? ""))(_ context: inout Context)")
                }
            }
            lines.append("    }")
            lines.append("")
        }
        guard !content.isSwift else { return }
        lines.append("    /// The document's data (`<datamodel>`), one field per `<data>`, made when the machine starts.")
        lines.append("    \(modifier)struct Context {")
        for field in content.orderedFields {
            lines.append("        /// \(field.declaration ?? "`<data id=\"\(SwiftNames.escapedText(field.id))\">`") at \(field.position)"
                + (field.keepsText ? ", given values of several types, read only as text: it holds their text." : "."))
            if field.neverHoldsValue {
                lines.append("        /// Never holds a value: nothing in the document gives it one (SCXML's `undefined`).")
            }
            let initial = field.computedInInit ? "" : " = \(field.initial)"
            lines.append("        \(modifier)var \(field.swiftName): \(field.type)\(initial)")
        }
        let hasHost = !content.requirements.isEmpty
        if hasHost {
            lines.append("        /// What the app provides.")
            lines.append("        \(modifier)let host: any Host")
        }
        let hasID = content.system.sessionID
        if hasID {
            lines.append("        /// The session's id, which `_sessionid` reads: the app's, or a random one per context.")
            lines.append("        \(modifier)let sessionID: String")
        }
        if content.system.sendIDs {
            lines.append("        /// How many ids `<send idlocation>` has made.")
            lines.append("        private var sendCount = 0")
        }
        if content.system.lastTaken {
            lines.append("        /// The event the machine took last, with its queue, which the chart writes when the machine takes")
            lines.append("        /// it (`Statechart(lastEvent:)`): `_event` in conditions; `nil` before the first event.")
            lines.append("        \(modifier)var lastTaken: TakenEvent<Event>? = nil")
        }
        if content.startErrors > 0 {
            lines.append("        /// The `error.execution`s still to raise for `<data>` that could not be evaluated at initialization.")
            lines.append("        \(modifier)var startErrors = \(content.startErrors)")
        }
        if !content.lateBindings.isEmpty {
            lines.append("        /// The states whose data got their values (`binding=\"late\"`: when the state is first entered).")
            lines.append("        \(modifier)var lateBound: Set<String> = []")
        }
        writeInitializer(content, hasHost: hasHost, hasID: hasID)
        if content.system.sendIDs {
            lines.append("")
            lines.append("        /// A new send id (`<send idlocation>`), made as the session makes them: `send.<session id>.<count>`.")
            lines.append("        \(modifier)mutating func newSendID() -> String {")
            lines.append("            sendCount += 1")
            lines.append("            return \"send.\\(sessionID).\\(sendCount)\"")
            lines.append("        }")
        }
        lines.append("    }")
        lines.append("")
        if content.system.wholeEvent { writeEventValue(content) }
    }

    /// The context's initializer: the app's host and session id, then the data whose `expr` reads
    /// other data or `_sessionid`, in document order (the others have their values where declared).
    private mutating func writeInitializer(_ content: ExecutableContent, hasHost: Bool, hasID: Bool) {
        var parameters: [String] = []
        var body: [String] = []
        if hasHost {
            parameters.append("host: any Host")
            body.append("self.host = host")
        }
        if hasID {
            parameters.append("sessionID: String = Context.randomSessionID()")
            body.append("self.sessionID = sessionID")
        }
        // Values the invoking document passes replace the document's, before the data computed from them.
        let supplied = content.orderedFields.filter(\.suppliedByInvoker)
        for field in supplied {
            let type = field.isOptional ? String(field.type.dropLast()) : field.type
            parameters.append("\(field.swiftName): \(type)? = nil")
            if !field.computedInInit { body.append("if let \(field.swiftName) { self.\(field.swiftName) = \(field.swiftName) }") }
        }
        for field in content.orderedFields where field.computedInInit {
            let value = field.suppliedByInvoker ? "\(field.swiftName) ?? (\(field.initial))" : field.initial
            body += content.located(field.position, ["self.\(field.swiftName) = \(value)"])
        }
        lines.append("")
        let id = hasID ? ", the session's id (`_sessionid`; a random one when not given)" : ""
        lines.append("        /// The data with the values the document gives it\(hasHost ? ", and the app's host" : "")\(id).")
        if !supplied.isEmpty {
            let names = supplied.map { "`\(SwiftNames.escapedText($0.id))`" }.joined(separator: ", ")
            lines.append("        /// A value given for \(names) replaces the document's, as the data an `<invoke>` passes do.")
        }
        if hasHost, !hasID, body.count == 1 {
            lines.append("        \(modifier)init(host: any Host) { self.host = host }")
            return
        }
        guard !body.isEmpty else {
            lines.append("        \(modifier)init() {}")
            return
        }
        lines.append("        \(modifier)init(\(parameters.joined(separator: ", "))) {")
        lines += body.map { $0.hasPrefix("#sourceLocation") ? $0 : "            " + $0 }
        lines.append("        }")
        if hasID {
            lines.append("")
            lines.append("        /// A random session id: 16 hexadecimal digits.")
            lines.append("        \(modifier)static func randomSessionID() -> String {")
            lines.append("            let digits = String(UInt64.random(in: .min ... .max), radix: 16)")
            lines.append("            return String(repeating: \"0\", count: 16 - digits.count) + digits")
            lines.append("        }")
        }
    }

    /// `scxmlText`, which writes values as the `statecraft` datamodel writes them (`<log>`, `text()`).
    private mutating func writeText() {
        lines.append("    /// A number as the statecraft datamodel writes it: a whole number below 10^16 without a fraction.")
        lines.append("    static func scxmlText(_ value: Double) -> String {")
        lines.append("        value.isFinite && value.rounded(.towardZero) == value && abs(value) < 1e16")
        lines.append("            ? String(Int64(value)) : value.description")
        lines.append("    }")
        lines.append("")
        lines.append("    /// A string as the statecraft datamodel writes it: itself.")
        lines.append("    static func scxmlText(_ value: String) -> String { value }")
        lines.append("")
        lines.append("    /// Another value, as Swift describes it.")
        lines.append("    static func scxmlText<Value>(_ value: Value) -> String { String(describing: value) }")
        lines.append("")
    }

    private func caseLine(_ name: String, raw: String) -> String {
        let escaped = SwiftNames.escaped(name)
        return name == raw ? escaped : "\(escaped) = \(SwiftNames.literal(raw))"
    }

    /// A trailing action closure for `actions`, starting with a space; empty when there are none.
    func actionClosure(_ actions: [Action], eventIsOptional: Bool, event: String? = nil) -> String {
        guard let content, !actions.isEmpty else { return "" }
        if content.isSwift, let first = actions.first {
            return " { context, event, effects in context.\(swiftMethod("Action", first.position))(event, &effects) }"
        }
        let body = content.statements(actions, eventIsOptional: eventIsOptional, event: event)
        return " { context, event, effects in\n" + body.map { "    " + $0 + "\n" }.joined() + "}"
    }

    /// A guard closure for `cond`, translated for the events of `descriptor` (the transition's as
    /// the document writes it).
    ///
    /// The survey refuses every condition that does not translate before anything is written; one
    /// that got here all the same is written as a compiler error saying so, never as `false`.
    func guardClosure(_ cond: String, of transition: TransitionModel, descriptor: String?) -> String {
        guard let content else { return "{ _, _ in false }" }
        let swift: String
        do {
            swift = try content.condition(cond, eventIsOptional: transition.event == nil, event: descriptor)
        } catch {
            assertionFailure("statecraft generate: an untranslatable condition passed the survey: \(error.reason)")
            let why = "the condition at \(transition.position) was not translated (\(error.reason)), and the generator did "
                + "not refuse it: please report this"
            return "{ _, _ in\n    #error(\(SwiftNames.literal(why)))\n}"
        }
        if content.isSwift { return "{ context, event in context.\(swiftMethod("Condition", transition.position))(event) }" }
        let body = content.located(transition.position, ["return \(swift)"])
        return "{ context, event in\n" + body.map { "    " + $0 + "\n" }.joined() + "}"
    }

    /// `OnEntry` and `OnExit` for the state's blocks, without what became delayed transitions.
    func actionBlocks(of state: StateModel) -> [String] {
        guard content != nil else { return [] }
        let timed = Set((timers[state.id] ?? []).map(\.position))
        var blocks: [String] = []
        if let content, content.startErrors > 0, state.id == firstEntered {
            // SCXML 5.3: data that could not be evaluated at initialization raise error.execution
            // before anything the first entries raise.
            blocks.append("OnEntry { context, event, effects in\n"
                + "    while context.startErrors > 0 {\n        context.startErrors -= 1\n        \(content.raising("error.execution"))\n    }\n}")
        }
        if let late = content?.lateBindings[state.id], let content {
            // SCXML 5.3, binding="late": the state's data get their values on its first entry, before its onentry.
            let body = ["guard context.lateBound.insert(\(SwiftNames.literal(state.id))).inserted else { return }"]
                + content.statements(late, eventIsOptional: true)
            blocks.append("OnEntry { context, event, effects in\n" + body.map { "    " + $0 + "\n" }.joined() + "}")
        }
        for (name, block) in state.onEntry.map({ ("OnEntry", $0) }) + state.onExit.map({ ("OnExit", $0) }) {
            let actions = block.filter { action in
                !timed.contains(action.position) && !(name == "OnExit" && isTimerCancel(action, in: state))
            }
            guard !actions.isEmpty else { continue }
            blocks.append(name + actionClosure(actions, eventIsOptional: true))
        }
        return blocks
    }

    /// Whether `action` is the `<cancel>` that ends one of the state's delayed transitions.
    func isTimerCancel(_ action: Action, in state: StateModel) -> Bool {
        guard let id = action.cancelledSendID, !id.isEmpty else { return false }
        let timed = Set((timers[state.id] ?? []).map(\.position))
        return state.onEntry.joined().contains { $0.sendView?.id == id && timed.contains($0.position) }
    }
}
