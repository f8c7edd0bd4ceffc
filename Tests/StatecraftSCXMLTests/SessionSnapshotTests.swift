import Foundation
import StatecraftSCXML
import Testing

/// Saving a session as a snapshot and resuming it, in the `statecraft` and `null` datamodels.
@Suite("SCXML session snapshots")
struct SessionSnapshotTests {
    /// A document with data, deep history, a delayed send and an invoked child waiting for an
    /// event.
    static let document = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="work">
          <datamodel>
            <data id="count" expr="0"/>
            <data id="order" expr="{'lines': [1, 2], 'note': null}"/>
            <data id="unset"/>
          </datamodel>
          <state id="work" initial="editing">
            <history id="back" type="deep"><transition target="editing"/></history>
            <state id="editing" initial="draft">
              <state id="draft"><transition event="next" target="review"/></state>
              <state id="review"/>
            </state>
            <transition event="pause" target="paused"/>
            <transition event="bump"><assign location="count" expr="count + 1"/></transition>
          </state>
          <state id="paused">
            <onentry><send event="resume" delay="5s" id="wake"/></onentry>
            <transition event="resume" target="back"><log label="resumed" expr="count"/></transition>
          </state>
        </scxml>
        """

    /// Encodes and decodes a snapshot, as saving it to disk and reading it back would.
    static func roundTrip(_ snapshot: SCXMLSession.Snapshot) throws -> SCXMLSession.Snapshot {
        try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: JSONEncoder().encode(snapshot))
    }

    @Test("A resumed session has the configuration, history, variables, clock and delayed sends it was saved with")
    func resumesWhereItStopped() throws {
        let document = try SCXMLDocument(xml: Self.document)
        let original = SCXMLSession(document: document)
        original.start()
        original.send(SCXMLEvent("next"))
        original.send(SCXMLEvent("bump"))
        original.send(SCXMLEvent("pause"))
        original.advance(by: .seconds(2))
        let snapshot = try Self.roundTrip(original.snapshot())
        #expect(snapshot.activeStates == ["paused"])
        #expect(snapshot.now == .seconds(2))
        #expect(snapshot.variables.first { $0.name == "count" }?.value == .number(1))
        #expect(snapshot.variables.first { $0.name == "unset" }?.value == .undefined)

        let resumed = try SCXMLSession(document: document, snapshot: snapshot)
        var logged: [String] = []
        resumed.logHandler = { _, message in logged.append(message) }
        #expect(resumed.activeStates == ["paused"])
        #expect(resumed.now == .seconds(2))
        #expect(resumed.nextDeadline == .seconds(5))
        resumed.advance(by: .seconds(3))
        // The delayed send fires at 5 s and deep history brings back 'review'.
        #expect(logged == ["1"])
        #expect(resumed.activeStates == ["work", "editing", "review"])
    }

    @Test("Invoked children are saved with their parent and go on after a restore")
    func invokedChildrenResume() throws {
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <state id="waiting">
                <invoke id="worker" autoforward="true">
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
                      <datamodel><data id="steps" expr="0"/></datamodel>
                      <state id="busy">
                        <transition event="step" cond="steps &lt; 1"><assign location="steps" expr="steps + 1"/></transition>
                        <transition event="step" target="finished"/>
                      </state>
                      <final id="finished"><donedata><param name="steps" expr="steps"/></donedata></final>
                    </scxml>
                  </content>
                </invoke>
                <transition event="done.invoke.worker" target="done"><log label="steps" expr="_event.data.steps"/></transition>
              </state>
              <final id="done"/>
            </scxml>
            """)
        let original = SCXMLSession(document: document)
        original.send(SCXMLEvent("step"))
        let resumed = try SCXMLSession(document: document, snapshot: Self.roundTrip(original.snapshot()))
        var logged: [String] = []
        resumed.logHandler = { _, message in logged.append(message) }
        resumed.send(SCXMLEvent("step"))
        #expect(resumed.finalState == "done")
        #expect(logged == ["1"])
    }

    @Test("A snapshot of another document, a corrupt one and another format are refused with the reason")
    func badSnapshotsAreRefused() throws {
        let document = try SCXMLDocument(xml: Self.document)
        let session = SCXMLSession(document: document)
        session.start()
        let snapshot = try session.snapshot()

        let other = try SCXMLDocument(xml: #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="work"/></scxml>"#)
        let foreign = #expect(throws: SCXMLSnapshotError.self) { try SCXMLSession(document: other, snapshot: snapshot) }
        #expect(foreign?.code == .foreignDocument)

        var json = try #require(String(data: JSONEncoder().encode(snapshot), encoding: .utf8))
        json = json.replacingOccurrences(of: "\"draft\"", with: "\"nowhere\"")
        let tampered = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: Data(json.utf8))
        let corrupt = #expect(throws: SCXMLSnapshotError.self) { try SCXMLSession(document: document, snapshot: tampered) }
        #expect(corrupt?.code == .corruptSnapshot)
        #expect(corrupt?.message.contains("nowhere") == true, "\(corrupt?.message ?? "")")

        let future = try JSONDecoder().decode(
            SCXMLSession.Snapshot.self,
            from: Data(String(decoding: JSONEncoder().encode(snapshot), as: UTF8.self).replacingOccurrences(of: "\"format\":1", with: "\"format\":99").utf8)
        )
        let format = #expect(throws: SCXMLSnapshotError.self) { try SCXMLSession(document: document, snapshot: future) }
        #expect(format?.code == .unsupportedFormat)

        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: Data("{\"format\": 1}".utf8)) }
    }

    @Test("Values JSON cannot hold are reported by name, not dropped")
    func unsavableValuesAreReported() throws {
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
              <datamodel><data id="fine" expr="1"/><data id="holes" expr="[1, undefined]"/></datamodel>
              <state id="s"/>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        let error = #expect(throws: SCXMLSnapshotError.self) { try session.snapshot() }
        #expect(error?.code == .unsavableData)
        #expect(error?.message.contains("holes[1] is undefined") == true, "\(error?.message ?? "")")
    }

    @Test("A null-datamodel session saves and resumes; a datamodel that cannot list its variables is reported")
    func otherDatamodels() throws {
        let null = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
              <state id="a"><transition event="go" target="b"/></state><state id="b"/>
            </scxml>
            """)
        let session = SCXMLSession(document: null)
        session.send(SCXMLEvent("go"))
        let resumed = try SCXMLSession(document: null, snapshot: Self.roundTrip(session.snapshot()))
        #expect(resumed.activeStates == ["b"])

        var datamodels = SCXMLDatamodels.standard
        datamodels.register("opaque", OpaqueDatamodel.self)
        let opaque = SCXMLSession(document: try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="opaque"><state id="a"/></scxml>
            """, datamodels: datamodels))
        opaque.start()
        let error = #expect(throws: SCXMLSnapshotError.self) { try opaque.snapshot() }
        #expect(error?.code == .unsavableData)
        #expect(error?.message.contains("exportVariables") == true, "\(error?.message ?? "")")
    }
}

/// A datamodel that keeps the protocol's defaults for snapshots.
final class OpaqueDatamodel: SCXMLDatamodel {
    init(environment: SCXMLDatamodelEnvironment) {}
    func declare(_ id: String, value: SCXMLValue) throws {}
    func evaluate(_ expression: String) throws -> SCXMLValue { .undefined }
    func evaluateCondition(_ expression: String) throws -> Bool { false }
    func assign(_ location: String, value: SCXMLValue) throws {}
    func isAssignable(_ location: String) -> Bool { false }
    func run(script: String) throws {}
    func setSystemVariable(_ name: String, value: SCXMLValue) {}
    func value(ofContent text: String) -> SCXMLValue { .string(text) }
}
