#if HTTP
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP
import Testing

@Suite("Basic HTTP messages (SCXML C.2)")
struct MessageTests {
    let type = SCXMLHTTPProcessor.type

    @Test func aSendsNameAndParametersBecomeAFormEncodedBody() {
        let event = SCXMLEvent("go.now", data: .object([
            SCXMLMember("param1", .string("a b&c=d")), SCXMLMember("Var1", .number(2)),
        ]))
        let (body, header) = BasicHTTPMessage.body(for: event)
        #expect(body == "_scxmleventname=go.now&param1=a%20b%26c%3Dd&Var1=2")
        #expect(header == nil)
    }

    @Test func contentIsTheBodyAndTheNameMovesToAHeader() {
        let (body, header) = BasicHTTPMessage.body(for: SCXMLEvent("e", data: .string("this is é")))
        #expect(body == "this%20is%20%C3%A9")
        #expect(header == "e")
        let (unnamed, none) = BasicHTTPMessage.body(for: SCXMLEvent("", data: .string("x")))
        #expect(unnamed == "x" && none == nil)
    }

    @Test func aReceivedPostIsNamedByScxmlEventNameAndTheRestIsData() throws {
        let event = try BasicHTTPMessage.event(
            method: "POST", path: "/scxml/k",
            headers: [("Host", "127.0.0.1:1"), ("Authorization", "Bearer secret"), ("SCXML-Origin", "http://127.0.0.1:2/scxml/j")],
            body: Array("_scxmleventname=test&param1=a+b&param1=c&x=%C3%A9".utf8), originType: type
        )
        #expect(event.name == "test")
        #expect(event.type == .external)
        #expect(event.data == .object([SCXMLMember("param1", .string("c")), SCXMLMember("x", .string("é"))]))
        #expect(event.origin == "http://127.0.0.1:2/scxml/j")
        #expect(event.originType == type)
        let raw = try #require(event.raw)
        #expect(raw.hasPrefix("POST /scxml/k HTTP/1.1\nHost: 127.0.0.1:1\n"))
        #expect(raw.hasSuffix("\n\n_scxmleventname=test&param1=a+b&param1=c&x=%C3%A9"))
        #expect(!raw.contains("secret"))
    }

    @Test func withoutScxmlEventNameTheEventIsNamedAfterTheMethod() throws {
        let event = try BasicHTTPMessage.event(
            method: "POST", path: "/", headers: [], body: Array("some+content".utf8), originType: type
        )
        #expect(event.name == "HTTP.POST")
        #expect(event.data == .string("some content"))
        #expect(event.origin == nil)
        let header = try BasicHTTPMessage.event(
            method: "POST", path: "/", headers: [("_scxmleventname", "fromHeader")], body: [], originType: type
        )
        #expect(header.name == "fromHeader" && header.data == .undefined)
    }

    @Test func malformedMessagesAreRefusedWithTheirReason() {
        func refusal(_ body: String, headers: [(name: String, value: String)] = []) -> String? {
            do {
                _ = try BasicHTTPMessage.event(method: "POST", path: "/", headers: headers, body: Array(body.utf8), originType: type)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal("a=%zz")?.contains("not form-encoded") == true)
        #expect(refusal("_scxmleventname=a&_scxmleventname=b") == "give _scxmleventname once, not 2 times")
        #expect(refusal("_scxmleventname=") == "_scxmleventname must be an event name: not empty, without spaces")
        #expect(refusal("_scxmleventname=a+b")?.contains("without spaces") == true)
        do {
            _ = try BasicHTTPMessage.event(method: "POST", path: "/", headers: [], body: [0xff, 0xfe], originType: type)
            Issue.record("bytes that are not UTF-8 were taken")
        } catch {
            #expect(error.message == "the body is not UTF-8 text")
        }
    }

    @Test func targetsAreHttpAddressesOnLoopbackUnlessAllowed() throws {
        let target = try BasicHTTPClient.target("http://127.0.0.1:8080/scxml/k?token=t")
        #expect(target == BasicHTTPClient.Target(host: "127.0.0.1", port: 8080, path: "/scxml/k?token=t", authority: "127.0.0.1:8080"))
        #expect(try BasicHTTPClient.target("http://[::1]").port == 80)
        #expect(try BasicHTTPClient.target("http://localhost?a=1").path == "/?a=1")
        #expect(throws: SCXMLIOProcessorError("the target 'https://example.org/' is a https address; this processor posts to http:// addresses only")) {
            try BasicHTTPClient.target("https://example.org/")
        }
        #expect(throws: SCXMLIOProcessorError("the target 'http://127.0.0.1:99999/' has no valid port (1 to 65535)")) {
            try BasicHTTPClient.target("http://127.0.0.1:99999/")
        }
        #expect(BasicHTTPClient.isLoopback("127.8.9.10") && BasicHTTPClient.isLoopback("LOCALHOST") && BasicHTTPClient.isLoopback("::1"))
        #expect(!BasicHTTPClient.isLoopback("10.0.0.1") && !BasicHTTPClient.isLoopback("127.0.0.1.example.org"))
        #expect(BasicHTTPClient.shown("http://h/p?token=abc&x=1") == "http://h/p?token=…&x=1")
    }
}
#endif
