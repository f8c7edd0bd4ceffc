#if Macros
import Foundation
import Statecraft
import StatecraftMacros
import Testing

// The README's example, as written there (its declarations here, at file scope, because a
// macro that adds conformances cannot be applied to a local type; the rest in the test).

enum Gate { case locked, unlocked }

@MachineEvent
enum Input { case coin(cents: Int), push }

@Suite("README")
struct ReadmeTests {
    /// Runs the example, catching what it prints, and checks each printed line against the
    /// comment beside its `print` in the README.
    @Test func readmeExamplePrintsWhatItsCommentsSay() throws {
        var printed: [String] = []
        func print(_ items: Any...) {
            printed.append(items.map { "\($0)" }.joined(separator: " "))
        }

        let turnstile = try Statechart<Gate, Input, Int> {
            Atomic(.locked) {
                On(\.coin, to: .unlocked, guard: { _, cents in cents >= 25 }) { till, cents in till += cents }
            }
            Atomic(.unlocked) {
                On(.push, to: .locked)
            }
        }

        var gate = turnstile.makeMachine(context: 0)
        print(gate.sendReporting(.coin(cents: 10)))  // coin(cents: 10): rejected: every guard of the transitions on 'coin' in state 'locked' returned false
        print(gate.sendReporting(.coin(cents: 25)))  // coin(cents: 25): locked -> unlocked
        print(gate.send(.coin(cents: 5)))            // rejected: no transition on 'coin' in state 'unlocked'
        print(gate.state, gate.context)              // unlocked 25

        let promised = try Self.readmeBlock().filter { $0.hasPrefix("print(") }
            .map { line in try #require(line.components(separatedBy: "// ").last) }
        #expect(printed == promised)
        #expect(gate.state == .unlocked && gate.context == 25)
    }

    /// The README's first Swift block is this file's code, line for line, in runs that keep
    /// their order: the example a reader copies is the one that compiles and is checked.
    @Test func readmeExampleIsTheTestedCode() throws {
        let example = try Self.readmeBlock()
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var position = source.startIndex
        for line in example where !line.hasPrefix("import ") {
            let found = try #require(source[position...].firstIndex(of: line), "README line not in the test, in order: \(line)")
            position = found + 1
        }
        #expect(example.prefix(2) == ["import Statecraft", "import StatecraftMacros"])
    }

    /// The Quick start's first block holds exactly two commands (each with a comment): one runs an
    /// example, one tests (`scripts/test`, which is `swift test` with a private PostgreSQL).
    @Test func quickStartHasTheTwoCommands() throws {
        let quickStart = try #require(try Self.readme().components(separatedBy: "## Quick start").dropFirst().first)
        let block = try #require(quickStart.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let commands = block.split(separator: "\n").map { line in
            (line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["swift run turnstile", "scripts/test"])
    }

    static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The README's first Swift block, trimmed, without blank lines.
    static func readmeBlock() throws -> [String] {
        let block = try #require(try readme().components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        return block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
#endif
