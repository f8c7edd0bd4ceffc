import Statecraft
import StatecraftSCXML

/// Writes the Swift source of a document that ``Refusals`` found nothing in: the type, its
/// `State` and `Event` enums, and `makeChart()` in the Statecraft DSL, mirroring how
/// `SCXMLDocument` compiles the same document for a session (the same initial transitions,
/// transition types, targets and order), so that the typed machine and the session agree.
struct SwiftChartWriter {
    let model: DocumentModel
    let typeName: String
    let access: SCXMLSwiftGenerator.Access
    let datamodel: String
    let file: String?
    /// State id → its delayed transitions.
    let timers: [String: [DelayedTransitions.Timer]]
    /// The translation of data and executable content (`null` and `statecraft` documents).
    var content: ExecutableContent?

    var lines: [String] = []
    /// State id → case name.
    var stateNames: [String: String] = [:]
    /// Event name → case name, in the order of the events' first mention.
    var eventTable = SwiftNameTable(reserved: ["kind", "descriptorName", "scxmlName", "doneState", "hashValue", "hash", "Kind"])
    /// The events, in the order of their first mention: name, where, and what mentions it where (for the case's documentation).
    var events: [(name: String, position: TextPosition, mention: String)] = []
    /// Whether any state can be done (a compound or parallel state), so that `Event` has `doneState`.
    var hasDoneEvents = false
    /// How `Event` is matched: by equality when every descriptor names one case (``EventMatching``).
    var matching = EventMatching.exact
    /// In the exact form with done events: state id → the `Kind` case of its done event.
    var doneKinds: [String: String] = [:]
    /// The states' ids in document order.
    var stateOrder: [String] = []
    /// State id → its parent state's id, for the states inside another.
    var parents: [String: String] = [:]

    /// The top-level state the machine enters first: the ancestor of the document's first
    /// initial state, or its first state.
    var firstEntered: String? {
        guard var id = model.initial?.first ?? model.states.first?.id else { return nil }
        while let parent = parents[id] { id = parent }
        return id
    }
    /// For an `ecmascript` document, its text: the file holds it and an interpreted session of it
    /// instead of a chart (``writeInterpreted(_:source:xml:)``).
    var interpretedXML: String?
    /// The document's `<invoke>`s and the events they bring (``Invocations``), the events the
    /// document that invokes this one sends it, and whether one does.
    var invocations: Invocations?
    var extraEvents: [(name: String, position: TextPosition)] = []
    var invoked = false

    init(
        model: DocumentModel, typeName: String, access: SCXMLSwiftGenerator.Access, datamodel: String, file: String?,
        timers: [String: [DelayedTransitions.Timer]], content: ExecutableContent? = nil
    ) {
        self.model = model
        self.content = content
        self.timers = timers
        self.typeName = typeName
        self.access = access
        self.datamodel = datamodel
        self.file = file
    }

    var modifier: String { access == .public ? "public " : "" }

