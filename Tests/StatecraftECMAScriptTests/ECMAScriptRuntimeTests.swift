import StatecraftECMAScript
import StatecraftRuntime
import StatecraftSCXML
import Testing

/// An ECMAScript session living in a `MachineRuntime`, which hands it from task to task.
@Suite("ECMAScript in the runtime", .needsJavaScriptCore)
struct ECMAScriptRuntimeTests {
    @Test("Events sent from many tasks at once are each counted once by the script")
    func concurrentSendersAreSerialized() async throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel><data id="count" expr="0"/></datamodel>
            <state id="counting">
              <transition event="tick"><assign location="count" expr="count + 1"/></transition>
              <transition event="report" target="done"/>
            </state>
            <final id="done"><donedata><param name="count" expr="count"/></donedata></final>
            """), datamodels: try .withECMAScript())
        let runtime = MachineRuntime(SCXMLMachine(document: document))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<25 { _ = await runtime.send(SCXMLEvent("tick")) }
                }
            }
        }
        _ = await runtime.send(SCXMLEvent("report"))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.finalState == "done")
        #expect(snapshot.doneData == .object([SCXMLMember("count", .number(200))]))
        await runtime.stop()
    }
}
