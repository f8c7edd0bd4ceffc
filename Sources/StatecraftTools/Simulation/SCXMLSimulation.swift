import Statecraft
package import StatecraftSCXML

/// Runs an SCXML document command by command, as `statecraft simulate` does: each command a
/// ``SimulationStep`` that says where the session is.
///
/// ```swift
/// let simulation = SCXMLSimulation(document: document, tracing: false)
/// print(simulation.start().text)                       // 0: (start) -> idle
/// let steps = try simulation.run(script: "go\nwait 2s\n")
/// ```
package final class SCXMLSimulation {
    /// The session the commands drive.
    package let session: SCXMLSession
    /// Whether steps carry the microsteps.
    package let tracing: Bool
    /// The events the document's transitions name.
    package let alphabet: EventAlphabet
    /// The most delayed sends one `wait` delivers; the clock stops at the last one delivered.
    package var deliveryLimit = 100_000

    /// How many faults the run has reported: each time a limit cut something short.
    package private(set) var faultCount = 0

    private var trace: [String] = []
    private var notes: [String] = []
    private var faults: [String] = []
    private var started = false

    /// Makes a simulation of a new session of `document`; ``start()`` enters its initial states.
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - tracing: Whether steps carry the microsteps.
    package init(document: SCXMLDocument, tracing: Bool) {
        session = SCXMLSession(document: document)
        self.tracing = tracing
        alphabet = EventAlphabet(document: document)
        // Every limit that cuts something short says so, on the step where it happened.
        session.faultHandler = { [unowned self] fault in
            self.faultCount += 1
            self.faults.append(SimulationStep.faultLine(fault))
        }
        if tracing {
            let sites = document.transitionSites
            session.traceHandler = { [unowned self] entry in
                self.trace.append(Self.describe(entry, sites: sites))
            }
            // What the document's <log> elements say, in the trace where it happened.
            session.logHandler = { [unowned self] label, message in
                self.trace.append(label.isEmpty ? "log \(message)" : "log \(label): \(message)")
            }
        }
    }

    /// Starts the session: the step of line 0.
    ///
    /// - Returns: The configuration after the initial macrostep.
    package func start() -> SimulationStep {
        if !started {
            started = true
            session.start()
        }
        return step(line: 0, input: nil)
    }

    /// Runs one command.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - line: Its line in the script.
    ///   - text: The command as written.
    /// - Returns: Where the session is afterwards.
    /// - Throws: ``SimulationScriptError`` when a `wait for` names no waiting delayed event;
    ///   nothing runs then.
    package func run(_ command: SimulationCommand, line: Int, text: String) throws(SimulationScriptError) -> SimulationStep {
        if !started { _ = start() }
        switch command {
        case .wait(let duration):
            wait(duration)
        case .send, .fire:
            guard session.take(command) else {
                let waiting = session.waitingDelayedEvents.map(\.name)
                throw SimulationScriptError(
                    line: line, column: 1,
                    message: "'\(text)': no delayed event of that name is waiting; "
                        + (waiting.isEmpty ? "none is" : "waiting: " + waiting.joined(separator: ", "))
                )
            }
        }
        return step(line: line, input: text)
    }

    /// Runs a whole script: the start, then each command.
    ///
    /// - Parameter script: The script's text.
    /// - Returns: The steps, the start first.
    /// - Throws: ``SimulationScriptError`` for a line that cannot be read (nothing is run
    ///   then), or a `wait for` that names no waiting delayed event (the run stops there).
    package func run(script: String) throws(SimulationScriptError) -> [SimulationStep] {
        let commands = try SimulationScript.commands(in: script)
        var steps = [start()]
        for (line, text, command) in commands {
            steps.append(try run(command, line: line, text: text))
        }
        return steps
    }

    /// The events the transitions of the active states are written for; `guarded` when each of
    /// those transitions has a condition.
    package var enabledEvents: [(name: String, guarded: Bool)] {
        session.isFinished ? [] : alphabet.enabled(isActive: session.isActive)
    }

    /// Moves the clock on by `duration`, delivering each delayed send as it falls due, at most
    /// ``deliveryLimit`` of them.
    private func wait(_ duration: Duration) {
        let end = session.now + duration
        var delivered = 0
        while let due = session.nextDeadline, due <= end {
            if delivered >= deliveryLimit {
                let message = "stopped after delivering \(deliveryLimit) delayed events; the clock is at "
                    + SimulationScript.format(session.now)
                notes.append(message)
                faultCount += 1
                faults.append(SimulationStep.faultLine(EngineFault(
                    code: .timerLimit, message: "a wait " + message + " (the simulation's delivery limit)"
                )))
                return
            }
            delivered += session.advance(to: due)
            // Stopped at the session's event limit (a fault says so): the events it left queued
            // would stop every further advance the same way.
            if session.stoppedAtEventLimit { return }
        }
        session.advance(to: end)
    }

    private func step(line: Int, input: String?) -> SimulationStep {
        // The session's event limit is a fault of its own (code eventLimit), in `faults`.
        var entries: [String]? = tracing ? trace : nil
        if !notes.isEmpty { entries = (entries ?? []) + notes.map { "note: \($0)" } }
        trace.removeAll()
        notes.removeAll()
        defer { faults.removeAll() }
        return SimulationStep(
            line: line, input: input, configuration: configuration, done: session.finalState != nil, trace: entries,
            faults: faults
        )
    }

    /// The active atomic states; once the session has ended, the top-level final state it
    /// reached.
    private var configuration: [String] {
        if let final = session.finalState, !final.isEmpty { return [final] }
        return session.activeAtomicStates
    }

    static func describe(_ entry: SessionTraceEntry, sites: [TransitionSite]) -> String {
        switch entry {
        case .exited(let id): return "exit \(id)"
        case .entered(let id): return "enter \(id)"
        case .raised(let name): return "raise \(name)"
        case .sent(let name, let target, let delay):
            var text = "send \(name)"
            if let target { text += " to \(target)" }
            if delay > .zero { text += " after \(SimulationScript.format(delay))" }
            return text
        case .transition(let index, let event):
            let site = sites[index]
            var text = "transition \(site.source)"
            text += site.targets.isEmpty ? " (no target)" : " -> \(site.targets.joined(separator: " "))"
            text += event.map { " on \($0)" } ?? " (eventless)"
            return text + " [\(site.position)]"
        }
    }
}

extension SCXMLSession {
    /// Takes one step of a script or a path: sends the event, lets the time pass, or delivers
    /// the delayed event early.
    ///
    /// - Returns: `false` for a `wait for` that names no waiting delayed event (nothing ran).
    @discardableResult
    package func take(_ step: SimulationCommand) -> Bool {
        switch step {
        case .send(let name, let data):
            send(SCXMLEvent(name, type: .external, data: data ?? .undefined))
        case .wait(let duration):
            advance(by: duration)
        case .fire(let name):
            return fireDelayedEvent(named: name)
        }
        return true
    }
}
