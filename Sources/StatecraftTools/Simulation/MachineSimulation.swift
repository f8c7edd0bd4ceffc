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
package typealias MachineSimulation<State: Hashable & Sendable, Event: MachineEvent, Context> =
    Simulation<TypedMachineSubject<State, Event, Context>>

extension Simulation {
    /// Makes a simulation of the typed `machine`.
    ///
    /// - Parameters:
    ///   - machine: The machine, usually a new one.
    ///   - events: The event names a script may use.
    package init<State, Event, Context>(machine: Machine<State, Event, Context>, events: SimulationEvents<Event>)
    where Subject == TypedMachineSubject<State, Event, Context> {
        self.init(machine: machine, subject: TypedMachineSubject(events: events))
    }
}

/// What a simulation knows of a typed `Machine`: its table of event names; the states it shows
/// are the active atomic ones, and a timer's name is how it prints (`after #0 of locked`,
/// `push`) or the id it was sent with.
package struct TypedMachineSubject<State: Hashable & Sendable, Event: MachineEvent, Context>: SimulationSubject {
    /// The names a script may send.
    package let events: SimulationEvents<Event>

    /// Makes the subject of a machine whose events are `events`.
    ///
    /// - Parameter events: The event names a script may use.
    package init(events: SimulationEvents<Event>) {
        self.events = events
    }

    /// The event of the table's entry `name`, made from `data`.
    ///
    /// - Throws: ``SimulationScriptError`` when the name is not in the table or the data does
    ///   not make an event.
    package func event(named name: String, data: SCXMLValue?, line: Int) throws(SimulationScriptError) -> Event {
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
        return event
    }

    /// The active atomic states, in document order.
    package func configuration(of machine: Machine<State, Event, Context>) -> [String] {
        let chart = machine.chart
        return machine.activeStates.filter(chart.isAtomicState).map { "\($0)" }
    }

    /// Each pending timer as it prints, soonest first.
    package func timerNames(of machine: Machine<State, Event, Context>) -> [String] {
        machine.pendingTimers.map { "\($0.kind)" }
    }

    /// Fires the soonest timer printed as `name`, or sent with that id.
    package func fireTimer(named name: String, in machine: inout Machine<State, Event, Context>) -> Bool {
        let position = machine.pendingTimers.firstIndex { timer in
            if "\(timer.kind)" == name { return true }
            switch timer.kind {
            case .event(_, let id?), .outbound(_, _, let id?): return id == name
            default: return false
            }
        }
        guard let position else { return false }
        return machine.fireTimer(at: position)
    }

    /// A typed simulation does not trace.
    package func takeTrace() -> [String]? { nil }

    /// The engine's timers are pending.
    package var timerWords: (noun: String, waiting: String) { ("timer", "pending") }
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
