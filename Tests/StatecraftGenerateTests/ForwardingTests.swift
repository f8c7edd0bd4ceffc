import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// `Forwarding.scxml`, whose invocation takes, by autoforward, the events the invoking document
/// sends itself (SCXML 6.4), at once and after a delay, generated and run by its `Invocations`
/// driver next to an `SCXMLSession` of the same document: the same states at each step.
@Suite("autoforward of the events a machine sends itself, generated, agrees with the interpreter")
struct ForwardingTests {
    @Test func theInvocationTakesWhatTheMachineSendsItself() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Forwarding.scxml").path
        let session = SCXMLSession(document: try SCXMLDocument(contentsOfFile: path))
        session.start()
        var driver = try Forwarding.Invocations()
        var trace = [driver.activeStates.map(\.rawValue)]
        #expect(trace[0] == session.activeStates, "at the start")
        for now in [Duration.milliseconds(999), .seconds(1)] {
            driver.advance(to: now)
            _ = session.advance(to: now)
            let states = driver.activeStates.map(\.rawValue)
            #expect(states == session.activeStates, "at \(now)")
            trace.append(states)
        }
        // `tick` was forwarded once the invocation had started (it answered gotTick); `tock` a second later.
        #expect(trace == [["running", "heard"], ["running", "heard"], ["end"]])
        #expect(driver.status == .done)
    }
}
