#if HTTP
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP
import Testing

/// `<send delay>` of the Basic HTTP type waits its delay, and `<cancel>` drops it (SCXML 6.2,
/// 6.3), over a real server on loopback.
@Suite("Basic HTTP processor: delayed sends and cancel")
struct DelayedSendTests {
    @Test func aDelayedPostArrivesAfterItsDelayAndAfterWhatWasSentWithoutDelay() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let started = ContinuousClock.now
        let outcome = try await RoundTripTests.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry>
                  <send event="later" type="basichttp" targetexpr="_ioprocessors['basichttp'].location" delay="400ms"/>
                  <send event="now" type="basichttp" targetexpr="_ioprocessors['basichttp'].location"/>
                  <send event="timeout" delay="5s"/>
                </onentry>
                <transition event="now" target="s1"/>
                <transition event="*" target="fail"/>
              </state>
              <state id="s1">
                <transition event="later" target="pass"/>
                <transition event="*" target="fail"/>
              </state>
              <final id="pass"/>
              <final id="fail"/>
            </scxml>
            """, on: processor)
        #expect(outcome.finalState == "pass")
        #expect(ContinuousClock.now - started >= .milliseconds(400))
    }

    @Test func cancelDropsADelayedPostBySendID() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let endpoint = try processor.endpoint()
        let outcome = try await RoundTripTests.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry>
                  <send id="doomed" event="cancelled" type="basichttp" targetexpr="_ioprocessors['basichttp'].location" delay="300ms"/>
                  <send id="kept" event="kept" type="basichttp" targetexpr="_ioprocessors['basichttp'].location" delay="100ms"/>
                  <cancel sendid="doomed"/>
                  <send id="guard" event="timeout" delay="5s"/>
                </onentry>
                <transition event="kept" target="s1"/>
                <transition event="*" target="fail"/>
              </state>
              <state id="s1">
                <!-- Past the cancelled send's due time, whenever "kept" came. -->
                <onentry><cancel sendid="guard"/><send event="settled" delay="500ms"/></onentry>
                <transition event="settled" target="pass"/>
                <transition event="*" target="fail"/>
              </state>
              <final id="pass"/>
              <final id="fail"/>
            </scxml>
            """, on: processor, endpoint: endpoint)
        #expect(outcome.finalState == "pass")
        #expect(endpoint.delayedSendCount == 0)
    }

    @Test func aDelayedPostThatFailsLaterArrivesAsErrorCommunicationWithItsSendID() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        // A port that was listening and is no longer: the post is refused.
        let gone = try await startedProcessor()
        let port = try #require(gone.port)
        await gone.stop()
        let outcome = try await RoundTripTests.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry>
                  <send id="lost" event="e" type="basichttp" target="http://127.0.0.1:\(port)/scxml/x" delay="50ms"/>
                  <send event="timeout" delay="5s"/>
                </onentry>
                <transition event="error.communication" cond="_event.sendid == 'lost' &amp;&amp; _event.data.tagname == 'send'" target="pass"/>
                <transition event="*" target="fail"/>
              </state>
              <final id="pass"/>
              <final id="fail"/>
            </scxml>
            """, on: processor)
        #expect(outcome.finalState == "pass")
    }

    @Test func closingTheEndpointDropsWhatWaits() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let endpoint = try processor.endpoint()
        try endpoint.send(SCXMLEvent("late", sendID: "s"), to: endpoint.location, after: .milliseconds(200))
        #expect(endpoint.delayedSendCount == 1)
        endpoint.close()
        #expect(endpoint.delayedSendCount == 0)
        #expect(throws: SCXMLIOProcessorError.self) {
            try endpoint.send(SCXMLEvent("after"), to: endpoint.location, after: .milliseconds(10))
        }
    }
}
#endif
