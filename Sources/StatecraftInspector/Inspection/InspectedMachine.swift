#if Inspector
import Statecraft
import StatecraftRuntime
import StatecraftSCXML
import Synchronization

/// A machine the inspector shows, as the registry and the routes see it, whatever it runs.
protocol InspectedMachine: AnyObject, Sendable {
    /// Its id in URLs.
    var id: String { get }
    /// The chart's structure, as ``ChartStructure/json()`` writes it.
    var structure: String { get }
    /// Its records.
    var recorder: Recorder { get }
    /// The machine in the list `GET /machines` returns.
    var summary: String { get }
    /// Sends an event by name with the request's data; returns the step as JSON.
    func send(_ name: String, _ data: SCXMLValue?) async throws(InspectorError) -> String
    /// The current snapshot as JSON, once everything sent before is processed.
    func snapshot() async -> String
    /// Stops reading the runtime's activity.
    func stopWatching()
}

/// How the inspector shows the machines of one kind (typed machines, SCXML sessions): the
/// names and JSON that differ between kinds. The rest, driving the machine through its
/// runtime, is the same for every `RunnableMachine` and lives once, in ``InspectedRuntime``.
protocol MachineView: Sendable {
    /// The machines shown.
    associatedtype Runnable: RunnableMachine & Sendable

    /// `typed` or `scxml`.
    var kind: String { get }
    /// The chart's structure, as ``ChartStructure/json()`` writes it.
    var structure: String { get }
    /// The names the page offers in its form.
    var eventNames: [String] { get }
    /// Whether any name is accepted (an SCXML session), or only `eventNames` (a typed machine).
    var acceptsAnyName: Bool { get }

    /// The event a request names, with its data.
    ///
    /// - Throws: ``InspectorError`` naming machine `id` when the name or data is not an event.
    func event(named name: String, data: SCXMLValue?, machine id: String) throws(InspectorError) -> Runnable.Event
    /// A step as JSON parts.
    func step(_ step: MachineRuntime<Runnable>.Step, faults: RuntimeFaults) -> StepJSON
    /// A snapshot as JSON.
    func snapshot(_ snapshot: Runnable.Snapshot, faults: RuntimeFaults) -> String
    /// A transition as JSON.
    func transition(_ transition: Runnable.Transition) -> String
    /// An event's name, as records list it.
    func eventName(of event: Runnable.Event) -> String
    /// A snapshot's active states, by name.
    func activeStates(of snapshot: Runnable.Snapshot) -> [String]
}

/// A runtime the inspector shows: it sends the page's events to the runtime, reads its
/// snapshots and records its activity, through the machine contract and the kind's view.
final class InspectedRuntime<View: MachineView>: InspectedMachine {
    let id: String
    let view: View
    let runtime: MachineRuntime<View.Runnable>
    let recorder: Recorder
    /// The task that reads the runtime's activity into the recorder.
    let watcher = Mutex<Task<Void, Never>?>(nil)

    init(id: String, runtime: MachineRuntime<View.Runnable>, view: View, historyLimit: Int, historyByteLimit: Int) {
        self.id = id
        self.runtime = runtime
        self.view = view
        recorder = Recorder(limit: historyLimit, byteLimit: historyByteLimit)
    }

    var structure: String { view.structure }

    var summary: String {
        let losses = recorder.losses
        return JSONText.object([
            ("id", JSONText.string(id)),
            ("kind", JSONText.string(view.kind)),
            ("events", JSONText.array(view.eventNames.map { JSONText.string($0) })),
            ("acceptsAnyEvent", view.acceptsAnyName ? "true" : "false"),
            ("historyLimit", String(recorder.limit)),
            ("historyByteLimit", String(recorder.byteLimit)),
            ("latestSequence", String(recorder.latestSequence)),
            ("droppedRecords", String(losses.dropped)),
            ("tooLargeRecords", String(losses.tooLarge)),
        ])
    }

    func send(_ name: String, _ data: SCXMLValue?) async throws(InspectorError) -> String {
        let event = try view.event(named: name, data: data, machine: id)
        switch await runtime.send(event) {
        case .processed(let step):
            return view.step(step, faults: RuntimeFaults(runtime)).response(machine: id)
        case .queued:
            return JSONText.object([("machine", JSONText.string(id)), ("queued", "true")])
        case .discarded(let reason):
            throw InspectorError(code: .stopped, message: "machine '\(id)' did not take the event: \(reason)")
        }
    }

    func snapshot() async -> String {
        view.snapshot(await runtime.snapshot(), faults: RuntimeFaults(runtime))
    }

    /// The record of one thing the runtime did.
    func record(_ activity: MachineRuntime<View.Runnable>.Activity, sequence: Int) -> InspectorRecord {
        switch activity {
        case .current(let snapshot):
            let parts = StepJSON(event: nil, outcome: nil, transitions: [], snapshot: view.snapshot(snapshot, faults: RuntimeFaults(runtime)))
            return parts.record(sequence, kind: .start, eventName: nil, activeStates: view.activeStates(of: snapshot))
        case .step(let step):
            return view.step(step, faults: RuntimeFaults(runtime)).record(
                sequence, kind: .event, eventName: view.eventName(of: step.event), activeStates: view.activeStates(of: step.snapshot)
            )
        case .timers(let transitions, let snapshot):
            let parts = StepJSON(
                event: nil, outcome: nil, transitions: transitions.map(view.transition),
                snapshot: view.snapshot(snapshot, faults: RuntimeFaults(runtime))
            )
            return parts.record(sequence, kind: .timers, eventName: nil, activeStates: view.activeStates(of: snapshot))
        }
    }

    func stopWatching() {
        watcher.withLock { $0?.cancel() }
    }
}

extension Inspector {
    /// Shows a runtime under `id` through the view of its kind: registers it, then reads its
    /// activity into its records, in a task of its own.
    func show<View: MachineView>(_ runtime: MachineRuntime<View.Runnable>, view: View, id: String) throws(InspectorError) {
        let machine = InspectedRuntime(
            id: id, runtime: runtime, view: view, historyLimit: configuration.historyLimit,
            historyByteLimit: configuration.historyByteLimit
        )
        try register(machine)
        let activity = runtime.activity(buffering: .bufferingNewest(configuration.activityBacklog))
        let task = Task { [weak self] in
            for await item in activity {
                let made = machine.recorder.append { sequence in machine.record(item, sequence: sequence) }
                self?.publish(made, of: machine.id)
            }
        }
        machine.watcher.withLock { $0 = task }
    }
}
#endif
