import Foundation
import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// Saving and resuming sessions of the ECMAScript datamodel: declared data as JSON.
@Suite("ECMAScript session snapshots", .needsJavaScriptCore)
struct ECMAScriptSnapshotTests {
    static func roundTrip(_ snapshot: SCXMLSession.Snapshot) throws -> SCXMLSession.Snapshot {
        try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: JSONEncoder().encode(snapshot))
    }

    @Test("A saved ECMAScript session resumes with its data, the globals its scripts made, and the bound _event")
    func resumes() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel>
              <data id="cart" expr="{ items: [{ sku: 'a', qty: 1 }], total: 9.5, note: null }"/>
              <data id="unset"/>
            </datamodel>
            <script>var visits = 0</script>
            <state id="shopping">
              <transition event="add">
                <script>cart.items.push({ sku: _event.data.sku, qty: 1 }); visits++; lastSku = _event.data.sku</script>
              </transition>
              <transition event="check" cond="cart.items.length === 2 &amp;&amp; visits === 1 &amp;&amp; typeof unset === 'undefined'" target="paying">
                <log label="last" expr="lastSku + ' ' + _event.name"/>
              </transition>
            </state>
            <state id="paying"/>
            """), datamodels: try .withECMAScript())
        let original = SCXMLSession(document: document)
        original.send(SCXMLEvent("add", data: .object([SCXMLMember("sku", .string("b"))])))
        let snapshot = try Self.roundTrip(original.snapshot())
        #expect(snapshot.variables.map(\.name) == ["cart", "unset", "visits", "lastSku"])

        let resumed = try SCXMLSession(document: document, snapshot: snapshot)
        var logged: [String] = []
        resumed.logHandler = { _, message in logged.append(message) }
        resumed.send(SCXMLEvent("check"))
        #expect(resumed.activeStates == ["paying"])
        #expect(logged == ["b check"])
    }

    @Test("Saving a resumed session gives the snapshot it was resumed from, bound _event included")
    func restoreIsFaithful() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel><data id="log" expr="[]"/></datamodel>
            <state id="s">
              <transition event="first" target="t"><script>log.push(_event.data)</script></transition>
            </state>
            <state id="t"><onentry><send event="later" delay="1s"/></onentry></state>
            """), datamodels: try .withECMAScript())
        let original = SCXMLSession(document: document)
        original.send(SCXMLEvent("first", data: .object([SCXMLMember("n", .number(1))])))
        let snapshot = try Self.roundTrip(original.snapshot())
        let resumed = try SCXMLSession(document: document, snapshot: snapshot)
        let again = try Self.roundTrip(resumed.snapshot())
        #expect(again == snapshot)
        #expect(again.variables == [SCXMLMember("log", .array([.object([SCXMLMember("n", .number(1))])]))])
    }

    @Test("Functions, cycles, undefined inside values and NaN are each reported, none dropped")
    func unsavableValuesAreReported() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel>
              <data id="okay" expr="1"/>
              <data id="handler" expr="function () {}"/>
              <data id="nested" expr="{ ok: 1, callback: function () {} }"/>
              <data id="loop" expr="(function () { var o = {}; o.me = o; return o })()"/>
              <data id="holes" expr="[1, undefined]"/>
              <data id="notANumber" expr="NaN"/>
            </datamodel>
            <state id="s"/>
            """), datamodels: try .withECMAScript())
        let session = SCXMLSession(document: document)
        session.start()
        let error = #expect(throws: SCXMLSnapshotError.self) { try session.snapshot() }
        #expect(error?.code == .unsavableData)
        let message = error?.message ?? ""
        for expected in ["handler is a function", "nested.callback is a function", "loop.me refers back", "holes[1] is undefined", "notANumber is NaN"] {
            #expect(message.contains(expected), "\(expected) in \(message)")
        }
        #expect(!message.contains("okay"))
    }

    @Test("A script's function declarations are reported too: the snapshot says why it cannot be taken")
    func scriptFunctionsAreReported() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <script>function helper() { return 1 }</script>
            <state id="s"/>
            """), datamodels: try .withECMAScript())
        let session = SCXMLSession(document: document)
        session.start()
        let error = #expect(throws: SCXMLSnapshotError.self) { try session.snapshot() }
        #expect(error?.message.contains("helper is a function") == true, "\(error?.message ?? "")")
    }
}
