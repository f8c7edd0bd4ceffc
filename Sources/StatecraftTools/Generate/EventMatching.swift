import Statecraft
import StatecraftSCXML

/// How the generated `Event` type is matched against the document's transitions.
///
/// The generated `Event` is closed: a machine of the chart receives only its cases. So the
/// generator can work out, for each descriptor a transition writes, which cases it matches as
/// SCXML matches (3.12.1: a descriptor matches a name equal to it or starting with it and a
/// dot). When every descriptor matches at most one case, and that case's own name, matching by
/// equality is the same as matching by descriptor: `Event` is written as a plain enum (its own
/// kind, or with a plain `Kind` enum beside `doneState(State)`), which the engine looks up as
/// it looks up a hand-written chart's events. Otherwise, for `*`, or a descriptor such as `error`
/// that also takes `error.network`, `Event`'s kind is an ``EventDescriptor`` and the engine
/// matches names token by token.
enum EventMatching: Equatable {
    /// Every descriptor names one case: events are matched by equality.
    case exact
    /// A descriptor matches several cases, or every one: events are matched by descriptor.
    /// `reason` says which descriptor, written at which transition, for the generated comment.
    case descriptors(reason: String)

    /// The matching `transitions` need, when the event type's cases are named `cases` (SCXML
    /// names, done events included).
    ///
    /// - Parameters:
    ///   - transitions: The document's transitions, in document order.
    ///   - cases: The SCXML name of every case of the generated `Event`.
    static func choose(transitions: [TransitionModel], cases: Set<String>) -> EventMatching {
        // Each case's proper prefixes at a dot: a descriptor equal to one of them matches that
        // case beside its own (`error` takes `error.network`).
        var prefixes: [String: String] = [:]
        for name in cases.sorted() {
            var index = name.startIndex
            while let dot = name[index...].firstIndex(of: ".") {
                let prefix = String(name[..<dot])
                if prefixes[prefix] == nil { prefixes[prefix] = name }
                index = name.index(after: dot)
            }
        }
        for transition in transitions {
            guard let event = transition.event else { continue }
            let descriptor = EventDescriptor(event)
            for name in descriptor.alternatives {
                if name == "*" {
                    return .descriptors(reason: "the <transition> at \(transition.position) matches every event ('*')")
                }
                if let longer = prefixes[name] {
                    return .descriptors(
                        reason: "the descriptor '\(SwiftNames.escapedText(name))' of the <transition> at \(transition.position) "
                            + "also matches '\(SwiftNames.escapedText(longer))'"
                    )
                }
            }
        }
        return .exact
    }

    /// The one-name transitions equal, in the exact form, to `transition`: one per name of its
    /// `event`, in the order written (a transition of several names is taken for any of them, as
    /// the first of these that matches is; a name written twice is kept once). Anything else is
    /// returned as it is.
    func split(_ transition: TransitionModel) -> [TransitionModel] {
        guard self == .exact, let event = transition.event else { return [transition] }
        var seen: Set<String> = []
        let names = EventDescriptor(event).alternatives.filter { seen.insert($0).inserted }
        guard names.count > 1 else { return [transition] }
        return names.map { name in
            var one = transition
            one.event = name
            return one
        }
    }
}

/// The `Event` type in the form ``EventMatching`` chooses, and the event each transition names.
extension SwiftChartWriter {
    /// Chooses the form, from the document's transitions and the names of `Event`'s cases;
    /// in the exact form with done events, names the `Kind` case of each state's done event.
    mutating func chooseEventMatching(_ states: [StateModel]) {
        var cases = Set(events.map(\.name))
        if hasDoneEvents { cases.formUnion(states.map { "done.state." + $0.id }) }
        matching = EventMatching.choose(transitions: states.flatMap(\.transitions), cases: cases)
        if let reason = computedEventNames {
            // Any name may come: `named(String)` holds those no case has, matched by descriptor.
            matching = .descriptors(reason: reason)
        }
        guard matching == .exact, hasDoneEvents else { return }
        stateOrder = states.map(\.id)
        for state in states { doneKinds[state.id] = eventTable.name(for: "done.state." + state.id, fallback: "done") }
    }

