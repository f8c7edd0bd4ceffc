#if Inspector
import StatecraftSCXML
import Synchronization

/// A machine the inspector shows, whatever its type: what the routes need, as closures made
/// by the typed and SCXML adapters.
final class InspectedMachine: Sendable {
    /// Sends an event by name with the request's data; returns the step as JSON.
    typealias Send = @Sendable (_ name: String, _ data: SCXMLValue?) async throws(InspectorError) -> String

    let id: String
    /// `typed` or `scxml`.
    let kind: String
    /// The chart's structure, as ``ChartStructure/json()`` writes it.
    let structure: String
    /// The names the page offers in its form.
    let eventNames: [String]
    /// Whether any name is accepted (an SCXML session), or only `eventNames` (a typed machine).
    let acceptsAnyName: Bool
    let recorder: Recorder
    let send: Send
    /// The current snapshot as JSON, once everything sent before is processed.
    let snapshot: @Sendable () async -> String
    /// The task that reads the runtime's activity into the recorder.
    let watcher = Mutex<Task<Void, Never>?>(nil)

    init(
        id: String, kind: String, structure: String, eventNames: [String], acceptsAnyName: Bool, historyLimit: Int, historyByteLimit: Int,
        send: @escaping Send, snapshot: @escaping @Sendable () async -> String
    ) {
        self.id = id
        self.kind = kind
        self.structure = structure
        self.eventNames = eventNames
        self.acceptsAnyName = acceptsAnyName
        recorder = Recorder(limit: historyLimit, byteLimit: historyByteLimit)
        self.send = send
        self.snapshot = snapshot
    }

    /// The machine in the list `GET /machines` returns.
    var summary: String {
        let losses = recorder.losses
        return JSONText.object([
            ("id", JSONText.string(id)),
            ("kind", JSONText.string(kind)),
            ("events", JSONText.array(eventNames.map { JSONText.string($0) })),
            ("acceptsAnyEvent", acceptsAnyName ? "true" : "false"),
            ("historyLimit", String(recorder.limit)),
            ("historyByteLimit", String(recorder.byteLimit)),
            ("latestSequence", String(recorder.latestSequence)),
            ("droppedRecords", String(losses.dropped)),
            ("tooLargeRecords", String(losses.tooLarge)),
        ])
    }

    /// Stops reading the runtime's activity.
    func stopWatching() {
        watcher.withLock { $0?.cancel() }
    }
}
#endif
