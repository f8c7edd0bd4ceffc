import Foundation
import StatecraftECMAScript
import Testing

/// The ECMAScript examples in `Examples/scxml`, driven by the scripts beside them through the
/// `statecraft simulate` binary, as a user runs them. They need JavaScriptCore in the build
/// (`swift test --traits ECMAScript`); a plain build says so instead.
@Suite("The ECMAScript examples through statecraft simulate")
struct ExampleScriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scxml")

    /// `statecraft simulate NAME.scxml --script NAME.script --trace`, run in the examples' folder.
    static func simulate(_ name: String) throws -> ToolProcess.Output {
        try ToolProcess.run(["simulate", "\(name).scxml", "--script", "\(name).script", "--trace"], in: folder)
    }

    /// The configuration lines, and what `<log>` said, in order.
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") || $0.hasPrefix("  log ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("The traffic light cycles on its timers, shortens green for the button, and flashes in maintenance",
          .enabled(if: ECMAScriptEngine.isAvailable, Comment(rawValue: ECMAScriptEngine.unavailableReason)))
    func trafficLight() throws {
        let output = try Self.simulate("traffic-light")
        #expect(output.status == 0, "\(output.standardError)")
        #expect(Self.lines(output.standardOutput) == [
            "log light: red for 20 s",
            "0: (start) -> red",
            "log light: green for 30 s, cycle 1",
            "3: wait 20s -> green",
            "4: wait 10s -> green",
            "log button: green ends in 5 s",
            "6: pedestrian -> green",
            "7: pedestrian -> green",
            "log light: yellow for 3 s",
            "8: wait 5s -> yellow",
            "log light: red for 20 s",
            "log light: green for 30 s, cycle 2",
            "10: wait 33s -> green",
            "log light: flashing yellow after 2 cycles",
            "11: maintenance -> flashing",
            "log light: red for 20 s",
            "12: resume -> red",
        ])
    }

    @Test("The calculator totals 12 + 3 * 2 as 30, and shows an error for 8 / 0 until cleared",
          .enabled(if: ECMAScriptEngine.isAvailable, Comment(rawValue: ECMAScriptEngine.unavailableReason)))
    func calculator() throws {
        let output = try Self.simulate("calculator")
        #expect(output.status == 0, "\(output.standardError)")
        let displays = Self.lines(output.standardOutput).filter { $0.hasPrefix("log ") }
        #expect(displays == [
            "1", "12", "12", "3", "15", "2", "30", "8", "8", "0", "error", "0", "4",
        ].map { "log display: \($0)" })
        let configurations = Self.lines(output.standardOutput).filter { !$0.hasPrefix("log ") }
        #expect(configurations.last == "18: off -> off")
        #expect(configurations.contains("9: equals -> ready"))
        #expect(configurations.contains("14: equals -> failed"))
        #expect(configurations.contains("15: digit {\"value\": 5} -> failed"))
        #expect(configurations.contains("16: clear -> ready"))
    }

    @Test("Without JavaScriptCore in the build, simulating an ecmascript document says what to install",
          .enabled(if: !ECMAScriptEngine.isAvailable, "this build has JavaScriptCore"))
    func withoutJavaScriptCoreTheErrorNamesTheTrait() throws {
        let output = try Self.simulate("calculator")
        #expect(output.status == 1)
        #expect(output.standardError.contains("the datamodel 'ecmascript' is not available"))
        #expect(output.standardError.contains("--traits ECMAScript"))
    }
}
