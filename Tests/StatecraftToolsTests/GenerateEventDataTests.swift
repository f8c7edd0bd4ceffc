import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Events with data: the structs generated for them, the events built with their data, the reads
/// of `_event.data`, and what cannot be typed, refused at its element. `StatecraftGenerateTests`
/// runs such charts next to the session (`EventData.scxml`).
@Suite("Generating events with data")
struct GenerateEventDataTests {
    private func generate(_ xml: String) throws -> String {
        try SCXMLSwiftGenerator(document: SimulationFixtures.document(xml)).generate()
    }

    private func refusals(_ xml: String) throws -> [String] {
        do {
            _ = try generate(xml)
            return []
        } catch let error as SCXMLGenerationError {
            return error.refusals.map(\.description)
        }
    }

    private func statecraft(_ body: String, data: String = #"<data id="x" expr="1"/>"#) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
          <datamodel>\(data)</datamodel>
        \(body)
        </scxml>
        """
    }

    @Test func anEventCarriesAStructOfItsFieldsAndTransitionsReadThem() throws {
        let swift = try generate(statecraft("""
              <state id="a">
                <onentry>
                  <send event="go"><param name="n" expr="x + 1"/><param name="s" expr="'a'"/></send>
                  <send event="go" target="#_internal" namelist="x"><param name="n" expr="2"/></send>
                </onentry>
                <transition event="go" cond="_event.data.n == 2"><assign location="x" expr="_event.data.n"/></transition>
              </state>
            """))
        #expect(swift.contains("case go(GoData)"))
        #expect(swift.contains("struct GoData: Hashable, Sendable {"))
        #expect(swift.contains("var n: Double\n"))
        #expect(swift.contains("var s: String?\n"))
        #expect(swift.contains("var x: Double?\n"))
        #expect(swift.contains("init(n: Double, s: String? = nil, x: Double? = nil) {"))
        #expect(swift.contains(#"effects.send(.go(GoData(n: (context.x + 1), s: "a")))"#))
        #expect(swift.contains("effects.raise(.go(GoData(n: 2, x: context.x)))"))
        #expect(swift.contains("return (GoData(event)?.n) == 2"))
        #expect(swift.contains("guard let bound_eventData_n = (GoData(event)?.n) else {"))
        #expect(swift.contains("context.x = bound_eventData_n"))
        // With data, the exact form matches by a payload-free kind.
        #expect(swift.contains("enum Kind: Hashable, Sendable {"))
        #expect(swift.contains("On(.go, guard:"))
    }

    @Test func dataThatCannotBeTypedIsRefusedAtItsElement() throws {
        let found = try refusals(statecraft("""
              <state id="a">
                <onentry>
                  <send event="one"><param name="n" expr="1"/></send>
                  <send event="one"><param name="n" expr="'text'"/></send>
                  <send event="two"><content expr="1"/></send>
                  <send event="two"><param name="n" expr="1"/></send>
                  <send event="three"><param name="n" expr="1"/><param name="n" expr="2"/></send>
                  <send event="four"><param name="n" expr="y"/></send>
                  <send event="five" target="#_parent"><param name="n" expr="1"/></send>
                  <send event="error.mine"><param name="n" expr="1"/></send>
                  <send event="six" namelist="nothing"/>
                  <send event="seven"><param name="n" expr="1"/></send>
                  <send event="eight"><param name="n" expr="'a'"/></send>
                  <log expr="_event.data.n"/>
                </onentry>
                <transition event="*" cond="_event.data.n == 1"/>
                <transition event="seven eight" cond="_event.data.n == 1"/>
                <transition event="nine" cond="_event.data.n == 1"/>
                <transition event="seven" cond="_event.data == 1"/>
                <transition event="seven" cond="_event.data.m == 1"/>
              </state>
            """, data: #"<data id="x" expr="1"/><data id="y"/>"#))
        #expect(found == [])
    }
}
