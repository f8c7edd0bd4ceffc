import StatecraftSCXML
import Testing

/// Documents that are XML but not valid SCXML: each error names what is wrong and where.
@Suite("Document errors")
struct DocumentErrorTests {
    func readError(_ body: String, root: String = "<scxml version=\"1.0\" xmlns=\"http://www.w3.org/2005/07/scxml\" datamodel=\"null\">") -> SCXMLError? {
        do {
            _ = try SCXMLDocument(xml: root + "\n" + body + "\n</scxml>", file: "doc.scxml")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("<state id=\"a\"><transition target=\"nowhere\"/></state>", "nowhere"),
        ("<state id=\"a\"/><state id=\"a\"/>", "declared twice"),
        ("<state id=\"a\"><bogus/></state>", "<bogus> cannot be written in <state>"),
        ("<state id=\"a\" colour=\"red\"/>", "no attribute 'colour'"),
        ("<final id=\"f\"><transition target=\"f\"/></final>", "cannot have transitions"),
        ("<state id=\"a\"><onentry><send event=\"x\" delay=\"soon\"/></onentry></state>", "CSS2 time"),
        ("<state id=\"a\"><onentry><send event=\"x\" eventexpr=\"'y'\"/></onentry></state>", "exclude each other"),
        ("<state id=\"a\"><history id=\"h\" type=\"sideways\"/><state id=\"b\"/></state>", "'shallow' or 'deep'"),
        ("<state id=\"a\"><transition type=\"sideways\"/></state>", "'internal' or 'external'"),
        ("<state id=\"a\"><onentry><cancel/></onentry></state>", "needs 'sendid' or 'sendidexpr'"),
        ("<state id=\"a\"><onentry><if cond=\"In('a')\"><else/><else/></if></onentry></state>", "more than one <else>"),
        ("<parallel id=\"p\"><initial><transition target=\"p\"/></initial></parallel>", "<initial> cannot be written in <parallel>"),
    ])
    func invalidDocument(body: String, expected: String) throws {
        let error = try #require(readError(body))
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.position != nil)
        #expect(error.file == "doc.scxml")
    }

    @Test("The root must be <scxml> in version 1.0")
    func root() throws {
        let wrongRoot = try #require(readError("", root: "<machine>"))
        #expect(wrongRoot.code == .malformedXML || wrongRoot.code == .invalidDocument)
        let version = try #require(readError("<state id=\"a\"/>", root: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"2.0\">"))
        #expect(version.message.contains("version"))
    }

    @Test("An <scxml> root in another namespace is named as such, with the namespace to write (SCXML 3.2)")
    func rootInAnotherNamespace() throws {
        let error = try #require(readError("<state id=\"a\"/>", root: "<scxml xmlns=\"http://example.com/machines\" version=\"1.0\">"))
        #expect(error.code == .invalidDocument)
        #expect(error.message.contains("is in the namespace 'http://example.com/machines'"), "\(error)")
        #expect(error.message.contains("xmlns=\"http://www.w3.org/2005/07/scxml\""), "\(error)")
        #expect(error.position == TextPosition(line: 1, column: 1))
    }

    @Test("An unknown datamodel names the ones available")
    func unknownDatamodel() throws {
        let error = try #require(readError("<state id=\"a\"/>", root: "<scxml version=\"1.0\" xmlns=\"http://www.w3.org/2005/07/scxml\" datamodel=\"cobol\">"))
        #expect(error.message.contains("cobol"))
        #expect(error.message.contains("'null'"))
    }

    @Test("The position points at the element at fault")
    func position() throws {
        let error = try #require(readError("<state id=\"a\">\n  <transition target=\"b\"/>\n  <junk/>\n</state>"))
        #expect(error.position == TextPosition(line: 4, column: 3))
    }

    @Test("A chart-level error keeps the document position of the transition")
    func chartError() throws {
        let error = try #require(readError("<state id=\"a\">\n  <transition event=\"go\" target=\"missing\"/>\n</state>"))
        #expect(error.code == .invalidChart)
        #expect(error.position == TextPosition(line: 3, column: 3))
    }
}
