#if Inspector
import Foundation
import StatecraftInspector
import StatecraftRuntime
import StatecraftSCXML
import StatecraftTesting
import Testing

/// Issue 27, item 4: a limit that cuts a machine's run short is shown by `inspect`, in the
/// snapshot the page renders (`faultCount`, `faults`), not only on standard error.
@Suite struct FaultViewTests {
    /// `spin` loops on itself with an eventless transition whose condition stays true: the
    /// engine cuts the macrostep at its microstep limit and reports a fault.
    static let spinning = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
          <datamodel><data id="n" expr="0"/></datamodel>
          <state id="idle"><transition event="spin" target="spin"/><transition event="calm" target="idle"/></state>
          <state id="spin">
            <transition cond="true" target="spin"><assign location="n" expr="n + 1"/></transition>
          </state>
        </scxml>
        """

    @Test func aCutRunIsInTheSnapshotWithItsCodeAndAQuietRunHasNone() async throws {
        let (inspector, port) = try await startedInspector()
        _ = try inspector.inspect(document: try SCXMLDocument(xml: Self.spinning), id: "spin", clock: ManualClock())
        let before = try await HTTP.get("/snapshot", port: port)
        #expect(member(before.json, "faultCount") as? Int == 0)
        #expect((member(before.json, "faults") as? [Any])?.isEmpty == true)

        let reply = try await HTTP.post("/events", port: port, token: fixtureToken, body: #"{"name": "spin"}"#)
        #expect(reply.status == 200)
        let after = try await HTTP.get("/snapshot", port: port)
        #expect(member(after.json, "faultCount") as? Int == 1)
        let faults = try #require(member(after.json, "faults") as? [[String: Any]])
        #expect(faults.count == 1)
        #expect(faults.first?["code"] as? String == "microstepLimit")
        #expect((faults.first?["message"] as? String)?.isEmpty == false)
        // The step's own answer carries it too, as the page's records do.
        #expect(member(reply.json, "snapshot", "faultCount") as? Int == 1)
        await inspector.stop()
    }
}
#endif
