import Testing
@testable import Statecraft

/// How error messages quote text that came from outside: one line a terminal shows as it is,
/// and a bounded quote whatever was sent.
@Suite("Message text: quoting untrusted text in errors")
struct MessageTextTests {
    @Test(
        "every control character, the line separators and the bidirectional controls are escaped",
        arguments: [
            ("\u{1B}[31m", #"\u{1B}[31m"#), ("a\nb", #"a\u{0A}b"#), ("a\r\nb", #"a\u{0D}\u{0A}b"#), ("\u{0}", #"\u{00}"#),
            ("\u{7F}", #"\u{7F}"#), ("\u{85}", #"\u{85}"#), ("\u{9F}", #"\u{9F}"#), ("\t", #"\u{09}"#),
            ("\u{202E}gnp.exe", #"\u{202E}gnp.exe"#), ("\u{2028}", #"\u{2028}"#), ("\u{2066}x\u{2069}", #"\u{2066}x\u{2069}"#),
            ("\u{200F}", #"\u{200F}"#), ("\u{61C}", #"\u{61C}"#),
        ]
    )
    func escapes(text: String, escaped: String) {
        #expect(text.escapingControlCharacters() == escaped)
        #expect(text.excerpt() == escaped)
    }

    @Test("printable text, accents, emoji and right-to-left letters are kept as they are")
    func keepsPrintableText() {
        for text in ["", "state.done", "café ☕️ 👩‍👩‍👧", "שלום", "\u{A0}non-breaking", "back\\slash \"quotes\""] {
            #expect(text.escapingControlCharacters() == text)
            #expect(text.excerpt() == text)
        }
    }

    @Test("an excerpt keeps at most the byte limit of UTF-8, cut at a scalar, and says it was cut")
    func excerptIsBoundedInBytes() {
        // Three bytes a scalar: 100 bytes hold 33 of them, not 100 characters' worth (300 bytes).
        let wide = String(repeating: "\u{FFFD}", count: 5_000)
        let cut = wide.excerpt()
        #expect(cut == String(repeating: "\u{FFFD}", count: 33) + "...")
        #expect(cut.utf8.count <= 103)
        // An escape is never split: 16 escapes of six bytes fill 96 bytes, the 17th does not fit.
        let controls = String(repeating: "\u{1B}", count: 1_000)
        #expect(controls.excerpt() == String(repeating: #"\u{1B}"#, count: 16) + "...")
        // Exactly the limit is kept whole, one byte more is cut.
        #expect(String(repeating: "a", count: 100).excerpt() == String(repeating: "a", count: 100))
        #expect(String(repeating: "a", count: 101).excerpt() == String(repeating: "a", count: 100) + "...")
        #expect("abcdef".excerpt(byteLimit: 3) == "abc...")
        #expect("abc".excerpt(byteLimit: 0) == "...")
    }

    @Test("the errors that quote documents, snapshots and definitions escape their messages")
    func errorsEscapeTheirMessages() {
        let planted = "gone\nmachine.scxml:1:1: fake line \u{1B}[2J"
        let definition = DefinitionError(code: .unknownTarget, message: "targets '\(planted)'")
        #expect(!definition.message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(definition.message.contains(#"gone\u{0A}machine.scxml"#))
        let snapshot = SnapshotError(code: .unknownState, message: "no state '\(planted)'")
        #expect(!snapshot.description.unicodeScalars.contains { $0.value < 0x20 })
        let lint = ChartLint(code: .noWayOut, message: "state '\(planted)' is not final", location: nil)
        #expect(lint.description == #"state 'gone\u{0A}machine.scxml:1:1: fake line \u{1B}[2J' is not final"#)
    }
}
