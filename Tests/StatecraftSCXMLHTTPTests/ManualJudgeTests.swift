#if HTTP
import Foundation
import StatecraftSCXML
import StatecraftSCXMLHTTP
import StatecraftTools
import Testing

/// W3C 513, manual as published: a client outside the session posts a form to the session's
/// Basic HTTP location and checks the answer is 200. The runner judges it with a document of its
/// own that waits for that event, and a real client on loopback.
@Suite("W3C 513 judged by a client outside the session")
struct ManualJudgeTests {
    /// A folder holding 513 as published (prose) and a manifest that marks it manual.
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-513-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("513"), withIntermediateDirectories: true)
        try "This is a fully manual test.".write(to: folder.appendingPathComponent("513/test513.txml"), atomically: true, encoding: .utf8)
        let manifest = #"<assertions><assert id="513"><test id="513" conformance="optional" manual="true"><start uri="513/test513.txt"/></test></assert></assertions>"#
        try manifest.write(to: folder.appendingPathComponent("manifest.xml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    /// Runs the folder with a processor on loopback and the given client (none: no client).
    func run(
        client: (@Sendable (String, String, String) -> String)?, http: Bool = true
    ) async throws -> ConformanceRunner.Result {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let processor = SCXMLHTTPProcessor()
        try await processor.start()
        var runner = ConformanceRunner(directory: folder, profile: .statecraft)
        if http { runner.basicHTTP = processor.sessionRunner }
        runner.basicHTTPClient = client
        let ready = runner
        let results = await onThread { () -> [ConformanceRunner.Result] in
            var results: [ConformanceRunner.Result] = []
            _ = try? ready.run { results.append($0) }
            return results
        }
        await processor.stop()
        return try #require(results.first { $0.test == "test513" })
    }

    @Test func aFormPostedFromOutsideIsAnswered200AndDelivered() async throws {
        let result = try await run { SCXMLHTTPProcessor.postedForm(to: $0, eventName: $1, form: $2) }
        #expect(result.status == .pass, "\(result.reason ?? "")")
    }

    @Test func anEventWithoutTheSecondKeyFails() async throws {
        let result = try await run { location, name, _ in
            SCXMLHTTPProcessor.postedForm(to: location, eventName: name, form: "key1=value1&key2=other")
        }
        #expect(result.status == .fail)
        #expect(result.reason?.contains("ended in the final state 'fail'") == true)
    }

    @Test func anAnswerOtherThan200Fails() async throws {
        let result = try await run { location, name, form in
            _ = SCXMLHTTPProcessor.postedForm(to: location, eventName: name, form: form)
            return "404"
        }
        #expect(result.status == .fail)
        #expect(result.reason?.contains("the post was answered 404, not 200") == true)
    }

    @Test func aLocationThatIsNotThereGetsNoAnswer() {
        let answer = SCXMLHTTPProcessor.postedForm(to: "http://127.0.0.1:1/nothing", eventName: "test", form: "a=b")
        #expect(answer.hasPrefix("no answer"))
    }

    @Test func withoutAClientOrAProcessorItStaysManual() async throws {
        let noClient = try await run(client: nil)
        #expect(noClient.status == .skip && noClient.skip == .manual)
        let noProcessor = try await run(client: { _, _, _ in "200" }, http: false)
        #expect(noProcessor.status == .skip && noProcessor.skip == .manual)
    }
}
#endif
