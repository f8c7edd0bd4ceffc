import Statecraft
import Testing

/// `Duration(scxmlDelay:)`: the CSS2 times of SCXML 6.2.4, which the session and generated
/// code both read.
@Suite("SCXML delay text")
struct SCXMLDelayTextTests {
    @Test(arguments: [
        ("2s", 2000), ("1.5s", 1500), ("500ms", 500), ("0s", 0), ("0ms", 0), (".5s", 500), (" 3s\n", 3000),
        ("0.0004s", 0), ("0.0005s", 1), ("1.4ms", 1), ("999999999999ms", 999_999_999_999),
    ])
    func aCSS2TimeIsRoundedToTheMillisecond(text: String, milliseconds: Int64) {
        #expect(Duration(scxmlDelay: text) == .milliseconds(milliseconds))
    }

    @Test(arguments: [
        "", " ", "s", "ms", "2", "2m", "2min", "2h", "-1s", "+1s", "1e3s", "1..2s", "2 s", "s2", "1,5s", "٣s",
        "1000000000s", "1000000000000ms", "infs", "nans",
    ])
    func anythingElseIsNotADelay(text: String) {
        #expect(Duration(scxmlDelay: text) == nil)
    }
}
