import Statecraft
import StatecraftSCXML
import Testing

/// `EventData.scxml`, whose events carry data (`<param>`, namelist, `<content>`, a delayed
/// `<send>`, an event the app sends), generated and run next to an `SCXMLSession` of the same
/// document: the same states, the same logs (a field an event was not given raises
/// `error.execution` when read, a namelist's unbound data reads `undefined`), and the same final data.
@Suite("Events with data generated from SCXML agree with the interpreter")
struct EventDataTests {
    /// The data the session is sent with the app's event, as the generated event carries it.
    static func sessionData(_ event: EventData.Event) -> SCXMLValue {
        guard case .ping(let data) = event else { return .undefined }
        var members: [SCXMLMember] = []
        if let n = data.n { members.append(SCXMLMember("n", .number(n))) }
        if let label = data.label { members.append(SCXMLMember("label", .string(label))) }
        return .object(members)
    }

    @Test func eventsCarryTheirDataAsInTheSession() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            EventData.makeChart(), context: EventData.Context(host: host), document: "EventData.scxml",
            steps: [.wait(.seconds(1)), .send(.ping(EventData.PingData(n: 7, label: "app")))], name: \.scxmlName,
            data: Self.sessionData,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.map { $0.last ?? "" } == ["third", "third", "done"])
        #expect(host.logs == [
            "error: undefined n", "ping: 2 first", "error: undefined n", "snapshot: 1 undefined", "note: w!", "tick: 3",
        ])
        #expect(host.logs == sessionLogs)
        #expect(machine.context.total == 14)  // the second ping's n was added before its label failed
    }

    @Test func theDataAreTypedStructsOfTheirEvents() {
        // Given by every send: not optional; given by some: optional.
        let tick = EventData.TickData(k: 3)
        let k: Double = tick.k
        let ping = EventData.PingData(n: 2)
        let n: Double? = ping.n, label: String? = ping.label
        let snapshot = EventData.SnapshotData(count: 1)
        let count: Double = snapshot.count, name: String? = snapshot.name
        let note: String = EventData.NoteData(value: "w!").value
        #expect(k == 3 && n == 2 && label == nil && count == 1 && name == nil && note == "w!")
        #expect(EventData.PingData(EventData.Event.ping(ping)) == ping)
        #expect(EventData.PingData(EventData.Event.tick(tick)) == nil)
        #expect(EventData.Event.ping(ping).kind == .ping)
    }
}

extension LogRecorder: EventData.Host {}
