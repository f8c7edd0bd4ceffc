#if Inspector
import Foundation

/// The parts of a record, as JSON text: the adapters fill them in from their machine's types.
struct StepJSON {
    /// The event's `name`, `data` and `text`; `nil` when there is none.
    var event: String?
    /// The step's one line (`coin(cents: 25): locked -> unlocked`).
    var outcome: String?
    /// Each transition as `{"source", "target", "event"}`.
    var transitions: [String]
    /// The snapshot object.
    var snapshot: String

    /// `{"source": ..., "target": ..., "event": ...}`.
    static func transition(source: String, target: String?, event: String?) -> String {
        JSONText.object([
            ("source", JSONText.string(source)), ("target", JSONText.string(target)), ("event", JSONText.string(event)),
        ])
    }

    /// The step's one line, as the runtime prints it: `coin(cents: 25): locked -> unlocked`,
    /// each further transition after `, then`, one triggered by another event after that
    /// event's name; `otherwise` (the rejection) when no transition was taken.
    ///
    /// - Parameters:
    ///   - event: The event as text.
    ///   - kind: The event's name.
    ///   - routes: Each transition's event name (if any), source, and target (if any).
    static func outcome(
        event: String, kind: String, routes: [(event: String?, source: String, target: String?)],
        otherwise: () -> String
    ) -> String {
        guard !routes.isEmpty else { return event + ": " + otherwise() }
        let lines = routes.map { route in
            let path = route.target.map { route.source + " -> " + $0 } ?? "handled in " + route.source
            return route.event == nil || route.event == kind ? path : route.event! + ": " + path
        }
        return event + ": " + lines.joined(separator: ", then ")
    }

    /// `{"name": ..., "data": ..., "text": ...}`.
    static func event(name: String, data: String?, text: String) -> String {
        JSONText.object([("name", JSONText.string(name)), ("data", data ?? "null"), ("text", JSONText.string(text))])
    }

    /// The members every record and step response share.
    var members: [(String, String)] {
        [
            ("event", event ?? "null"),
            ("outcome", JSONText.string(outcome)),
            ("transitions", JSONText.array(transitions)),
            ("snapshot", snapshot),
        ]
    }

    /// The step as the answer to `POST /events`.
    func response(machine: String) -> String {
        JSONText.object([("machine", JSONText.string(machine))] + members)
    }

    /// A record of `kind`, numbered `sequence`.
    func record(
        _ sequence: Int, kind: InspectorRecord.Kind, eventName: String?, activeStates: [String]
    ) -> InspectorRecord {
        let milliseconds = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let json = JSONText.object(
            [("sequence", String(sequence)), ("kind", JSONText.string(kind.rawValue)), ("time", String(milliseconds))] + members
        )
        return InspectorRecord(sequence: sequence, kind: kind, eventName: eventName, activeStates: activeStates, json: json)
    }
}
#endif
