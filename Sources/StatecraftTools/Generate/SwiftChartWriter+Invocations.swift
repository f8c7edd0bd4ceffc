import StatecraftSCXML

/// Writing what `<invoke>` needs (``Invocations``): the events crossing between documents by
/// name, the invoked documents' nested types, the hosts that route their events, and the
/// `Invocations` driver that runs the machine with theirs.
extension SwiftChartWriter {
    /// Gives the events of the invocations (what they send to `#_parent`, `done.invoke.<id>`) and
    /// those the invoking document sends this one cases of `Event`.
    mutating func registerInvocationEvents() {
        let sent = extraEvents.map { ($0.name, $0.position, "sent to this document by the `<invoke>` at \($0.position) of the document that invokes it") }
        let received = (invocations?.receivedEvents ?? []).map { ($0.name, $0.position, "from the document the `<invoke>` at \($0.position) starts") }
        for event in sent + received where eventTable.names[event.0] == nil {
            _ = eventTable.name(for: event.0, fallback: "event")
            events.append(event)
        }
    }

    /// `event(named:)`, and for a document that invokes others their types, hosts and driver.
    mutating func writeInvocations() {
        let plans = invocations?.plans ?? []
        guard invoked || !plans.isEmpty else { return }
        writeEventLookup()
        guard !plans.isEmpty else { return }
        for plan in plans {
            lines.append("")
            lines.append("    // The document invoked by the <invoke> at \(plan.invoke.position), in `\(SwiftNames.escapedText(plan.owner))`.")
            var source = plan.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if source.last == "" { source.removeLast() }
            lines += source
        }
        writeLinks(plans)
        writeDriver(plans)
    }

    /// `event(named:)`: how an event crosses from one generated machine to another, by its SCXML name.
    private mutating func writeEventLookup() {
        lines.append("")
        lines.append("    /// The case of `Event` whose SCXML name is `name`, or `nil` when none has it (no transition")
        lines.append("    /// of the document could take it): how events cross between invoking and invoked machines.")
        lines.append("    \(modifier)static func event(named name: String) -> Event? {")
        lines.append("        switch name {")
        for event in events {
            let value = "." + SwiftNames.escaped(eventTable.names[event.name] ?? "")
            guard let shape = eventDataShapes[event.name] else {
                lines.append("        case \(SwiftNames.literal(event.name)): return \(value)")
                continue
            }
            // An event with data crosses without: its fields are undefined (nil), which only an
            // event whose fields are all optional can be (the generator refuses the others).
            if !shape.fields.contains(where: { !$0.isOptional }) {
                lines.append("        case \(SwiftNames.literal(event.name)): return \(value)(\(shape.typeName)())")
            }
        }
        lines.append("        default: return nil")
        lines.append("        }")
        lines.append("    }")
    }

    var hostRequirements: [ExecutableContent.Requirement] {
        guard let content, content.needsContext, !content.isSwift else { return [] }
        return content.requirements
    }

    var parentLogs: Bool { hostRequirements.contains(.log) }