    /// Why `Event` has `named(String)`, for names known only when the machine runs: a `<send
    /// eventexpr>`, or a document an `<invoke>` names when it starts (run interpreted, it may
    /// send `#_parent` an event of any name); `nil` when every name is known.
    var computedEventNames: String? {
        if let position = content?.computedNames { return "the <send> at \(position) names its event with eventexpr, when it runs" }
        if let plan = invocations?.plans.first(where: { $0.interpreted != nil }) {
            return "the document the <invoke> at \(plan.invoke.position) names when it starts may send events of any name"
        }
        return nil
    }

    /// What `On` is written with for `event`: in the exact form one name, as a case of the
    /// event's kind (the split transitions have one name each); else the descriptor's names as
    /// a string literal.
    func eventArgument(_ event: String) -> String {
        guard matching == .exact else {
            let names = event.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            return SwiftNames.literal(names.joined(separator: " "))
        }
        let name = EventDescriptor(event).alternatives.first ?? event
        if hasDoneEvents, name.hasPrefix("done.state."), let kind = doneKinds[String(name.dropFirst(11))] {
            return "." + SwiftNames.escaped(kind)
        }
        return "." + SwiftNames.escaped(eventTable.names[name] ?? "")
    }

    /// `Event` as a plain enum, matched by equality: its own kind, or, with done events, a
    /// `Kind` enum without payloads that has a case per event and per state's done event.
    mutating func writeExactEvents() {
        lines.append("    /// The events the document's transitions name. Every descriptor the document writes names exactly one")
        lines.append("    /// of them (no `*`, no descriptor that is a prefix of another event's name), so matching by equality is")
        lines.append("    /// SCXML's matching, and the engine looks events up as it looks up a hand-written enum's. A case's")
        lines.append("    /// `scxmlName` is the SCXML event name.")
        lines.append("    \(modifier)enum Event: MachineEvent, Hashable {")
        writeEventCases()
        if hasDoneEvents || !eventDataShapes.isEmpty { writeExactKind() }
        lines.append("    }")
    }

    /// The payload-free `Kind` of an `Event` with `doneState(State)` or events with data: one case
    /// per event, one per state's done event.
    private mutating func writeExactKind() {
        let states = stateOrder
        lines.append("")
        lines.append("        /// What transitions match, by equality: an event, or one state's done event.")
        lines.append("        \(modifier)enum Kind: Hashable, Sendable {")
        // A done event with data (`<donedata>`) is a case of its own whose kind is its state's.
        let doneNames = Set(states.map { "done.state." + $0 })
        for event in events where !doneNames.contains(event.name) {
            lines.append("            /// `\(SwiftNames.escapedText(event.name))`.")
            lines.append("            case \(SwiftNames.escaped(eventTable.names[event.name] ?? ""))")
        }
        for id in states {
            lines.append("            /// `done.state.\(SwiftNames.escapedText(id))`.")
            lines.append("            case \(SwiftNames.escaped(doneKinds[id] ?? ""))")
        }
        lines.append("        }")
        lines.append("")
        lines.append("        /// The event's kind.")
        lines.append("        \(modifier)var kind: Kind {")
        lines.append("            switch self {")
        for event in events {
            let name = SwiftNames.escaped(eventTable.names[event.name] ?? "")
            lines.append("            case .\(name): .\(name)")
        }
        if hasDoneEvents {
            lines.append("            case .doneState(let state):")
            lines.append("                switch state {")
            for id in states {
                lines.append("                case \(state(id)): .\(SwiftNames.escaped(doneKinds[id] ?? ""))")
            }
            lines.append("                }")
        }
        lines.append("            }")
        lines.append("        }")
    }
}
