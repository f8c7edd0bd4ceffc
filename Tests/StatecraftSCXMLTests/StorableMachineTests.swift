import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// An SCXML session through the core's contract for machines whose state encodes: state as
/// bytes and back, events from bytes, and the sends to other machines as messages.
@Suite("SCXMLMachine as a StorableMachine")
struct StorableMachineTests {
    static let document = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle" datamodel="statecraft">
          <datamodel><data id="count" expr="0"/></datamodel>
          <state id="idle">
            <onentry><send event="hello" target="peer:first"/></onentry>
            <transition event="go" target="busy"><assign location="count" expr="count + 1"/></transition>
          </state>
          <state id="busy">
            <onentry><send event="timeout" delay="2s"/></onentry>
            <transition event="timeout" target="idle"/>
            <transition event="ping"><send event="pong" target="peer:other"/></transition>
          </state>
        </scxml>
        """

    /// Drives any storable machine one encoded event, as a host does.
    static func apply<M: StorableMachine>(_ bytes: [UInt8], to machine: inout M) throws -> [MachineMessage] {
        _ = machine.send(try machine.decodeEvent(bytes))
        return try machine.takeMessages()
    }

    static func event(_ json: String) -> [UInt8] { Array(json.utf8) }

    @Test("Sends to the prefix become messages, those of the initial entry included; the state restores from its bytes")
    func messagesAndRestore() throws {
        let document = try SCXMLDocument(xml: Self.document)
        var machine = SCXMLMachine(session: SCXMLSession(document: document), messageTargetPrefix: "peer:")
        let first = try machine.takeMessages()
        #expect(first.map(\.target) == ["first"])
        #expect(String(decoding: first[0].event, as: UTF8.self) == #"{"name":"hello"}"#)
        #expect(try machine.takeMessages().isEmpty)

        #expect(try Self.apply(Self.event(#"{"name":"go"}"#), to: &machine).isEmpty)
        let sent = try Self.apply(Self.event(#"{"name":"ping","data":7}"#), to: &machine)
        #expect(sent.map(\.target) == ["other"])
        let pong = try machine.decodeEvent(sent[0].event)
        #expect(pong.name == "pong")
        #expect(pong.data == .undefined)
        #expect(machine.activeStates == ["busy"])

        var restored = try SCXMLMachine(encodedState: machine.encodedState(), of: document, messageTargetPrefix: "peer:")
        #expect(restored.activeStates == ["busy"])
        #expect(restored.nextDeadline == .seconds(2))
        #expect(try restored.encodedState() == machine.encodedState())
        // Restoring does not enter the initial state again: no message of the initial entry.
        #expect(try restored.takeMessages().isEmpty)
        #expect(restored.advance(to: .seconds(2)) == 1)
        #expect(restored.activeStates == ["idle"])
        #expect(try restored.takeMessages().map(\.target) == ["first"])
    }

    @Test("Without a prefix a machine takes no messages, and a send to another machine fails as before")
    func withoutPrefix() throws {
        var machine = SCXMLMachine(document: try SCXMLDocument(xml: Self.document))
        #expect(try machine.takeMessages().isEmpty)
        #expect(try Self.apply(Self.event(#"{"name":"go"}"#), to: &machine).isEmpty)
        #expect(machine.activeStates == ["busy"])
    }

    @Test("Bytes that are not an event, or not a session's state, throw")
    func badBytes() throws {
        let document = try SCXMLDocument(xml: Self.document)
        let machine = SCXMLMachine(document: document)
        #expect(throws: DecodingError.self) { try machine.decodeEvent(Self.event(#"{"data":1}"#)) }
        #expect(throws: DecodingError.self) { try SCXMLMachine(encodedState: Self.event("[]"), of: document) }
        var state = try machine.encodedState()
        state = Array(String(decoding: state, as: UTF8.self).replacingOccurrences(of: "\"idle\"", with: "\"nowhere\"").utf8)
        #expect(throws: SCXMLSnapshotError.self) { try SCXMLMachine(encodedState: state, of: document) }
    }
}
