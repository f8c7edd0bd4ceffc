package import Statecraft
package import StatecraftSCXML
import Synchronization

/// Runs an SCXML document command by command, as `statecraft simulate` does: each command a
/// ``SimulationStep`` that says where the session is. The session is an `SCXMLMachine`, driven
/// through `RunnableMachine` like any machine a host runs.
///
/// ```swift
/// var simulation = SCXMLSimulation(document: document, tracing: false)
/// print(simulation.start().text)                       // 0: (start) -> idle
/// let steps = try simulation.run(script: "go\nwait 2s\n")
/// ```
package typealias SCXMLSimulation = Simulation<SCXMLDocumentSubject>

extension Simulation where Subject == SCXMLDocumentSubject {
    /// Makes a simulation of a new session of `document`, started: its initial macrostep has
    /// run, and ``start()`` shows where it left the session.
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - tracing: Whether steps carry the microsteps.
    ///   - eventLimit: The session's `eventLimit`, when not its default.
    package init(document: SCXMLDocument, tracing: Bool, eventLimit: Int? = nil) {
        var subject = SCXMLDocumentSubject(document: document, tracing: tracing)
        subject.eventLimit = eventLimit
        self.init(machine: subject.makeMachine(), subject: subject)
    }

    /// The events the transitions of the active states are written for; `guarded` when each of
    /// those transitions has a condition.
    package var enabledEvents: [(name: String, guarded: Bool)] {
        guard machine.status != .done else { return [] }
        let active = Set(machine.activeStates)
        return subject.alphabet.enabled(isActive: active.contains)
    }
}

/// What a simulation knows of an SCXML document: any name is an event (with its data as
/// `_event.data`); a step shows the active atomic states, or the top-level final state the
/// session ended in; the timers are the session's waiting delayed events, by event name; and
/// when tracing, the microsteps and what `<log>` says.
package struct SCXMLDocumentSubject: SimulationSubject {
    /// The document.
    package let document: SCXMLDocument
    /// Whether steps carry the microsteps.
    package let tracing: Bool
    /// The events the document's transitions name.
    package let alphabet: EventAlphabet
    /// The session's `eventLimit`, when not its default.
    package var eventLimit: Int?
    private let trace = TraceLines()

    /// The trace of the session, written by its handlers and taken by each step.
    private final class TraceLines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        func take() -> [String] { lines.withLock { lines in defer { lines.removeAll() }; return lines } }
    }

    /// Makes the subject of `document`.
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - tracing: Whether steps carry the microsteps.
    package init(document: SCXMLDocument, tracing: Bool) {
        self.document = document
        self.tracing = tracing
        alphabet = EventAlphabet(document: document)
    }

    /// A new session of the document, started, with its trace going to this subject.
    package func makeMachine() -> SCXMLMachine {
        let session = SCXMLSession(document: document)
        if let eventLimit { session.eventLimit = eventLimit }
        if tracing {
            let sites = document.transitionSites
            let trace = trace
            session.traceHandler = { entry in trace.append(Self.describe(entry, sites: sites)) }
            // What the document's <log> elements say, in the trace where it happened.
            session.logHandler = { label, message in trace.append(label.isEmpty ? "log \(message)" : "log \(label): \(message)") }
        }
        return SCXMLMachine(session: session)
    }

    /// An external event of that name, with `data` as its data.
    package func event(named name: String, data: SCXMLValue?, line: Int) throws(SimulationScriptError) -> SCXMLEvent {
        SCXMLEvent(name, type: .external, data: data ?? .undefined)
    }

    /// The active atomic states; once the session has ended, the top-level final state it
    /// reached.
    package func configuration(of machine: SCXMLMachine) -> [String] {
        machine.withSession { session in
            if let final = session.finalState, !final.isEmpty { return [final] }
            return session.activeAtomicStates
        }
    }

    /// The names of the waiting delayed events, soonest first.
    package func timerNames(of machine: SCXMLMachine) -> [String] {
        machine.withSession { $0.waitingDelayedEvents.map(\.name) }
    }

    /// Delivers the soonest waiting delayed event named `name` now.
    package func fireTimer(named name: String, in machine: inout SCXMLMachine) -> Bool {
        machine.withSession { $0.fireDelayedEvent(named: name) }
    }

    /// A session's delayed sends are waiting.
    package var timerWords: (noun: String, waiting: String) { ("delayed event", "waiting") }

    /// The microsteps since the last step, when tracing.
    package func takeTrace() -> [String]? {
        tracing ? trace.take() : nil
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
