#if Inspector
import Testing
@testable import StatecraftInspector

/// What a refusal of the door says about what was sent: it quotes the request's `Host` or
/// `Origin` so a person sees what went wrong, but a quote is one line of at most 100 bytes,
/// whatever the request holds. Found by the `inspector-request` fuzz target: a `Host` of 120
/// characters of three bytes each made a refusal of 670 bytes (the quote was cut at 100
/// characters, not bytes), and control characters went into the message as they were.
@Suite("The door's refusals quote requests on one short line")
struct DoorMessageTests {
    static let policy = AccessPolicy(host: "127.0.0.1", token: "door-token")

    static func refusal(_ headers: [(name: String, value: String)], target: String = "/machines") -> InspectorError? {
        do {
            _ = try policy.decide(target: target, headers: headers)
            return nil
        } catch {
            return error
        }
    }

    static let wide = String(repeating: "\u{FFFD}", count: 2_000)
    static let controls = "localhost\u{1B}[2J\r\nX-Forged: yes\u{0}"

    @Test(
        "a foreign Host or Origin of any length and content is refused with a short, one-line message",
        arguments: [
            ([("Host", wide)], InspectorError.Code.foreignHost),
            ([("Host", controls)], .foreignHost),
            ([("Host", "127.0.0.1:1"), ("Origin", "http://" + wide)], .foreignOrigin),
            ([("Host", "127.0.0.1:1"), ("Origin", controls)], .foreignOrigin),
            ([("Host", wide), ("Origin", wide)], .foreignHost),
        ]
    )
    func refusalsAreShortAndOneLine(headers: [(String, String)], code: InspectorError.Code) throws {
        let error = try #require(Self.refusal(headers.map { (name: $0.0, value: $0.1) }))
        #expect(error.code == code)
        #expect(error.message.utf8.count < 400, "a refusal of \(error.message.utf8.count) bytes")
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    /// The head the fuzzer found, as the server would hand it over: a `Host` of control bytes
    /// and a long `Origin` of replacement characters.
    @Test("the fuzzer's request is refused with a message under the fuzz target's 600 bytes")
    func theFuzzersRequest() throws {
        let origin = "\u{FFFD}\u{FFFD} \u{FFFD}:GET\u{FFFD} /?t\u{FFFD}\u{FFFD}\u{FFFD}" + String(repeating: "\u{FFFD}", count: 110)
        let host = "031\u{1B}\u{0}1!GE" + String(repeating: "\u{FFFD}", count: 70) + String(repeating: "}", count: 12) + "3n"
        let error = try #require(Self.refusal([(name: "origin", value: origin), (name: "Host", value: host)], target: "/?token=x"))
        #expect(error.code == .foreignHost)
        #expect(error.message.utf8.count < 600)
        #expect(error.message.contains(#"031\u{1B}\u{00}1!GE"#))
    }
}
#endif
