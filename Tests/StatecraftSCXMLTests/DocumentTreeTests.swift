import StatecraftSCXML
import Testing

@Suite("Document tree")
struct DocumentTreeTests {
    @Test("Attributes are found by local name and namespace")
    func attributeLookup() {
        let element = DocumentElement(
            name: "send",
            attributes: [
                DocumentAttribute(localName: "event", value: "go"),
                DocumentAttribute(localName: "expr", prefix: "conf", namespace: "urn:conf", value: "1"),
            ]
        )
        #expect(element.attribute("event") == "go")
        #expect(element.attribute("expr") == nil)
        #expect(element.attribute("expr", namespace: "urn:conf") == "1")
        #expect(element.attributes[1].qualifiedName == "conf:expr")
    }

    /// Found by the `scxml-reader` fuzz target: the reader took the parser's column for a byte
    /// count, so multi-byte characters earlier on a line made it read an earlier tag's
    /// attribute names, and the attributes came out in alphabetical instead of written order.
    @Test("Attributes keep their written order after multi-byte characters on the same line")
    func attributeOrderAfterMultibyteText() throws {
        let wide = String(repeating: "\u{FFFD}", count: 40) + String(repeating: "é", count: 40)
        let root = try DocumentReader().read("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="s"><!-- \(wide) --><transition target="t" event="e" cond="c"/></state></scxml>
            """)
        let transition = try #require(root.elements.first?.elements.first)
        #expect(transition.name == "transition")
        #expect(transition.attributes.map(\.localName) == ["target", "event", "cond"])
        #expect(transition.position.line == 1)
    }

    @Test("Text joins text children only")
    func text() {
        let element = DocumentElement(
            name: "log",
            children: [.text("a"), .element(DocumentElement(name: "b", children: [.text("x")])), .text("c")]
        )
        #expect(element.text == "ac")
        #expect(element.elements.map(\.name) == ["b"])
        #expect(element.hasElementChildren)
    }
}
