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
        try show(runtime, view: SCXMLView(machine: machine), id: id)
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
                message: "'\(name.excerpt())' is not an event name; use tokens of letters, digits, '_', '-' or ':' separated by dots (done.state.s1)"
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

/// How the inspector shows an SCXML session: any event name, with any data; the datamodel's
/// variables as the context and the delayed sends as the timers, read from the machine.
struct SCXMLView: MachineView {
    let machine: SCXMLMachine
    let structure: String
    let eventNames: [String]

    init(machine: SCXMLMachine) {
        self.machine = machine
        let structure = machine.document.structure
        self.structure = structure.json()
        eventNames = Set(structure.transitions.flatMap(\.events)).filter { !$0.contains("*") && !$0.isEmpty }.sorted()
    }

    var kind: String { "scxml" }
    var acceptsAnyName: Bool { true }

    func event(named name: String, data: SCXMLValue?, machine id: String) throws(InspectorError) -> SCXMLEvent {
        try Inspector.check(eventName: name)
        return SCXMLEvent(name, data: data ?? .undefined)
    }

    func step(_ step: MachineRuntime<SCXMLMachine>.Step, faults: RuntimeFaults) -> StepJSON {
        Inspector.scxmlStep(step, machine: machine, faults: faults)
    }

    func snapshot(_ snapshot: SCXMLMachine.Snapshot, faults: RuntimeFaults) -> String {
        Inspector.scxmlSnapshot(snapshot, machine: machine, faults: faults)
    }

    func transition(_ transition: TakenTransition<String, SCXMLEvent>) -> String {
        Inspector.scxmlTransition(transition)
    }

    func eventName(of event: SCXMLEvent) -> String {
        event.name
    }

    func activeStates(of snapshot: SCXMLMachine.Snapshot) -> [String] {
        snapshot.activeStates
    }
}
#endif
