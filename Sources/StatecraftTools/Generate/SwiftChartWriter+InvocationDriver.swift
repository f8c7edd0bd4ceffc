import StatecraftSCXML

/// Writing `Invocations`, the driver of a document with `<invoke>`s: the machine, the machines of
/// the documents it invokes on one clock, and the events between them, processed as SCXML's
/// main event loop does (Appendix D): after each step, the invocations of the states entered and
/// still active start and those of the states exited are cancelled.
extension SwiftChartWriter {
    /// `error.execution` as the driver raises it, which no `<send>` raised.
    var errorExecution: String {
        content?.errorEvent("error.execution") ?? "." + SwiftNames.escaped(eventTable.names["error.execution"] ?? "")
    }

    mutating func writeDriver(_ plans: [Invocations.Plan]) {
        let hasHost = !hostRequirements.isEmpty
        let m = modifier
        writeFinalize(plans)
        lines += [
            "",
            "    /// Runs the machine with the documents its `<invoke>`s start (SCXML 6.4), each a machine of its",
            "    /// nested type on the same clock: started when its state was entered and is still active at",
            "    /// the end of a step, cancelled (without its exit actions) when the state is exited. What an",
            "    /// invoked document sends to `#_parent` and its `done.invoke.<id>` come to the machine in order,",
            "    /// with the app's events; what the machine sends to `#_<id>` goes to that invocation while it is",
            "    /// active. The events the machine sends itself are processed inside it, before any of these.",
            "    \(m)struct Invocations {",
            "        /// The document's machine.",
            "        \(m)private(set) var machine: Machine<State, Event, \(contextType)>",
            "        /// The time on the machines' clock since the machine started.",
            "        \(m)private(set) var now: Duration = .zero",
            "        /// How many events and timers one call (`init`, `send(_:)`, `advance(to:)`) processes at most,",
            "        /// all machines together: machines that send each other events without end stop there, with",
            "        /// the rest waiting for the next call and ``stoppedAtStepLimit`` set.",
            "        \(m)static var stepLimit: Int { 100_000 }",
            "        /// Whether the last call stopped at ``stepLimit`` with events or due timers still waiting.",
            "        \(m)private(set) var stoppedAtStepLimit = false",
            "        /// What is left of the current call's ``stepLimit``.",
            "        private var stepsLeft = 0",
            "        private let links: InvocationLinks",
        ]
        if hasHost { lines.append("        private let app: any Host") }
        lines += [
            "        /// How many invocations have started: each run's number.",
            "        private var runs = 0",
            "        /// The runs that were cancelled, whose events are dropped.",
            "        private var cancelled: Set<Int> = []",
            "        /// The states entered since invocations were last started, in order.",
            "        private var entered: [State] = []",
        ]
        let checksTypes = plans.contains(where: \.raisesWhenStarting)
        if checksTypes {
            lines.append("        /// The errors of invocations that could not start, for the machine before any other event.")
            lines.append("        private var raised: [Event] = []")
        }
        for (index, plan) in plans.enumerated() {
            if plan.interpreted != nil {
                lines.append("        /// The `<invoke>` at \(plan.invoke.position) while it runs: its interpreted session, run and start time.")
                lines.append("        private var invoked\(index + 1): (session: SCXMLSession, run: Int, start: Duration)?")
                continue
            }
            lines.append("        /// The `<invoke>` at \(plan.invoke.position) while it runs: its machine, run and start time.")
            lines.append("        private var invoked\(index + 1): (machine: Machine<\(plan.typeName).State, \(plan.typeName).Event, "
                + "\(childContext(plan))>, run: Int, start: Duration)?")
        }
        let interprets = plans.contains { $0.interpreted != nil }
        if interprets { writeDocumentSource() }
        let context: String
        switch contextType {
        case "Void": context = "()"
        case _ where hasHost: context = "Context(host: InvocationRouter(app: host, links: links))"
        default: context = "Context()"
        }
        var parameters = hasHost ? ["host: any Host"] : []
        if interprets { parameters += ["documentFolder: String? = nil", "readPolicy: SCXMLDocument.ReadPolicy = .documentFolder"] }
        lines += [
            "",
            "        /// Starts the machine\(hasHost ? " with the app's host" : ""), and the invocations of its first states.",
            "        ///",
        ]
        if interprets {
            lines += [
                "        /// - Parameters:",
            ] + (hasHost ? ["        ///   - host: What the app provides (`Host`)."] : []) + [
                "        ///   - documentFolder: The folder the documents an `<invoke srcexpr>` names are read from, as an",
                "        ///     interpreted document in that folder reads them; `nil` reads none (`error.execution`).",
                "        ///   - readPolicy: Which files they may be read from (by default, only regular files in",
                "        ///     `documentFolder`).",
            ]
        }
        lines += [
            "        /// - Throws: `DefinitionError` if a chart is not valid, which a checked document's never is.",
            "        \(m)init(\(parameters.joined(separator: ", "))) throws(DefinitionError) {",
            "            let links = InvocationLinks()",
            "            self.links = links",
        ]
        if interprets { lines += ["            self.documentFolder = documentFolder", "            self.readPolicy = readPolicy"] }
        if hasHost { lines.append("            app = host") }
        lines += [
            // The machine holds the events it sends itself: each takes its turn in the driver's queue,
            // so that invocations start between them and autoforward sees them, as in a session.
            "            machine = Machine(chart: try \(typeName).makeChart(), context: \(context), holdingSentEvents: true)",
            "            entered = machine.activeStates",
            "            machine.recordsStateChanges = true",
            "            takeSentEvents()",
            "            stepsLeft = Self.stepLimit",
            "            settle()",
            "        }",
            "",
            "        /// Whether the machine is running or has reached a top-level final state.",
            "        \(m)var status: MachineStatus { machine.status }",
            "",
            "        /// The machine's active states.",
            "        \(m)var activeStates: [State] { machine.activeStates }",
            "",
            "        /// Sends `event` to the machine, after the events already waiting, and processes events until",
            "        /// none waits (or ``stepLimit`` of them).",
            "        \(m)mutating func send(_ event: Event) {",
            "            links.toMachine.append((nil, 0, event))",
            "            stepsLeft = Self.stepLimit",
            "            stoppedAtStepLimit = false",
            "            settle()",
            "        }",
            "",
            "        /// When the next timer of the machine or of an active invocation is due.",
            "        \(m)var nextDeadline: Duration? {",
            "            var next = machine.nextDeadline",
        ]
        for (index, plan) in plans.enumerated() {
            let runner = plan.interpreted == nil ? "machine" : "session"
            lines.append("            if let run = invoked\(index + 1), let due = run.\(runner).nextDeadline { next = min(next ?? (run.start + due), run.start + due) }")
        }
        if interprets {
            lines.append("            if let due = links.delayed.map(\\.due).min() { next = min(next ?? due, due) }")
        }
        lines += [
            "            return next",
            "        }",
            "",
            "        /// Moves the clock to `instant`, firing each timer due on the way, earliest first, with the",
            "        /// events it causes processed before the next; at ``stepLimit`` it stops with the clock at the",
            "        /// last timer fired.",
            "        \(m)mutating func advance(to instant: Duration) {",
            "            stepsLeft = Self.stepLimit",
            "            stoppedAtStepLimit = false",
            "            settle()",
            "            while !stoppedAtStepLimit, let deadline = nextDeadline, deadline <= instant {",
            "                guard stepsLeft > 0 else {",
            "                    stoppedAtStepLimit = true",
            "                    return",
            "                }",
            "                stepsLeft -= 1",
            "                now = max(now, deadline)",
        ] + (interprets ? ["                links.now = now"] : []) + [
            "                if let due = machine.nextDeadline, due <= deadline {",
            "                    _ = machine.advance(to: deadline)",
            "                    takeSentEvents()",
        ]
        for (index, plan) in plans.enumerated() {
            let name = "invoked\(index + 1)"
            let runner = plan.interpreted == nil ? "machine" : "session"
            lines += [
                "                } else if let run = \(name), let due = run.\(runner).nextDeadline, run.start + due <= deadline {",
                "                    _ = \(name)?.\(runner).advance(to: deadline - run.start)",
                "                    ended\(index + 1)()",
            ]
        }
        if interprets {
            lines += [
                "                } else if let next = links.delayed.indices.min(by: { links.delayed[$0].due < links.delayed[$1].due }),",
                "                    links.delayed[next].due <= deadline",
                "                {",
                "                    // A delayed <send target=\"#_parent\"> of an interpreted invocation, due now.",
                "                    let (_, run, invoke, event) = links.delayed.remove(at: next)",
                "                    links.toMachine.append((run, invoke, event))",
            ]
        }
        lines += [
            "                }",
            "                settle()",
            "            }",
            "            if !stoppedAtStepLimit { now = max(now, instant) }",
        ] + (interprets ? ["            links.now = now"] : []) + [
            "        }",
        ]
        writeDriverSteps(plans)
        lines.append("    }")
    }

