import Statecraft
import StatecraftSCXML
import Testing

/// `Unbound.scxml`'s data without expr, generated as optional fields of inferred types, run next
/// to an `SCXMLSession` of the same document: the same states, the same logs (undefined written
/// `undefined`), `error.execution` where arithmetic meets undefined, and the same final data.
@Suite("Data without expr generated from SCXML agrees with the interpreter")
struct UnboundDataTests {
    @Test func unboundDataIsUndefinedUntilAssignedAsInTheSession() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            Unbound.makeChart(), context: Unbound.Context(host: host), document: "Unbound.scxml",
            steps: [.send(.check), .send(.go)], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.map { $0.last ?? "" } == ["counting", "counting", "done"])
        #expect(host.logs == ["before: undefined", "joined: n=undefined", "counted: 3 b 1", "letter: a", "letter: b", "branch: big 3"])
        #expect(host.logs == sessionLogs)
        let context = machine.context
        #expect(context.count == 3 && context.name == "b" && context.at == 1 && context.copy == "b" && context.letter == "b")
    }

    @Test func theFieldsAreOptionalOfTheInferredTypes() {
        let context = Unbound.Context(host: LogRecorder())
        let count: Double? = context.count, name: String? = context.name, at: Double? = context.at
        let letter: String? = context.letter  // declared by its <foreach>
        #expect(count == nil && name == nil && at == nil && context.copy == nil && letter == nil)
    }
}

extension LogRecorder: Unbound.Host {}