    /// The shared queues, the host that routes the machine's `<send>`s to its invocations, and
    /// each invoked document's host, which routes its `#_parent` sends to the machine.
    private mutating func writeLinks(_ plans: [Invocations.Plan]) {
        lines += [
            "",
            "    /// The events waiting between the machine and the documents it invokes, which the hosts",
            "    /// that route them and `Invocations` share.",
            "    final class InvocationLinks {",
            "        /// Events for the machine, in order, with the run of the invocation that sent each (`nil`: the app)",
            "        /// and its `<invoke>`'s number in the driver (0: the app).",
            "        var toMachine = InvocationQueue<(run: Int?, invoke: Int, event: Event)>()",
            "        /// Events for the invoked documents, in order: the run they go to and their SCXML name.",
            "        var toInvoked = InvocationQueue<(run: Int, name: String)>()",
            "        /// Invoke id → the run of the invocation now active under it.",
            "        var running: [String: Int] = [:]",
        ] + (plans.contains { $0.interpreted != nil } ? [
            "        /// The delayed `<send target=\"#_parent\">`s of interpreted invocations: when each is due, its run,",
            "        /// its `<invoke>`'s number and its event.",
            "        var delayed: [(due: Duration, run: Int, invoke: Int, event: Event)] = []",
            "        /// The driver's clock, which interpreted invocations' delayed sends count from.",
            "        var now: Duration = .zero",
        ] : []) + [
            "",
            "        init() {}",
            "    }",
            "",
            "    /// A first-in first-out queue whose `removeFirst()` takes constant time, so that a long",
            "    /// queue costs no more per event than a short one.",
            "    struct InvocationQueue<Element> {",
            "        private var items: [Element] = []",
            "        private var head = 0",
            "",
            "        /// Whether no element waits.",
            "        var isEmpty: Bool { head == items.count }",
            "",
            "        /// Adds `element` at the end.",
            "        mutating func append(_ element: Element) { items.append(element) }",
            "",
            "        /// Takes the first element; the queue must not be empty.",
            "        mutating func removeFirst() -> Element {",
            "            let first = items[head]",
            "            head += 1",
            "            if head == items.count {",
            "                items.removeAll(keepingCapacity: true)",
            "                head = 0",
            "            } else if head > 64 && head * 2 > items.count {",
            "                items.removeFirst(head)",
            "                head = 0",
            "            }",
            "            return first",
            "        }",
            "",
            "        /// Drops the waiting elements that `shouldRemove` picks.",
            "        mutating func removeAll(where shouldRemove: (Element) -> Bool) {",
            "            items.removeFirst(head)",
            "            head = 0",
            "            items.removeAll(where: shouldRemove)",
            "        }",
            "    }",
        ]
        if !hostRequirements.isEmpty {
            lines += [
                "",
                "    /// The machine's host under `Invocations`: a `<send>` to `#_<invoke id>` of an active invocation",
                "    /// goes to it; everything else to the app's host.",
                "    struct InvocationRouter: Host {",
                "        let app: any Host",
                "        let links: InvocationLinks",
            ]
            for requirement in hostRequirements {
                switch requirement {
                case .deliver:
                    lines += [
                        "",
                        "        func deliver(_ event: Outgoing, to target: String) -> Bool {",
                        "            if target.hasPrefix(\"#_\"), let run = links.running[String(target.dropFirst(2))] {",
                        "                links.toInvoked.append((run, event.rawValue))",
                        "                return true",
                        "            }",
                        "            return app.deliver(event, to: target)",
                        "        }",
                    ]
                case .deliverData(let type):
                    // Not reached: an invoked document, which has this requirement, invokes none.
                    lines += [
                        "",
                        "        func deliver(_ event: Outgoing, with data: \(type), to target: String) -> Bool {",
                        "            app.deliver(event, with: data, to: target)",
                        "        }",
                    ]
                case .log:
                    lines += ["", "        func log(label: String, message: String) { app.log(label: label, message: message) }"]
                case .action(let name):
                    let method = SwiftNames.escaped(content?.actionNames[name] ?? "")
                    lines += ["", "        func \(method)(_ context: inout Context) { app.\(method)(&context) }"]
                }
            }
            lines.append("    }")
        }
        for (index, plan) in plans.enumerated() where !plan.hostRequirements.isEmpty {
            let number = index + 1
            lines += [
                "",
                "    /// The host of the document invoked at \(plan.invoke.position): its `<send target=\"#_parent\">` goes to",
                "    /// the machine; no other target is reached. Its `<log>` goes to the app's host\(parentLogs ? "" : " when the machine has one; this one has none, and it is dropped").",
                "    struct \(plan.typeName)Link: \(plan.typeName).Host {",
                "        let links: InvocationLinks",
                "        let run: Int",
            ]
            if parentLogs { lines.append("        let app: any Host") }
            if plan.hostRequirements.contains(.deliver) {
                lines += [
                    "",
                    "        func deliver(_ event: \(plan.typeName).Outgoing, to target: String) -> Bool {",
                    "            guard target == \"#_parent\" else { return false }",
                    "            if let event = \(typeName).event(named: event.rawValue) { links.toMachine.append((run, \(number), event)) }",
                    "            return true",
                    "        }",
                ]
            }
            for case .deliverData(let type) in plan.hostRequirements {
                // The data's struct is this document's, made for one event.
                let event = eventDataShapes.values.first { typeName + "." + $0.typeName == type }?.eventName ?? ""
                lines += [
                    "",
                    "        func deliver(_ event: \(plan.typeName).Outgoing, with data: \(type), to target: String) -> Bool {",
                    "            guard target == \"#_parent\" else { return false }",
                    "            links.toMachine.append((run, \(number), .\(SwiftNames.escaped(eventTable.names[event] ?? ""))(data)))",
                    "            return true",
                    "        }",
                ]
            }
            if plan.hostRequirements.contains(.log) {
                lines.append("")
                lines.append(parentLogs
                    ? "        func log(label: String, message: String) { app.log(label: label, message: message) }"
                    : "        func log(label: String, message: String) {}")
            }
            lines.append("    }")
        }
    }
}
