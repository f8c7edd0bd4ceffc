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
