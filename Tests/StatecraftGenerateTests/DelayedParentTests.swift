import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// `DelayedParent.scxml`, whose invoked document sends `#_parent` events after delays, generated
/// (the invoked document's machine keeps them on its clock, `Effects.send(_:to:after:id:)`) and
/// run by its `Invocations` driver next to an `SCXMLSession` of the same document: the same
/// states and the same logs at each step.
@Suite("Delayed sends to #_parent, generated, agree with the interpreter")
struct DelayedParentTests {
    @Test func eachArrivesWhenDueAndWhatIsLeftGoesWithTheInvocation() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DelayedParent.scxml").path
        let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: path))
        var sessionLogs: [String] = []
        session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
        session.start()
        let host = LogRecorder()
        var driver = try DelayedParent.Invocations(host: host)
        var trace: [[String]] = []
        var heard: [Int] = []
        var now = Duration.zero
        // hello at 1 s, bye at 3 s (the machine leaves `running`, cancelling the invocation, whose
        // `late` due at 5 s is dropped); `never` was cancelled before it was due.
        for step in [.milliseconds(500), .milliseconds(500), .seconds(2), .seconds(3)] as [Duration] {
            now += step
            driver.advance(to: now)
            _ = session.advance(to: now)
            let states = driver.activeStates.map(\.rawValue)
            #expect(states == session.activeStates, "at \(now)")
            #expect(host.logs == sessionLogs, "at \(now)")
            trace.append(states)
            heard.append(host.logs.count)
        }
        #expect(trace == [["running"], ["running"], ["leaving"], ["leaving"]])
        #expect(heard == [0, 1, 1, 1])
        #expect(host.logs == ["hello: from the child"])
        #expect(host.logs == sessionLogs)
    }
}

extension LogRecorder: DelayedParent.Host {}
