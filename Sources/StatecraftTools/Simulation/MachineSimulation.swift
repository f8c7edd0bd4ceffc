package import Statecraft
package import StatecraftSCXML

/// A typed machine run on a simulation script, as `statecraft simulate` runs a document: the
/// same grammar and the same lines, with the machine's own table of event names.
///
/// ```swift
/// let events = SimulationEvents<Input>([
///     .init("push") { _ in .push },
///     .init("coin", example: #"{"cents": 25}"#) { data in
///         data?["cents"]?.integer.map { .coin(cents: $0) }
///     },
/// ])
/// var simulation = MachineSimulation(machine: chart.makeMachine(context: Till()), events: events)
/// let status = simulation.run(lines: AnyIterator { readLine() }, json: false) { print($0) }
/// ```
package struct MachineSimulation<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// The machine the commands drive.
    package private(set) var machine: Machine<State, Event, Context>
    /// The names a script may send.
    package let events: SimulationEvents<Event>
    /// How many faults the run has reported (the machine's `lastFault` after a command).
    package private(set) var faultCount = 0
    private var faults: [String] = []

    /// Makes a simulation of `machine`.
    ///
    /// - Parameters:
    ///   - machine: The machine, usually a new one.
    ///   - events: The event names a script may use.
    package init(machine: Machine<State, Event, Context>, events: SimulationEvents<Event>) {
        self.machine = machine
        self.events = events
        // The initial macrostep's fault, shown on the start's line.
        if machine.lastFault != nil { faultCount = 1 }
    }

    /// The step of line 0.
    ///
    /// - Returns: Where the machine is.
    package func start() -> SimulationStep {
        var step = step(line: 0, input: nil)
        if let fault = machine.lastFault { step.faults = [SimulationStep.faultLine(fault)] }
        return step
    }

    /// Runs one command.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - line: Its line in the script.
    ///   - text: The command as written.
    /// - Returns: Where the machine is afterwards.
    /// - Throws: ``SimulationScriptError`` when the name is not in the table, the data does
    ///   not make an event, or a `wait for` names no pending timer.
    package mutating func run(_ command: SimulationCommand, line: Int, text: String) throws(SimulationScriptError) -> SimulationStep {
        switch command {
        case .send(let name, let data):
            guard let entry = events.entry(named: name) else {
                throw SimulationScriptError(
                    line: line, column: 1,
                    message: "'\(name)' is not an event of this machine; it knows "
                        + events.entries.map(\.name).joined(separator: ", ")
                )
            }
            guard let event = entry.make(data) else {
                let form = entry.example.map { "write it as '\(name) \($0)'" } ?? "write it as '\(name)', without data"
                let problem = data.map { "'\(name)' cannot take the data \($0.jsonText)" } ?? "'\(name)' needs data"
                throw SimulationScriptError(line: line, column: 1, message: "\(problem): \(form)")
            }
            let running = machine.status == .running
            _ = machine.send(event)
            // A finished machine rejects the event without a step: its fault is an old one.
            if running, let fault = machine.lastFault { faults.append(SimulationStep.faultLine(fault)) }
        case .wait(let duration):
            let before = machine.now
            machine.advance(by: duration)
            if machine.now > before, let fault = machine.lastFault { faults.append(SimulationStep.faultLine(fault)) }
        case .fire(let name):
            // The soonest timer printed as `name` (`after #0 of locked`, `push`) or sent with that id.
            let pending = machine.pendingTimers
            let position = pending.firstIndex { timer in
                if "\(timer.kind)" == name { return true }
                if case .event(_, let id?) = timer.kind { return id == name }
                return false
            }
            guard let position else {
                throw SimulationScriptError(
                    line: line, column: 1,
                    message: "'\(text)': no timer of that name is pending; "
                        + (pending.isEmpty ? "none is" : "pending: " + pending.map { "\($0.kind)" }.joined(separator: ", "))
                )
            }
            machine.fireTimer(at: position)
            if let fault = machine.lastFault { faults.append(SimulationStep.faultLine(fault)) }
        }
        faultCount += faults.count
        defer { faults.removeAll() }
        return step(line: line, input: text)
    }

    /// Runs a script read line by line, writing the start's line and one line per command.
    ///
    /// - Parameters:
    ///   - lines: The script's lines, as they come.
    ///   - json: Whether to write JSON objects instead of text.
    ///   - write: Receives each output line.
    ///   - error: Receives the message of a script error.
    /// - Returns: The exit status: 0; 2 after a script error (the run stops there); 3 when the
    ///   script ran but a fault cut something short (each printed as a `fault:` line).
    package mutating func run(
        lines: some IteratorProtocol<String>,
        json: Bool,
        write: (String) -> Void,
        error: (String) -> Void
    ) -> Int32 {
        var lines = lines
        write(json ? start().json : start().text)
        var number = 0
        while let line = lines.next() {
            number += 1
            do {
                guard let command = try SimulationScript.command(in: line, line: number) else { continue }
                let step = try run(command, line: number, text: String(line.trimmingWhitespace))
                write(json ? step.json : step.text)
            } catch let failure {
                error("error: \(failure)")
                return 2
            }
        }
        return faultCount > 0 ? 3 : 0
    }

    private func step(line: Int, input: String?) -> SimulationStep {
        let chart = machine.chart
        return SimulationStep(
            line: line, input: input,
            configuration: machine.activeStates.filter(chart.isAtomicState).map { "\($0)" },
            done: machine.status == .done, faults: faults
        )
    }
}

/// The event names a typed simulation understands: the tools' one table of events by name.
package typealias SimulationEvents<Event: MachineEvent> = EventTable<Event>

extension SCXMLValue {
    /// The member `name` of an object; `nil` for anything else.
    package subscript(member name: String) -> SCXMLValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The value as an `Int`, when it is a whole number that fits.
    package var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}
