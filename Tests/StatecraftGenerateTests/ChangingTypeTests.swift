import Statecraft
import StatecraftSCXML
import Testing

/// `ChangingType.scxml`, whose `<data>` is given a number, a string and a boolean and read only
/// as text, generated (a `String` field holding the value's text) and run next to an
/// `SCXMLSession` of the same document: the same states and the same logs.
@Suite("Data that change type, read as text, generated, agree with the interpreter")
struct ChangingTypeTests {
    struct Host: ChangingType.Host {
        let logs: LogRecorder

        func deliver(_ event: ChangingType.Outgoing, to target: String) -> Bool { false }

        func log(label: String, message: String) { logs.log(label: label, message: message) }
    }

    @Test func theFieldHoldsTheTextOfEachValueAsTheSessionWritesIt() throws {
        let logs = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            ChangingType.makeChart(), context: ChangingType.Context(host: Host(logs: logs)), document: "ChangingType.scxml",
            steps: [], name: \.scxmlName,
            configure: { session in session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") } }
        )
        #expect(trace == [["end"]])
        #expect(logs.logs == ["first: -2.5", "second: to #_internal", "third: 6", "fourth: true"])
        #expect(logs.logs == sessionLogs)
        let text: String = machine.context.target
        #expect(text == "true" && ChangingType.Context(host: Host(logs: logs)).target == "-2.5")
    }
}
