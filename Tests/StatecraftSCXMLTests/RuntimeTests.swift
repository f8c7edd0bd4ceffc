import StatecraftRuntime
import StatecraftSCXML
import StatecraftTesting
import Testing

/// SCXML documents running in the async runtime.
@Suite("SCXML in the runtime")
struct SCXMLRuntimeTests {
    static let document = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="idle"><transition event="go" target="waiting"/></state>
          <state id="waiting">
            <onentry><send event="timeout" delay="2s"/></onentry>
            <transition event="timeout" target="done"/>
          </state>
          <final id="done"/>
        </scxml>
        """

    @Test("Awaited sends return the configuration; delayed sends fire on the runtime's clock")
    func sendsAndDelays() async throws {
        let clock = ManualClock()
        let runtime = MachineRuntime(SCXMLMachine(document: try SCXMLDocument(xml: Self.document)), clock: clock)
        let delivery = await runtime.send(SCXMLEvent("go"))
        #expect(delivery.step?.snapshot.activeStates == ["waiting"])
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(await runtime.snapshot().activeStates == ["waiting"])
        clock.advance(by: .seconds(1))
        await runtime.settle()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.finalState == "done")
        #expect(snapshot.status == .done)
        await runtime.stop()
    }

    @Test("State changes are recorded by id, including the re-entry of a self-transition")
    func stateChanges() throws {
        let document = try SCXMLDocument(xml: """
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml">
              <state id="a"><transition event="again" target="a"/></state>
            </scxml>
            """)
        var machine = SCXMLMachine(document: document)
        machine.recordsStateChanges = true
        _ = machine.send(SCXMLEvent("again"))
        #expect(machine.takeStateChanges() == [.exited("a"), .entered("a")])
        #expect(machine.takeStateChanges().isEmpty)
    }

    @Test("A machine shows its document, the delayed sends waiting and its variables on demand")
    func pendingSendsAndVariables() throws {
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="count" expr="1"/></datamodel>
              <state id="idle">
                <transition event="go" target="waiting"><assign location="count" expr="count + 1"/></transition>
              </state>
              <state id="waiting">
                <onentry><send id="late" event="timeout" delay="3s"/><send event="early" delay="1s"/></onentry>
              </state>
            </scxml>
            """)
        var machine = SCXMLMachine(document: document)
        #expect(machine.document === document)
        #expect(machine.pendingSends.isEmpty)
        _ = machine.send(SCXMLEvent("go"))
        #expect(machine.pendingSends.map(\.event.name) == ["early", "timeout"])
        #expect(machine.pendingSends.map(\.due) == [.seconds(1), .seconds(3)])
        #expect(machine.pendingSends.map(\.event.sendID) == [nil, "late"])
        #expect(machine.variables == [SCXMLMember("count", .number(2))])
    }
}
