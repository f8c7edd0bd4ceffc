import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// `Computed.scxml`, whose `<invoke>`s name their documents when they start (`srcexpr`,
/// `<content expr>`), generated (the driver reads each document then and runs it interpreted)
/// and run next to an `SCXMLSession` of the same document: the same states and the same logs.
@Suite("Invocations of documents named when they start, generated, agree with the interpreter")
struct ComputedTests {
    struct Host: Computed.Host {
        let logs: LogRecorder

        /// Every target here is an invocation, which the driver routes before the app.
        func deliver(_ event: Computed.Outgoing, to target: String) -> Bool { false }

        func log(label: String, message: String) { logs.log(label: label, message: message) }
    }

    @Test func readWhenTheyStartRunInterpretedAndCancelled() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: folder + "/Computed.scxml"))
        var sessionLogs: [String] = []
        session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
        session.start()
        let logs = LogRecorder()
        var driver = try Computed.Invocations(host: Host(logs: logs), documentFolder: folder)
        var trace = [driver.activeStates.map(\.rawValue)]
        #expect(trace[0] == session.activeStates)
        // The delayed pong, then the two inline documents; leave cancels the last.
        driver.advance(to: .seconds(1))
        _ = session.advance(to: .seconds(1))
        trace.append(driver.activeStates.map(\.rawValue))
        #expect(trace[1] == session.activeStates)
        // The last child's delayed send to the machine waits on the driver's clock.
        #expect(driver.nextDeadline == .seconds(6))
        driver.send(.leave)
        session.send(SCXMLEvent("leave"))
        trace.append(driver.activeStates.map(\.rawValue))
        #expect(trace[2] == session.activeStates)
        #expect(trace == [["second"], ["fourth"], ["end"]])
        #expect(driver.status == .done && session.isFinished)
        // Cancelled with its child, the delayed send went too: nothing is due.
        #expect(driver.nextDeadline == nil)
        #expect(logs.logs == [
            "first: the document cannot be read", "child: started", "second: status.busy", "second: pong", "inline: ends at once", "inline: cancelled",
        ])
        #expect(logs.logs == sessionLogs)
    }

    /// Without a folder nothing is read: the invocation raises error.execution and starts nothing.
    @Test func withoutAFolderNoFileIsRead() throws {
        let logs = LogRecorder()
        var driver = try Computed.Invocations(host: Host(logs: logs))
        // The first error moved it to second, where reading ComputedChild.scxml failed too (no
        // transition takes that error): no child started, so none is ready and no pong comes.
        #expect(driver.activeStates == [.second])
        driver.advance(to: .seconds(5))
        #expect(driver.activeStates == [.second])
        #expect(logs.logs == ["first: the document cannot be read"])
    }
}