    /// `finalizeN` for each `<invoke>` with a `<finalize>` (SCXML 6.5), which the driver runs with
    /// each event that invocation returns, right before the machine processes it
    /// (`Machine.send(_:preparedBy:)`): what it raises joins that event's macrostep.
    private mutating func writeFinalize(_ plans: [Invocations.Plan]) {
        guard let content else { return }
        for (index, plan) in plans.enumerated() where !plan.invoke.finalize.isEmpty {
            let body = content.statements(plan.invoke.finalize, eventIsOptional: false, event: plan.finalizeDescriptor)
            lines += [
                "",
                "    /// The `<finalize>` of the `<invoke>` at \(plan.invoke.position): runs with each event that invocation",
                "    /// returns, right before the machine processes it (SCXML 6.5).",
                "    private static func finalize\(index + 1)(_ context: inout \(contextType), _ event: Event, _ effects: inout Effects<Event>) {",
            ]
            lines += body.map { "        " + $0 }
            lines.append("    }")
        }
    }

    func childContext(_ plan: Invocations.Plan) -> String {
        plan.contextType == "Context" ? "\(plan.typeName).Context" : "Void"
    }

    private mutating func writeDriverSteps(_ plans: [Invocations.Plan]) {
        let finalizing = plans.indices.filter { !plans[$0].invoke.finalize.isEmpty }.map { $0 + 1 }
        lines += [
            "",
            "        /// Processes events until none waits or the call's ``stepLimit`` is spent: after each step the",
            "        /// invocations are started and cancelled, then the events for invoked documents go first,",
            "        /// then the machine's next.",
            "        private mutating func settle() {",
            "            while true {",
            "                updateInvocations()",
            "                if links.toInvoked.isEmpty && links.toMachine.isEmpty\(plans.contains(where: \.raisesWhenStarting) ? " && raised.isEmpty" : "") { return }",
            "                guard stepsLeft > 0 else {",
            "                    stoppedAtStepLimit = true",
            "                    return",
            "                }",
            "                stepsLeft -= 1",
        ]
        if plans.contains(where: \.raisesWhenStarting) {
            lines += [
                "                if !raised.isEmpty {",
                "                    // As the session raises an invocation's error: before the events that wait.",
                "                    let error = raised.removeFirst()",
                "                    if machine.status != .done { machine.send(error) }",
                "                    takeSentEvents()",
                "                    continue",
                "                }",
            ]
        }
        lines += [
            "                if !links.toInvoked.isEmpty {",
            "                    let (run, name) = links.toInvoked.removeFirst()",
            "                    deliver(name, to: run)",
            "                } else {",
            "                    let (run, \(finalizing.isEmpty ? "_" : "invoke"), event) = links.toMachine.removeFirst()",
            "                    if let run, cancelled.contains(run) { continue }",
            "                    guard machine.status != .done else { continue }",
        ]
        for (index, plan) in plans.enumerated() where plan.invoke.autoforward {
            lines.append("                    if let run = invoked\(index + 1)?.run { links.toInvoked.append((run, event.scxmlName)) }  // autoforward")
        }
        if finalizing.isEmpty {
            lines.append("                    machine.send(event)")
        } else {
            // SCXML 6.5 and Appendix D: the <finalize> of the invocation that returned the event, right
            // before it is processed, while its state is active (an invocation that ended before its
            // state was exited still delivers what it sent, without finalize).
            lines.append("                    switch invoke {")
            for number in finalizing {
                let owner = state(plans[number - 1].owner)
                lines.append("                    case \(number) where machine.isActive(\(owner)): "
                    + "machine.send(event, preparedBy: \(typeName).finalize\(number))")
            }
            lines += ["                    default: machine.send(event)", "                    }"]
        }
        lines.append("                    takeSentEvents()")
        lines += [
            "                }",
            "            }",
            "        }",
            "",
            "        /// SCXML's end of a macrostep: invocations of the states exited are cancelled, those of the",
            "        /// states entered and still active start, in the order the states were entered.",
            "        private mutating func updateInvocations() {",
            "            for change in machine.takeStateChanges() {",
            "                switch change {",
            "                case .entered(let state):",
            "                    entered.append(state)",
            "                case .exited(let state):",
            "                    entered.removeAll { $0 == state }",
            "                    cancelInvocations(of: state)",
            "                }",
            "            }",
            "            guard !entered.isEmpty else { return }",
            "            let starting = entered",
            "            entered.removeAll()",
            "            guard machine.status != .done else { return }",
            "            for state in starting where machine.isActive(state) {",
            "                switch state {",
        ]
        let owners = plans.map(\.owner).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for owner in owners {
            lines.append("                case \(state(owner)):")
            for (index, plan) in plans.enumerated() where plan.owner == owner { lines.append("                    start\(index + 1)()") }
        }
        lines += [
            "                default: break",
            "                }",
            "            }",
            "        }",
            "",
            "        /// Cancels the active invocations of `state`: the events to them and from them are dropped.",
            "        private mutating func cancelInvocations(of state: State) {",
            "            switch state {",
        ]
        for owner in owners {
            lines.append("            case \(state(owner)):")
            for (index, plan) in plans.enumerated() where plan.owner == owner {
                lines += [
                    "                if let run = invoked\(index + 1)?.run {",
                    "                    cancel(run, id: \(SwiftNames.literal(plan.invokeID)))",
                ] + (plan.interpreted == nil ? [] : [
                    "                    // SCXML 6.4: the session's active states exit; what it sends now is dropped with its run.",
                    "                    invoked\(index + 1)?.session.cancel()",
                ]) + [
                    "                    invoked\(index + 1) = nil",
                    "                }",
                ]
            }
        }
        lines += [
            "            default: break",
            "            }",
            "        }",
            "",
            "        private mutating func cancel(_ run: Int, id: String) {",
            "            cancelled.insert(run)",
            "            if links.running[id] == run { links.running[id] = nil }",
            "            links.toInvoked.removeAll { $0.run == run }",
        ] + (plans.contains { $0.interpreted != nil } ? [
            // Its delayed #_parent sends would be dropped when due: gone now, they keep no deadline.
            "            links.delayed.removeAll { $0.run == run }",
        ] : []) + [
            "        }",
            "",
            "        /// Puts the events the machine sent itself in the queue of its events, where each takes its turn",
            "        /// after those already waiting, as in the session's external queue.",
            "        private mutating func takeSentEvents() {",
            "            for event in machine.takeSentEvents() { links.toMachine.append((nil, 0, event)) }",
            "        }",
            "",
            "        /// Gives the event named `name` to the invocation `run`, if it is still active and takes it.",
            "        private mutating func deliver(_ name: String, to run: Int) {",
        ]
        for (index, plan) in plans.enumerated() {
            let send = plan.interpreted == nil
                ? "if let event = \(plan.typeName).event(named: name) { _ = invoked\(index + 1)?.machine.send(event) }"
                : "invoked\(index + 1)?.session.send(SCXMLEvent(name))"
            lines += [
                "            \(index == 0 ? "" : "} else ")if invoked\(index + 1)?.run == run {",
                "                \(send)",
                "                ended\(index + 1)()",
            ]
        }
        lines += ["            }", "        }"]
        for (index, plan) in plans.enumerated() {
            if plan.interpreted != nil {
                writeInterpretedRun(plan, number: index + 1)
            } else {
                writeRun(plan, number: index + 1)
            }
        }
    }
}
