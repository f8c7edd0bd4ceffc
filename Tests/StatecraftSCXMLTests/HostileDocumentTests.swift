import StatecraftSCXML
import Testing

/// Documents that try to make the reader load, expand or recurse are refused, with where.
@Suite("Hostile documents")
struct HostileDocumentTests {
    func refusal(_ text: String, limits: DocumentReader.Limits = DocumentReader.Limits()) -> SCXMLError? {
        do {
            _ = try DocumentReader(limits: limits).read(text, file: "hostile.scxml")
            return nil
        } catch {
            return error
        }
    }

    @Test("An external entity is refused before anything is loaded")
    func externalEntity() throws {
        let error = try #require(refusal("""
            <?xml version="1.0"?>
            <!DOCTYPE scxml [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml"><state id="a">&secret;</state></scxml>
            """))
        #expect(error.code == .forbiddenMarkup)
        #expect(error.position == TextPosition(line: 2, column: 1))
        #expect(error.description.hasPrefix("hostile.scxml:2:1: "))
    }

    @Test("An entity expansion bomb is refused")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<scxml version=\"1.0\" xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\">&lol9;</state></scxml>"
        let error = try #require(refusal(text))
        #expect(error.code == .forbiddenMarkup)
    }

    @Test("A DTD load is refused, in any letter case")
    func externalDTD() throws {
        let error = try #require(refusal("""
            <?xml version="1.0"?>
            <!doctype scxml SYSTEM "http://example.com/evil.dtd">
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml"><state id="a"/></scxml>
            """))
        #expect(error.code == .forbiddenMarkup)
    }

    @Test("Markup-like text inside comments and CDATA is not mistaken for a declaration")
    func commentsAndCDATAAreFine() throws {
        let root = try DocumentReader().read("""
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml"><!-- <!DOCTYPE x> -->
            <state id="a"><onentry><log expr="1"><![CDATA[<!ENTITY no>]]></log></onentry></state></scxml>
            """)
        #expect(root.name == "scxml")
    }

    @Test("Nesting deeper than the limit is refused with the position of the offending element")
    func deepNesting() throws {
        let depth = 500
        let text = String(repeating: "<state>", count: depth) + String(repeating: "</state>", count: depth)
        let error = try #require(refusal(text))
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("200"))
        #expect(error.position?.line == 1)
    }

    @Test("A document larger than the limit is refused without being parsed")
    func tooLarge() throws {
        let text = "<scxml>" + String(repeating: " ", count: 2_000) + "</scxml>"
        let error = try #require(refusal(text, limits: DocumentReader.Limits(maxBytes: 1_000)))
        #expect(error.code == .limitExceeded)
    }

    @Test("Too many elements are refused")
    func tooManyElements() throws {
        let text = "<scxml>" + String(repeating: "<a/>", count: 50) + "</scxml>"
        let error = try #require(refusal(text, limits: DocumentReader.Limits(maxElements: 20)))
        #expect(error.code == .limitExceeded)
    }

    @Test("Malformed XML is reported with a line")
    func malformed() throws {
        let error = try #require(refusal("<scxml>\n  <state id=\"a\">\n</scxml>"))
        #expect(error.code == .malformedXML)
        #expect((error.position?.line ?? 0) >= 2)
    }

    @Test("Undeclared entities are an error, not an expansion")
    func undeclaredEntity() throws {
        let error = try #require(refusal("<scxml><state id=\"&unknown;\"/></scxml>"))
        #expect(error.code == .malformedXML)
    }
}