    mutating func write() -> String {
        var stateTable = SwiftNameTable(reserved: ["rawValue", "allCases", "hashValue", "hash"])
        var states: [StateModel] = []
        func collect(_ state: StateModel) {
            states.append(state)
            for child in state.children { parents[child.id] = state.id }
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        for state in states { stateNames[state.id] = stateTable.name(for: state.id, fallback: "state") }
        hasDoneEvents = states.contains { $0.kind == .parallel || ($0.kind == .state && !$0.children.isEmpty) }
        let ids = Set(states.map(\.id))
        // In the order the document first names them: a state's transitions written after its
        // children come after theirs.
        for transition in states.flatMap(\.transitions).sorted(by: { $0.position < $1.position }) {
            for name in Self.eventNames(in: transition.event ?? "") {
                if hasDoneEvents, name.hasPrefix("done.state."), ids.contains(String(name.dropFirst(11))) { continue }
                if eventTable.names[name] == nil {
                    _ = eventTable.name(for: name, fallback: "event")
                    events.append((name, transition.position, "first named by the `<transition>` at \(transition.position)"))
                }
            }
        }
        registerInvocationEvents()
        // The events the executable content raises and sends are cases too, before the form
        // of `Event` is chosen from every case.
        registerActionEvents()
        chooseEventMatching(states)
        let source = file.map { String($0.split(separator: "/").last ?? "") } ?? "an SCXML document"
        if let interpretedXML { return writeInterpreted(states, source: source, xml: interpretedXML) }
        lines = [
            "// Generated by `statecraft generate` from \(SwiftNames.escapedText(source)). Do not edit: generate it again.",
            "",
            "import Statecraft",
        ] + ((invocations?.plans ?? []).contains { $0.interpreted != nil } ? [
            // A document named when an invocation starts runs interpreted.
            "import StatecraftSCXML",
        ] : []) + [
            "",
            "/// The statechart of the SCXML document \(describe(name: model.name)) (datamodel `\(SwiftNames.escapedText(datamodel))`),",
            "/// on the typed engine: `\(typeName).makeChart()` builds it, and each case of `State` and `Event` names the",
            "/// element it comes from.",
            "\(modifier)enum \(typeName) {",
        ]
        writeStates(states)
        lines.append("")
        writeEvents()
        lines.append("")
        writeEventData()
        writeContext()
        writeConditionHelpers()
        writeChart()
        writeInvocations()
        lines.append("}")
        writeSwiftDatamodelExtension()
        return lines.joined(separator: "\n") + "\n"
    }

    func describe(name: String?) -> String {
        name.map { "`\(SwiftNames.escapedText($0))`" } ?? "without a name"
    }

    /// The event names a descriptor writes out, normalized as ``EventDescriptor`` matches them;
    /// `*` names none.
    static func eventNames(in descriptor: String) -> [String] {
        EventDescriptor(descriptor).alternatives.filter { $0 != "*" }
    }

    mutating func writeStates(_ states: [StateModel]) {
        lines.append("    /// The document's states in document order; a case's raw value is the state's `id`.")
        lines.append("    \(modifier)enum State: String, Hashable, Sendable, CaseIterable {")
        for state in states {
            let element = Refusals.elementName(of: state)
            let origin = state.generatedID
                ? "`<\(element)>` without an id, at \(state.position) (the reader named it `\(SwiftNames.escapedText(state.id))`)."
                : "`<\(element) id=\"\(SwiftNames.escapedText(state.id))\">` at \(state.position)."
            lines.append("        /// \(origin)")
            lines.append("        case \(caseDeclaration(stateNames[state.id] ?? "", raw: state.id))")
        }
        lines.append("    }")
    }

    private func caseDeclaration(_ name: String, raw: String) -> String {
        let escaped = SwiftNames.escaped(name)
        return name == raw ? escaped : "\(escaped) = \(SwiftNames.literal(raw))"
    }

    mutating func writeEvents() {
        if matching == .exact { return writeExactEvents() }
        if case .descriptors(let reason) = matching {
            lines.append("    // Matched by descriptor: \(reason).")
        }
        lines.append("    /// The events the document's transitions name, matched as SCXML matches them: by descriptor, so that")
        lines.append("    /// `error` also takes `error.execution`. A case's `scxmlName` is the SCXML event name.")
        lines.append("    \(modifier)enum Event: MachineEvent, Hashable {")
        writeEventCases()
        lines.append("")
        lines.append("        /// What transitions match: the SCXML name, as a descriptor.")
        lines.append("        \(modifier)var kind: EventDescriptor { EventDescriptor(scxmlName) }")
        lines.append("")
        lines.append("        /// The name the transitions' descriptors are matched against.")
        lines.append("        \(modifier)var descriptorName: String? { scxmlName }")
        lines.append("    }")
    }

    private mutating func writeChart() {
        var arguments: [String] = []
        if let initial = model.initial, !initial.isEmpty { arguments.append("initial: \(states(initial))") }
        var options: [String] = []
        if hasDoneEvents {
            // A final's <donedata> makes its parent's done event, with data; without data (no
            // <donedata>, or one whose evaluation failed) it is `doneState`.
            let carriesData = eventDataShapes.keys.contains { $0.hasPrefix("done.state.") }
            options.append(carriesData ? "doneEvent: { state, data in data ?? .doneState(state) }" : "doneEvent: { state, _ in .doneState(state) }")
        }
        if let content, content.conditionsThrow {
            options.append("guardErrorEvent: { _ in \(content.errorEvent("error.execution")) }")
        }
        if let content, content.system.inStateInActions {
            // SCXML's In() in executable content sees states leave after their onexit and join before their onentry.
            options.append("actionsSeeStateChanges: true")
        }
        if let content, content.system.lastEvent {
            // SCXML's _event stays bound after its transition; actions read its queue, or whether there was one.
            options.append("actionsSeeLastEvent: true")
        }
        if !options.isEmpty { arguments.append("options: StatechartOptions(\(options.joined(separator: ", ")))") }
        if let content, !content.outboundEvents.isEmpty { arguments.append("outbound: " + outboundHandler(content)) }
        // _event in conditions: bound when the machine takes an event (SCXML 5.10).
        if let content, content.system.lastTaken { arguments.append("lastEvent: \\.lastTaken") }
        lines.append("    /// The chart, written with the Statecraft DSL. Done events are ordinary events, as in SCXML.")
        lines.append("    ///")
        lines.append("    /// - Throws: `DefinitionError` if the chart is not valid, which a document `statecraft check`")
        lines.append("    ///   accepts never is.")
        lines.append("    \(modifier)static func makeChart() throws(DefinitionError) -> Statechart<State, Event, \(contextType)> {")
        lines.append("        try Statechart(\(arguments.joined(separator: ", "))) {")
        for state in model.states { write(state, depth: 3) }
        lines.append("        }")
        lines.append("    }")
    }

    /// The chart's outbound handler: gives each event a delayed `<send>` put out of the machine
    /// to the host when it falls due; refused, it raises the error the session raises (with the
    /// `<send>`'s id, which the event was scheduled under).
    private func outboundHandler(_ content: ExecutableContent) -> String {
        var content = content
        content.failingSendID = "outbound.id"
        let host = content.isSwift ? "context." : content.host
        // Only the outbound cases leave the machine, each an `Outgoing` of the same SCXML name.
        var lines = [
            "{ context, outbound, effects in",
            "            guard let event = Outgoing(rawValue: outbound.event.scxmlName) else { return }",
        ]
        // The error a refusal means for the targets the document sends to after a delay: one, or by the target.
        let errors = Set(content.outboundEvents.map { ExecutableContent.refusalError(of: $0.target) })
        let error = errors.count == 1 ? content.errorEvent(errors.first ?? "") : content.refusalError(ofTargetIn: "outbound.target")
        lines += [
            "            guard \(host)deliver(event, to: outbound.target) else {",
            "                effects.raise(\(error))",
            "                return",
            "            }",
            "        }",
        ]
        return lines.joined(separator: "\n")
    }

    func state(_ id: String) -> String {
        "." + SwiftNames.escaped(stateNames[id] ?? "")
    }

    /// One state as `.name`, several as the list `[.a, .b]`.
    func states(_ ids: [String]) -> String {
        ids.count == 1 ? state(ids[0]) : "[\(ids.map(state).joined(separator: ", "))]"
    }

    private mutating func write(_ model: StateModel, depth: Int) {
        let indent = String(repeating: "    ", count: depth)
        let name = state(model.id)
        var body: [String] = []
        // Several initial states named by the attribute are the compound state's `initial:`.
        let initialList = model.initialTransition == nil && (model.initial?.count ?? 0) > 1 ? model.initial ?? [] : []
        if let initial = model.initialTransition?.targets ?? model.initial, !initial.isEmpty, initialList.isEmpty {
            body.append((initial.count == 1 ? "Initial(to: \(state(initial[0])))" : "Initial(targets: \(states(initial)))")
                + actionClosure(model.initialTransition?.actions ?? [], eventIsOptional: true))
        }
        // A transition split into one per name keeps its whole descriptor for its code: `_event`
        // there is any of the events it takes, as the survey translated it.
        body += model.transitions.flatMap { whole in matching.split(whole).map { transition($0, descriptor: whole.event) } }
        body += actionBlocks(of: model)
        if let doneData = doneDataClosure(of: model) { body.append(doneData) }
        body += (timers[model.id] ?? []).map(after)
        switch model.kind {
        case .history(let deep):
            let targets = model.initialTransition?.targets ?? []
            let target = targets.count > 1 ? ", defaults: \(states(targets))" : targets.first.map { ", default: \(state($0))" } ?? ""
            // The default transition's actions run after the parent's entry actions and its initial
            // transition's, before the default target is entered (SCXML 3.10).
            let actions = actionClosure(model.initialTransition?.actions ?? [], eventIsOptional: true)
            let text = "History(\(name)\(deep ? ", .deep" : "")\(target))" + actions
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { lines.append(indent + line) }
            return
        case .final where body.isEmpty:
            lines.append("\(indent)Final(\(name))")
            return
        case .final:
            lines.append("\(indent)Final(\(name)) {")
        case .state where model.children.isEmpty:
            guard !body.isEmpty else {
                lines.append("\(indent)Atomic(\(name))")
                return
            }
            lines.append("\(indent)Atomic(\(name)) {")
        case .state:
            lines.append("\(indent)Compound(\(name)\(initialList.isEmpty ? "" : ", initial: \(states(initialList))")) {")
        case .parallel:
            lines.append("\(indent)Parallel(\(name)) {")
        }
        for entry in body {
            for line in entry.split(separator: "\n", omittingEmptySubsequences: false) { lines.append(indent + "    " + line) }
        }
        for child in model.children { write(child, depth: depth + 1) }
        lines.append("\(indent)}")
    }

    /// A delayed transition on one line: `After(.seconds(2), to: .idle)`, with where it comes from.
    private func after(_ timer: DelayedTransitions.Timer) -> String {
        let (seconds, attoseconds) = timer.delay.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var arguments = [milliseconds % 1000 == 0 ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"]
        if let target = timer.transition.targets.first { arguments.append("to: \(state(target))") }
        return "After(\(arguments.joined(separator: ", ")))  // <send event=\(SwiftNames.literal(timer.event))> at "
            + "\(timer.position), taken by the <transition> at \(timer.transition.position)"
    }

    /// One transition on one line: `On`, or `Always` without event, inside `When` for `In()`;
    /// its guard and actions translated for the events of `descriptor` (the document's).
    private func transition(_ model: TransitionModel, descriptor: String?) -> String {
        var arguments: [String] = []
        if let event = model.event { arguments.append(eventArgument(event)) }
        switch model.targets.count {
        case 0: break
        case 1: arguments.append("to: \(state(model.targets[0]))")
        default: arguments.append("targets: [\(model.targets.map(state).joined(separator: ", "))]")
        }
        if model.isInternal { arguments.append("type: .internal") }
        // A whole condition In('id') is the chart's state condition; any other a guard. In() of
        // an id that names no state is false, as the session answers: a guard that never allows.
        let inState = model.cond.flatMap(SCXMLNullDatamodel.inStateID)
        if let cond = model.cond, inState == nil {
            arguments.append("guard: " + guardClosure(cond, of: model, descriptor: descriptor))
        } else if let id = inState, stateNames[id] == nil {
            arguments.append("guard: { _, _ in false }")
        }
        var line = "\(model.event == nil ? "Always" : "On")(\(arguments.joined(separator: ", ")))"
            + actionClosure(model.actions, eventIsOptional: model.event == nil, event: descriptor)
        if let id = inState, stateNames[id] != nil {
            line = "When(in: \(state(id))) { \(line) }"
        }
        return "\(line)  // <transition> at \(model.position)"
    }

    /// The cases of `Event` and its `scxmlName`, the same in both forms (``EventMatching``).
    mutating func writeEventCases() {
        for event in events {
            lines.append("        /// `\(SwiftNames.escapedText(event.name))`, \(event.mention).")
            let payload = eventDataShapes[event.name].map { "(\($0.typeName))" } ?? ""
            lines.append("        case \(SwiftNames.escaped(eventTable.names[event.name] ?? ""))\(payload)")
        }
        if hasDoneEvents {
            lines.append("        /// `done.state.<id>`: the state is done (a compound state's final child was entered, or every")
            lines.append("        /// region of a parallel state is done).")
            lines.append("        case doneState(State)")
        }
        let computed = computedEventNames != nil
        if computed {
            lines.append("        /// An event whose name is known when the machine runs (`<send eventexpr>`, or from a document")
            lines.append("        /// an `<invoke>` names when it starts) and that no other case has; transitions take it by")
            lines.append("        /// descriptor, as SCXML matches names.")
            lines.append("        case named(String)")
        }
        lines.append("")
        lines.append("        /// The event's SCXML name.")
        lines.append("        \(modifier)var scxmlName: String {")
        lines.append("            switch self {")
        for event in events {
            lines.append("            case .\(SwiftNames.escaped(eventTable.names[event.name] ?? "")): \(SwiftNames.literal(event.name))")
        }
        if hasDoneEvents { lines.append("            case .doneState(let state): \"done.state.\" + state.rawValue") }
        if computed { lines.append("            case .named(let name): name") }
        lines.append("            }")
        lines.append("        }")
        if computed { writeNamedInitializer() }
    }

    /// `init(scxmlName:)`: the event of a name computed when the machine runs (`<send
    /// eventexpr>`): its case (an event with data with none), a state's done event, or `named`.
    private mutating func writeNamedInitializer() {
        lines.append("")
        lines.append("        /// The event named `name`: the case of that name (without data: its fields undefined), else")
        lines.append("        /// `named(name)`, which transitions take by descriptor.")
        lines.append("        \(modifier)init(scxmlName name: String) {")
        lines.append("            switch name {")
        // An event whose data has a field every one of its events gives cannot be made without data.
        for event in events where eventDataShapes[event.name]?.fields.contains(where: { !$0.isOptional }) != true {
            let value = eventDataShapes[event.name].map { "(\($0.typeName)())" } ?? ""
            lines.append("            case \(SwiftNames.literal(event.name)): self = .\(SwiftNames.escaped(eventTable.names[event.name] ?? ""))\(value)")
        }
        if hasDoneEvents {
            lines.append("            case _ where name.hasPrefix(\"done.state.\"):")
            lines.append("                self = State(rawValue: String(name.dropFirst(11))).map { .doneState($0) } ?? .named(name)")
        }
        lines.append("            default: self = .named(name)")
        lines.append("            }")
        lines.append("        }")
    }
}
