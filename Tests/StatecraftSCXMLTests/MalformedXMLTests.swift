import StatecraftSCXML
import Testing

/// Documents that are not well-formed XML (XML 1.0 section 2.1, Namespaces in XML section 5):
/// the first fault is reported, in words, where the parser met it, and nothing is read.
@Suite("Malformed XML")
struct MalformedXMLTests {
    static let root = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"null\">"

    func readError(_ text: String) -> SCXMLError? {
        do {
            _ = try SCXMLDocument(xml: text, file: "doc.scxml")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (
            "\(root)\n<state id=\"a\">\n  <transition target=\"a\">\n</state>\n</scxml>",
            "the element still open is <transition>, from 3:3", 4
        ),
        ("\(root)\n<state id=\"a\"/>\n</scxml>\n\(root)</scxml>", "content after the end of the root element", 4),
        ("\(root)\n<state id=\"a\">\n<transition event=\"a&b\" target=\"a\"/></state></scxml>", "write '&amp;'", 3),
        ("\(root)\n<state id=\"a\">\n<transition event=\"a<b\" target=\"a\"/></state></scxml>", "a '<' in an attribute value", 3),
        ("\(root)\n<state id=\"a\" x:colour=\"red\"/>\n</scxml>", "a namespace prefix that is not declared", 2),
        ("\(root)\n<state id=\"a\" id=\"b\"/>\n</scxml>", "the same attribute written twice", 2),
        ("just text", "does not start with an element", 1),
    ])
    func malformedDocument(text: String, expected: String, line: Int) throws {
        let error = try #require(readError(text))
        #expect(error.code == .malformedXML)
        #expect(error.message.hasPrefix("the document is not well-formed XML: "), "\(error)")
        #expect(error.message.contains(expected), "\(error)")
        #expect(error.position?.line == line, "\(error)")
        #expect(error.file == "doc.scxml")
    }

    @Test("An end tag that closes the wrong element names the element still open and where it starts")
    func mismatchedRoot() throws {
        let error = try #require(readError("<scxmla xmlns=\"http://www.w3.org/2005/07/scxml\">\n  <state id=\"s\"/>\n</scxml>"))
        #expect(error.position == TextPosition(line: 3, column: 9))
        #expect(error.message.contains("an end tag that does not match the element it should close"))
        #expect(error.message.contains("<scxmla>, from 1:1"))
    }

    @Test("What the parser only warns about is read: an XML 1.1 declaration, a relative namespace URI")
    func warningsAreNotErrors() throws {
        let document = try SCXMLDocument(xml: """
            <?xml version="1.1"?>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:x="relative/uri" version="1.0" datamodel="null">
              <state id="a" x:note="kept aside"/>
            </scxml>
            """)
        #expect(document.stateIDs.contains("a"))
    }
}
