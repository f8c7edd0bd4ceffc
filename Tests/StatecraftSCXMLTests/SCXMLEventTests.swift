import Foundation
import Testing
import Statecraft
@testable import StatecraftSCXML

/// `SCXMLEvent` keeps its name and type inline and its other fields in a shared box; these
/// tests hold it to behaving as a plain value of seven fields.
@Suite("SCXMLEvent as a value")
struct SCXMLEventTests {
    static let full = SCXMLEvent(
        "reply.ok", type: .external, sendID: "s1", origin: "#_scxml_2", originType: SCXMLNames.scxmlProcessor,
        invokeID: "child", data: .object([SCXMLMember("n", .number(1))])
    )

    @Test("Every field reads back as it was given")
    func fieldsReadBack() {
        let event = Self.full
        #expect(event.name == "reply.ok")
        #expect(event.type == .external)
        #expect(event.sendID == "s1")
        #expect(event.origin == "#_scxml_2")
        #expect(event.originType == SCXMLNames.scxmlProcessor)
        #expect(event.invokeID == "child")
        #expect(event.data == .object([SCXMLMember("n", .number(1))]))
        let plain = SCXMLEvent("tick")
        #expect(plain.sendID == nil && plain.origin == nil && plain.originType == nil && plain.invokeID == nil)
        #expect(plain.data == .undefined)
    }

    @Test("Changing a field of a copy leaves the original as it was")
    func copiesAreIndependent() {
        let original = Self.full
        var copy = original
        copy.sendID = "s2"
        copy.data = .string("changed")
        #expect(original.sendID == "s1")
        #expect(original.data == .object([SCXMLMember("n", .number(1))]))
        #expect(copy.sendID == "s2")
        #expect(copy.origin == "#_scxml_2")
        #expect(copy != original)
    }

    @Test("Equality and hashing see every field; an event whose fields were emptied equals a plain one")
    func equalityAndHashing() {
        var emptied = Self.full
        emptied.sendID = nil
        emptied.origin = nil
        emptied.originType = nil
        emptied.invokeID = nil
        emptied.data = .undefined
        #expect(emptied == SCXMLEvent("reply.ok"))
        #expect(emptied.hashValue == SCXMLEvent("reply.ok").hashValue)
        let rebuilt = SCXMLEvent(
            "reply.ok", sendID: "s1", origin: "#_scxml_2", originType: SCXMLNames.scxmlProcessor, invokeID: "child",
            data: .object([SCXMLMember("n", .number(1))])
        )
        #expect(rebuilt == Self.full)
        #expect(Set([rebuilt, Self.full, emptied]).count == 2)
        for change in [\SCXMLEvent.sendID, \.origin, \.originType, \.invokeID] as [WritableKeyPath<SCXMLEvent, String?>] {
            var other = Self.full
            other[keyPath: change] = "different"
            #expect(other != Self.full)
        }
        #expect(SCXMLEvent("a", type: .internal) != SCXMLEvent("a", type: .external))
    }

    @Test("JSON round trip keeps every field")
    func codable() throws {
        let data = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(SCXMLEvent.self, from: data) == Self.full)
        let plain = try JSONEncoder().encode(SCXMLEvent("tick"))
        #expect(String(decoding: plain, as: UTF8.self).contains("data") == false)
    }

    @Test("The engine matches the event by its name (descriptorName), whole")
    func descriptorName() {
        #expect(SCXMLEvent("a.b").descriptorName == "a.b")
        #expect(SCXMLEvent("a b").descriptorName == "a b")
    }
}
