#if Inspector
import Statecraft
public import StatecraftRuntime
public import StatecraftSCXML

extension Inspector {
    /// Shows an SCXML session's runtime under `id`.
    ///
    /// `machine` is the `SCXMLMachine` the runtime was made with (copies of it share one
    /// session): the inspector reads the document's structure from it, and, after each step,
    /// the datamodel's variables (shown as the context) and the delayed sends waiting (the
    /// pending timers). The page and `POST /events` may send any event name, with any JSON
    /// data as `_event.data`.
    ///
    /// ```swift
    /// let machine = SCXMLMachine(document: document)
    /// let runtime = MachineRuntime(machine)
    /// try inspector.inspect(runtime, machine: machine, id: "light")
    /// ```
    ///
    /// - Parameters:
    ///   - runtime: The running session.
    ///   - machine: The machine the runtime runs.
    ///   - id: Its name on the page and in URLs: 1 to 64 letters, digits, `.`, `_` or `-`.
    /// - Throws: ``InspectorError`` when `id` is not usable or already taken.
    public func inspect(_ runtime: MachineRuntime<SCXMLMachine>, machine: SCXMLMachine, id: String) throws(InspectorError) {
        let structure = machine.document.structure
        let names = Set(structure.transitions.flatMap(\.events)).filter { !$0.contains("*") && !$0.isEmpty }.sorted()
        let send: InspectedMachine.Send = { name, data throws(InspectorError) in
            try Self.check(eventName: name)
            let event = SCXMLEvent(name, data: data ?? .undefined)
            switch await runtime.send(event) {
            case .processed(let step):
                return Self.scxmlStep(step, machine: machine, faults: RuntimeFaults(runtime)).response(machine: id)
            case .queued:
                return JSONText.object([("machine", JSONText.string(id)), ("queued", "true")])
            case .discarded(let reason):
                throw InspectorError(code: .stopped, message: "machine '\(id)' did not take the event: \(reason)")
            }
        }
        let inspected = InspectedMachine(
            id: id, kind: "scxml", structure: structure.json(), eventNames: names, acceptsAnyName: true,
            historyLimit: configuration.historyLimit,
            historyByteLimit: configuration.historyByteLimit, send: send,
            snapshot: { Self.scxmlSnapshot(await runtime.snapshot(), machine: machine, faults: RuntimeFaults(runtime)) }
        )
        try register(inspected)
        watch(inspected, runtime.activity(buffering: .bufferingNewest(configuration.activityBacklog))) { activity, sequence in
            switch activity {
            case .current(let snapshot):
                let parts = StepJSON(event: nil, outcome: nil, transitions: [], snapshot: Self.scxmlSnapshot(snapshot, machine: machine, faults: RuntimeFaults(runtime)))
                return parts.record(sequence, kind: .start, eventName: nil, activeStates: snapshot.activeStates)
            case .step(let step):
                return Self.scxmlStep(step, machine: machine, faults: RuntimeFaults(runtime)).record(
                    sequence, kind: .event, eventName: step.event.name, activeStates: step.snapshot.activeStates
                )
            case .timers(let transitions, let snapshot):
                let parts = StepJSON(
                    event: nil, outcome: nil, transitions: transitions.map(Self.scxmlTransition),
                    snapshot: Self.scxmlSnapshot(snapshot, machine: machine, faults: RuntimeFaults(runtime))
                )
                return parts.record(sequence, kind: .timers, eventName: nil, activeStates: snapshot.activeStates)
            }
        }
    }

    /// Starts a session of `document` in a runtime and shows it under `id`.
    ///
    /// ```swift
    /// let runtime = try inspector.inspect(document: try SCXMLDocument(xml: text), id: "light")
    /// await runtime.send(SCXMLEvent("go"))
    /// ```
    ///
    /// - Parameters:
    ///   - document: The document to run.
    ///   - id: Its name on the page and in URLs.
    ///   - clock: The clock delayed sends wait on.
    /// - Returns: The runtime, for your own events.
    /// - Throws: ``InspectorError`` when `id` is not usable or already taken.
    @discardableResult
    public func inspect(
        document: SCXMLDocument, id: String, clock: some Clock<Duration> = ContinuousClock()
    ) throws(InspectorError) -> MachineRuntime<SCXMLMachine> {
        try Self.check(id: id)
        let machine = SCXMLMachine(document: document)
        let runtime = MachineRuntime(machine, clock: clock)
        do {
            try inspect(runtime, machine: machine, id: id)
        } catch {
            Task { await runtime.stop() }
            throw error
        }
        return runtime
    }

    /// An SCXML event name: tokens of letters, digits, `_`, `-` and `:` separated by dots, at
    /// most 256 characters.
    static func check(eventName name: String) throws(InspectorError) {
        let tokens = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !name.isEmpty && name.count <= 256 && tokens.allSatisfy { token in
            !token.isEmpty && token.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "_-:".unicodeScalars.contains($0) }
        }
        guard valid else {
            throw InspectorError(
                code: .badRequest,
                message: "'\(name)' is not an event name; use tokens of letters, digits, '_', '-' or ':' separated by dots (done.state.s1)"
            )
        }
    }

    static func scxmlStep(_ step: MachineRuntime<SCXMLMachine>.Step, machine: SCXMLMachine, faults: RuntimeFaults) -> StepJSON {
        let data: String? = step.event.data == .undefined ? nil : JSONText.value(step.event.data)
        return StepJSON(
            event: StepJSON.event(name: step.event.name, data: data, text: "\(step.event)"),
            outcome: step.description,
            transitions: step.transitions.map(scxmlTransition),
            snapshot: scxmlSnapshot(step.snapshot, machine: machine, faults: faults)
        )
    }

    static func scxmlTransition(_ transition: TakenTransition<String, SCXMLEvent>) -> String {
        StepJSON.transition(source: transition.source, target: transition.target, event: transition.event?.name)
    }

    /// `activeStates`, `status`, `now`, `finalState`, `doneData`, `timers` (the delayed sends
    /// waiting), `context` (the datamodel's variables as an object), `contextEncodable`, and
    /// `faultCount` and `faults` (the runtime's most recent faults).
    static func scxmlSnapshot(_ snapshot: SCXMLMachine.Snapshot, machine: SCXMLMachine, faults: RuntimeFaults) -> String {
        let timers = machine.pendingSends.map { send in
            JSONText.object([
                ("due", JSONText.seconds(send.due)), ("in", JSONText.seconds(send.due - snapshot.now)),
                ("what", JSONText.string("send \(send.event)")), ("id", JSONText.string(send.event.sendID)),
            ])
        }
        let variables = machine.variables
        return JSONText.object([
            ("activeStates", JSONText.array(snapshot.activeStates.map { JSONText.string($0) })),
            ("status", JSONText.string(snapshot.status == .done ? "done" : "running")),
            ("now", JSONText.seconds(snapshot.now)),
            ("finalState", JSONText.string(snapshot.finalState)),
            ("doneData", JSONText.value(snapshot.doneData)),
            ("timers", JSONText.array(timers)),
            ("history", "{}"),
            ("context", variables.map { JSONText.value(.object($0)) } ?? "null"),
            ("contextEncodable", variables == nil ? "false" : "true"),
        ] + faults.members)
    }
}
#endif
