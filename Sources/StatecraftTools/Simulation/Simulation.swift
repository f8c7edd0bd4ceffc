package import Statecraft
package import StatecraftSCXML

/// What a simulation needs to know of a kind of machine besides the host contract: how a
/// script's names become events, which states a step shows, and the machine's waiting timers
/// by name. Everything else a ``Simulation`` does goes through `RunnableMachine`, the one
/// contract every host drives a machine through (issue 28).
package protocol SimulationSubject {
    /// The machine the simulation drives.
    associatedtype Machine: RunnableMachine

    /// The event a script's `NAME [DATA]` sends.
    ///
    /// - Throws: ``SimulationScriptError`` (at `line`) when the name is not one the machine
    ///   knows, or the data does not make an event of it.
    func event(named name: String, data: SCXMLValue?, line: Int) throws(SimulationScriptError) -> Machine.Event

    /// The states a step shows: the active atomic states in document order, or the top-level
    /// final state the machine ended in.
    func configuration(of machine: Machine) -> [String]

    /// The names a `wait for NAME` may give, one per waiting timer, soonest first.
    func timerNames(of machine: Machine) -> [String]

    /// Fires the soonest waiting timer named `name` now, whatever its delay; the clock does
    /// not move.
    ///
    /// - Returns: Whether such a timer was waiting.
    func fireTimer(named name: String, in machine: inout Machine) -> Bool

    /// The microsteps since the last call, when the subject traces them; `nil` when it does not.
    func takeTrace() -> [String]?

    /// What a script error calls a timer and one not yet due: `("timer", "pending")`,
    /// `("delayed event", "waiting")`.
    var timerWords: (noun: String, waiting: String) { get }
}

/// A machine run on a simulation script, command by command, as `statecraft simulate` runs a
/// document and the examples' `--simulate` a typed chart: each command a ``SimulationStep``
/// that says where the machine is. The machine is driven through `RunnableMachine` (send, the
/// clock, status, faults); its ``SimulationSubject`` says what the contract leaves to each kind.
package struct Simulation<Subject: SimulationSubject> {
    /// The machine the commands drive.
    package private(set) var machine: Subject.Machine
    /// What the simulation knows of the machine's kind.
    package let subject: Subject
    /// The most timers one `wait` delivers; the clock stops at the last one delivered.
    package var deliveryLimit = 100_000
    /// How many faults the run has reported: each time a limit cut something short.
    package private(set) var faultCount = 0

    private var faults: [String] = []
    private var notes: [String] = []
    private var started = false

    /// Makes a simulation of `machine`, which has run its initial macrostep.
    ///
    /// - Parameters:
    ///   - machine: The machine, usually a new one.
    ///   - subject: What the simulation knows of its kind.
    package init(machine: Subject.Machine, subject: Subject) {
        self.machine = machine
        self.subject = subject
    }

    /// The step of line 0: where the initial macrostep left the machine, with its faults.
    ///
    /// - Returns: Where the machine is.
    package mutating func start() -> SimulationStep {
        if !started {
            started = true
            collectFaults()
        }
        return step(line: 0, input: nil)
    }

    /// Runs one command.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - line: Its line in the script.
    ///   - text: The command as written.
    /// - Returns: Where the machine is afterwards.
    /// - Throws: ``SimulationScriptError`` when the name is not the machine's, the data does
    ///   not make an event, or a `wait for` names no waiting timer; nothing runs then.
    package mutating func run(_ command: SimulationCommand, line: Int, text: String) throws(SimulationScriptError) -> SimulationStep {
        if !started { _ = start() }
        switch command {
        case .send(let name, let data):
            let event = try subject.event(named: name, data: data, line: line)
            _ = machine.send(event)
            collectFaults()
        case .wait(let duration):
            wait(duration)
        case .fire(let name):
            guard subject.fireTimer(named: name, in: &machine) else {
                let waiting = subject.timerNames(of: machine)
                let (noun, adjective) = subject.timerWords
                throw SimulationScriptError(
                    line: line, column: 1,
                    message: "'\(text)': no \(noun) of that name is \(adjective); "
                        + (waiting.isEmpty ? "none is" : "\(adjective): " + waiting.joined(separator: ", "))
                )
            }
            collectFaults()
        }
        return step(line: line, input: text)
    }

    /// Runs a whole script: the start, then each command.
    ///
    /// - Parameter script: The script's text.
    /// - Returns: The steps, the start first.
    /// - Throws: ``SimulationScriptError`` for a line that cannot be read (nothing is run
    ///   then), or a command that cannot run (the run stops there).
    package mutating func run(script: String) throws(SimulationScriptError) -> [SimulationStep] {
        let commands = try SimulationScript.commands(in: script)
        var steps = [start()]
        for (line, text, command) in commands {
            steps.append(try run(command, line: line, text: text))
        }
        return steps
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

    /// The names of the waiting timers, soonest first.
    package var timerNames: [String] { subject.timerNames(of: machine) }

    /// Moves the clock on by `duration`, delivering each timer as it falls due, at most
    /// ``deliveryLimit`` of them.
    private mutating func wait(_ duration: Duration) {
        let end = MachineClock.adding(duration, to: machine.now)
        var delivered = 0
        while let due = machine.nextDeadline, due <= end {
            if delivered >= deliveryLimit {
                let message = "stopped after delivering \(deliveryLimit) delayed events; the clock is at "
                    + SimulationScript.format(machine.now)
                notes.append(message)
                faultCount += 1
                faults.append(SimulationStep.faultLine(EngineFault(
                    code: .timerLimit, message: "a wait " + message + " (the simulation's delivery limit)"
                )))
                return
            }
            let before = machine.now
            let fired = machine.advance(to: due)
            delivered += fired
            // A host's event limit (or the engine's timer limit) cut the delivery short: the
            // events it left would stop every further advance the same way.
            if collectFaults().contains(where: { $0.code == .eventLimit || $0.code == .timerLimit }) { return }
            if fired == 0, machine.now == before { break }
        }
        _ = machine.advance(to: end)
        collectFaults()
    }

    /// Takes the machine's new faults into the step's lines.
    ///
    /// - Returns: The faults taken.
    @discardableResult
    private mutating func collectFaults() -> [EngineFault] {
        let taken = machine.takeFaults()
        faultCount += taken.count
        faults += taken.map(SimulationStep.faultLine)
        return taken
    }

    private mutating func step(line: Int, input: String?) -> SimulationStep {
        var entries = subject.takeTrace()
        if !notes.isEmpty { entries = (entries ?? []) + notes.map { "note: \($0)" } }
        notes.removeAll()
        defer { faults.removeAll() }
        return SimulationStep(
            line: line, input: input, configuration: subject.configuration(of: machine), done: machine.status == .done,
            trace: entries, faults: faults
        )
    }
}
