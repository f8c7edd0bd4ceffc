#if HTTP
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP
import Testing

/// What an invoked session has of its parent's Basic HTTP processor: nothing of its own.
@Suite("Basic HTTP processor: invoked sessions")
struct InvokedSessionTests {
    @Test func anInvokedSessionHasNoHTTPEndpointAndItsHTTPSendIsRefusedNamingWhatItCanSend() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let outcome = try await RoundTripTests.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry><send event="timeout" delay="5s"/></onentry>
                <invoke type="scxml">
                  <content>
                    <scxml version="1.0" datamodel="statecraft" initial="c">
                      <state id="c">
                        <onentry><send event="e" type="basichttp" target="http://127.0.0.1:9/scxml/x"/></onentry>
                        <transition event="error.execution" target="told">
                          <send event="refused" target="#_parent"><param name="reason" expr="_event.data.reason"/></send>
                        </transition>
                      </state>
                      <final id="told"/>
                    </scxml>
                  </content>
                </invoke>
                <transition event="refused" target="pass"/>
                <transition event="*" target="fail"/>
              </state>
              <final id="pass"><donedata><param name="reason" expr="_event.data.reason"/></donedata></final>
              <final id="fail"/>
            </scxml>
            """, on: processor)
        #expect(outcome.finalState == "pass")
        guard case .object(let members) = outcome.doneData, case .string(let reason)? = members.first?.value else {
            Issue.record("no reason in \(outcome.doneData)")
            return
        }
        #expect(reason.contains("sends SCXML events only"))
    }
}
#endif
