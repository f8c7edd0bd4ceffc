import Statecraft
import StatecraftSCXML
import Testing

/// `Finalize.scxml`, an invocation with `<finalize>` whose invoked document sends `#_parent`
/// events with data, generated and run next to an `SCXMLSession` of the same document.
@Suite("<finalize> and data sent #_parent, generated, agree with the interpreter")
struct FinalizeTests {
    @Test func finalizeRunsBeforeEachReturnedEventAsTheSessionRunsIt() throws {
        let (session, interpreted) = try startedSession("Finalize.scxml")
        let host = LogRecorder()
        let driver = try Finalize.Invocations(host: host)
        // SCXML 6.5: finalize sees each returned event first (the guard reads the total it
        // made); the error.execution it raises reading data an event lacks comes after the
        // event's transition and before what that transition raised (Appendix D), followed by
        // the one of the guard of "progress result", which reads progress's data (5.9.2: a
        // condition that cannot be evaluated is false, and error.execution is raised); done.invoke
        // runs finalize too.
        #expect(host.logs == [
            "finalize: result", "data: 15", "result: 15", "after: 15",
            "finalize: result", "data: 20", "big result: 20",
            "finalize: progress", "progress: 35", "error: 35", "error: 35", "after: 35",
            "finalize: done.invoke.worker",
            // The quick worker's finalize runs for leave; not for its done.invoke, after its state was exited.
            "finalize quick: leave", "late done: done.invoke.quick", "end: 35",
        ])
        #expect(host.logs == interpreted.logs)
        #expect(driver.status == .done && session.isFinished)
        #expect(driver.machine.context.total == 35)
    }
}

extension LogRecorder: Finalize.Host {}
