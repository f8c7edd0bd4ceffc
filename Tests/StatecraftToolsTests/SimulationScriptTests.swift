import StatecraftSCXML
@testable import StatecraftTools
import Testing

@Suite("Simulation scripts: the grammar of statecraft simulate")
struct SimulationScriptTests {
    private func command(_ text: String) throws -> SimulationCommand? {
        try SimulationScript.command(in: text, line: 7)
    }

    private func error(_ text: String) -> SimulationScriptError? {
        do {
            _ = try SimulationScript.command(in: text, line: 7)
            return nil
        } catch {
            return error
        }
    }

    @Test func aNameSendsThatEventWithoutData() throws {
        #expect(try command("go") == .send(name: "go", data: nil))
        #expect(try command("  error.my-thing:x_1  ") == .send(name: "error.my-thing:x_1", data: nil))
    }

    @Test func aNameFollowedByJSONSendsTheValueAsData() throws {
        #expect(try command(#"spin {"speed": 2, "tags": ["a", null, true], "f": -1.5e2}"#) == .send(
            name: "spin",
            data: .object([
                SCXMLMember("speed", .number(2)),
                SCXMLMember("tags", .array([.string("a"), .null, .bool(true)])),
                SCXMLMember("f", .number(-150)),
            ])
        ))
        #expect(try command(#"say "a\"b\\\n\u00e9\ud83d\ude00""#) == .send(name: "say", data: .string("a\"b\\\né😀")))
        #expect(try command("n 0") == .send(name: "n", data: .number(0)))
    }

    @Test func waitForNamesADelayedEventToDeliverNow() throws {
        #expect(try command("wait for timeout") == .fire(name: "timeout"))
        #expect(try command("  wait   for\tafter #0 of locked  ") == .fire(name: "after #0 of locked"))
        #expect(SimulationCommand.fire(name: "timeout").text == "wait for timeout")
        #expect(error("wait for")?.message == "'wait for' needs the name of a waiting delayed event, such as 'wait for timeout'")
        #expect(error("wait for   ")?.column == 9)
        // 'for' only as a word of its own: 'wait fortnight' is a duration that cannot be read.
        #expect(error("wait fortnight")?.message.hasPrefix("'fortnight' is not a duration") == true)
    }

    @Test func waitTakesMillisecondsOrSeconds() throws {
        #expect(try command("wait 150ms") == .wait(.milliseconds(150)))
        #expect(try command("wait 2s") == .wait(.seconds(2)))
        #expect(try command("wait 1.5s") == .wait(.milliseconds(1500)))
        #expect(try command("\twait   0s ") == .wait(.zero))
    }

    @Test func blankLinesAndCommentsAreSkipped() throws {
        #expect(try command("") == nil)
        #expect(try command("   \t") == nil)
        #expect(try command("# wait for it") == nil)
        #expect(try command("   # indented") == nil)
    }

    @Test func aWholeScriptKeepsLineNumbersAndTrimmedText() throws {
        let commands = try SimulationScript.commands(in: "go\n\n# note\n  wait 2s  \r\nstop {}\n")
        #expect(commands.map(\.line) == [1, 4, 5])
        #expect(commands.map(\.text) == ["go", "wait 2s", "stop {}"])
    }

    @Test func badEventNamesAreErrorsAtTheirColumn() throws {
        let empty = try #require(error("  a..b"))
        #expect(empty.line == 7)
        #expect(empty.column == 5)
        #expect(empty.message.contains("tokens separated by single dots"))
        #expect(error("foo.*")?.column == 5)
        #expect(error("foo.*")?.message.contains("'*'") == true)
        #expect(error("go!")?.column == 3)
        #expect(error("go.")?.message.contains("cannot end with a dot") == true)
    }

    @Test func badDataIsAnErrorAtTheColumnOfTheMistake() throws {
        let trailing = try #require(error(#"spin {"speed": 2,}"#))
        #expect(trailing.column == 18)
        #expect(trailing.message.hasPrefix("the data of 'spin' is not JSON"))
        #expect(error("spin [1 2]")?.column == 9)
        #expect(error("spin 01")?.message.contains("leading zero") == true)
        #expect(error(#"spin {"a": 1, "a": 2}"#)?.message.contains("appears twice") == true)
        #expect(error(#"spin "\x""#)?.message.contains("not a JSON escape") == true)
        #expect(error(#"spin "\ud83d""#)?.message.contains("low surrogate") == true)
        #expect(error("spin {} {}")?.message.contains("after the JSON value") == true)
        #expect(error("spin tru")?.message.contains("expected 'true'") == true)
        #expect(error("spin 1e999")?.message.contains("out of range") == true)
    }

    @Test func deeplyNestedDataIsRefusedNotOverflowed() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error("spin \(deep)")?.message.contains("nests deeper than 64") == true)
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try command("spin \(allowed)") != nil)
    }

    @Test func waitNeedsADuration() throws {
        #expect(error("wait")?.message.contains("needs a duration") == true)
        let bad = try #require(error("wait 2 s"))
        #expect(bad.column == 6)
        #expect(bad.message.contains("is not a duration"))
        #expect(error("wait -1s") != nil)
        #expect(error("wait 2min") != nil)
    }

    @Test func durationsPrintInTheShortestExactForm() {
        #expect(SimulationScript.format(.seconds(2)) == "2s")
        #expect(SimulationScript.format(.milliseconds(1500)) == "1.5s")
        #expect(SimulationScript.format(.milliseconds(150)) == "150ms")
        #expect(SimulationScript.format(.milliseconds(1250)) == "1250ms")
        #expect(SimulationScript.format(.zero) == "0s")
    }

    @Test func errorsPrintAsScriptLineAndColumn() {
        #expect("\(SimulationScriptError(line: 3, column: 9, message: "bad"))" == "script:3:9: bad")
    }
}
