import Foundation
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

    /// Found by the `scxml-model` and `scxml-reader` fuzz targets: the system's libxml2 crashed
    /// (a null dereference in `xmlSwitchToEncoding`) on a declaration of `encoding="UTF-7"`.
    /// The two inputs are the fuzzers' own, in base64 since they hold bytes that are not UTF-8.
    @Test("A declared encoding other than UTF-8 is refused before the parser sees it", arguments: [
        [
            "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTciPz4KCjwhLS0gc2ltcGxlIHRlc3Qgb2YgdGhlIGluKCkgcHJl",
            "ZGljYXRlIC0tPgoKPHNjeG1sIHhtbG5zPSJodHRwOi8vd3d3LnczLm9yZy8yMDA1LzA3L3NjeG1sIiB2ZXJzaW9uPSIxLjAi",
            "IGNvbmY6ZGF0YW1vZGVsPSIiCnhtbG5zOmNvbmY9Imh0dHA6Ly93d3cudzMub3JnLzIwMDUvc2N4bWwtY29uZm9ybWFuY2Vp",
            "b24gY29uZs+Lno1nZXRmYWlszz0iIi8+CiAgIDwvc3RhdGU+CgogICA8c3RhdGUgaWQ9InMxIi8+IAogPC9wYXJhbGxlbD4K",
            "ICAgIAo8Y29uZjpwYXNzLz4KPGNvbmY6ZmFpbC8+PG9uZXhpdD4KCiAgIAo8L3NjeG1sPg==",
        ].joined(),
        [
            "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTciPz4KCjwhLS0gdGVzdCB0aGF0IGFuIGV4cHJlc3Npb24gdGhh",
            "dCBjYW5ub3QgYmUgaW50ZXJwcmV0ZWQgYXMgYSBib29sZWFuIGlzIHRyZWF0ZWQgYXMgZmFsc2UgLS0+CgAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAKPHNjeG1sIHZlcnNpb249IjEuMCIgY29uZjpkYXRhbW9kZWw9IiIgeG1sbnM9Imh0dHA6",
            "Ly93d3cudzMub3JnLzIwMDUvMDcvc2N4bWwiIHhtbG5zOmNvbmY9Imh0dHA6Ly93d3cudzMub3JnLzIwMDUvc2N4bWwtY29u",
            "Zm9ybWFuY2UiIGluaXRpYWw9InMwIj4KCjxzdGF0ZSBpZD0iczAiPiAKICA8dHJhbnNpdGlvbiBjb25mOm5vbkJvb2xlYW5j",
            "IiIgPSBvbmY6dGFyZ2V0ZmFpbD0iIi8+CiAgPHRyYW5zaXRpb24gY29uZjp0YXJnZXRwYXNzPSIiLz4KICA8L3N0YXRlPgog",
            "ICAgCjxjb25mOnBhc3MvPgo8Y29uZjpmYWlsLz4KCiAgIAo8L3NjeG1sPg==",
        ].joined(),
    ])
    func foreignEncoding(base64: String) throws {
        let data = try #require(Data(base64Encoded: base64))
        let error = try #require(refusal(String(decoding: data, as: UTF8.self)))
        #expect(error.code == .malformedXML)
        #expect(error.message.contains("'UTF-7'"))
        #expect(error.position == TextPosition(line: 1, column: 21))
    }

    /// Found by the `scxml-reader` and `scxml-model` fuzz targets: text that starts with NUL
    /// bytes made libxml2 take it for UTF-32 and crash switching encodings (SEGV in
    /// `xmlParseChunk`). The inputs are the fuzzers' own, in base64.
    @Test("A NUL character is refused wherever it is", arguments: [
        [
            "AAAAPG9uZW50cnk+PSJuFWxsIgAAAAAACg==",
        ].joined(),
        [
            "AAAAPHN0YXRlAAAAAAAAAAAAAAAAAAAAAAAAAEo=",
        ].joined(),
        "PHNjeG1sIHhtbG5zPSJodHRwOi8vd3d3LnczLm9yZy8yMDA1LzA3L3NjeG1sIj4KPHN0YXRlIGlkPSJhAGIiLz48L3NjeG1sPg==",
    ])
    func nulCharacter(base64: String) throws {
        let data = try #require(Data(base64Encoded: base64))
        let error = try #require(refusal(String(decoding: data, as: UTF8.self)))
        #expect(error.code == .malformedXML)
        #expect(error.message.contains("NUL"))
        let offset = try #require(data.firstIndex(of: 0))
        let line = data[..<offset].filter { $0 == UInt8(ascii: "\n") }.count + 1
        #expect(error.position?.line == line)
    }

    /// Found by the `scxml-model` fuzz target: a processing instruction without data
    /// (`<?name?>`, XML 1.0 section 2.6 allows it) crashed the system's XML parser on Linux
    /// (SEGV in FoundationXML's processing-instruction callback). The input is the fuzzer's
    /// own, in base64: malformed after the instruction, it is refused.
    @Test("A processing instruction without data is read, not a crash (XML 1.0, section 2.6)")
    func processingInstructionWithoutData() throws {
        let fuzzed = "PD9zeXN0ZW1WYXJMb2NhdGlvbj8+Cgo8PD8hLRQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFC0gdGVzdHhtbA=="
        let data = try #require(Data(base64Encoded: fuzzed))
        let error = try #require(refusal(String(decoding: data, as: UTF8.self)))
        #expect(error.code == .malformedXML)
        #expect(error.position?.line == 3)

        let text = """
            <?a?><?first?><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><?b?><state id="s"/>
              <!-- <?in-a-comment?> --><final id="f"><donedata><content>one<?p?>two<![CDATA[<?q?>]]></content></donedata></final>
            </scxml><?é?>
            """
        let root = try DocumentReader().read(text)
        #expect(root.elements.map(\.name) == ["state", "final"])
        // Positions are those of the text given: 80 and 27 characters come before the elements.
        #expect(root.elements[0].position == TextPosition(line: 1, column: 81))
        #expect(root.elements[1].position == TextPosition(line: 2, column: 28))
        let content = root.elements[1].elements[0].elements[0]
        #expect(content.text == "onetwo<?q?>")

        // An error after such an instruction is reported at its column in the text given.
        let broken = try #require(refusal("<scxml><?x?><?y?><state id='a'></scxml>"))
        #expect(broken.code == .malformedXML)
        // A comment of the same length in its place: the same position.
        let plain = try #require(refusal("<scxml><!--xxx--><state id='a'></scxml>"))
        #expect(broken.position == plain.position)
    }

    @Test("A declaration of UTF-8 or ASCII, in any letter case or quotes, is read as before")
    func utf8Declarations() throws {
        for declaration in ["encoding=\"UTF-8\"", "encoding='utf-8'", "encoding = \"US-ASCII\"", "standalone=\"yes\""] {
            #expect(refusal("<?xml version=\"1.0\" \(declaration)?>\n<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"/>") == nil)
        }
        let error = try #require(refusal("<?xml version='1.0' encoding='ISO-8859-1'?><scxml/>"))
        #expect(error.message.contains("'ISO-8859-1'"))
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

    /// A value a document quotes into a refusal cannot make the message two
    /// lines (a forged `file:line:column:` line in a build log) or send a terminal escape: the
    /// message is one line, the line feed written as `\u{0A}`.
    @Test("A refusal quoting the document's text is one line, its control characters escaped")
    func messagesQuoteOnOneLine() throws {
        let text = """
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml" datamodel="x&#10;hostile.scxml:1:1: fine&#13;">
            <state id="a"/></scxml>
            """
        let error = try #require(throws: SCXMLError.self) { try SCXMLDocument(xml: text, file: "hostile.scxml") }
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
        #expect(error.message.contains(#"x\u{0A}hostile.scxml:1:1: fine\u{0D}"#))
    }
}
