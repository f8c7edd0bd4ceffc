import Statecraft
import StatecraftSCXML
import Testing

/// `Conditions.scxml` and `NullConditions.scxml`, whose conditions the session cannot evaluate
/// as booleans, generated and run next to an `SCXMLSession` of the same document: the same
/// states, and the same `error.execution` events, counted by the same logs.
@Suite("Conditions that raise error.execution, generated from SCXML, agree with the interpreter")
struct ConditionTests {
    @Test func aConditionThatIsNotABooleanIsFalseAndRaisesErrorExecutionAsInTheSession() throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, machine) = try runSideBySide(
            Conditions.makeChart(), context: Conditions.Context(host: host), document: "Conditions.scxml",
            steps: [.send(.go), .send(.again)], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.map { $0.last ?? "" } == ["idle", "checked", "done"])
        // One error at the start ('text'); for go, three from the guards (7, count, limit > 1 while
        // limit is undefined; none for isBound(limit) && limit > 1) and two from the <if> in
        // checked's onentry (7 and count), which logs its <else> in the same microstep, before
        // the five errors are processed; none for again.
        #expect(host.logs == [
            "error: 1", "branch: else", "error: 2", "error: 3", "error: 4", "error: 5", "error: 6", "errors: 6",
        ])
        #expect(host.logs == sessionLogs)
        #expect(machine.context.errors == 6 && machine.context.limit == 2)
    }

    @Test func theNullDatamodelsConditionOtherThanInIsFalseAndRaisesErrorExecution() throws {
        let trace = try runSideBySide(
            NullConditions.makeChart(), document: "NullConditions.scxml", steps: [.send(.go)], name: \.scxmlName
        )
        #expect(trace == [["waiting"], ["done"]])
    }
}

extension LogRecorder: Conditions.Host {}
