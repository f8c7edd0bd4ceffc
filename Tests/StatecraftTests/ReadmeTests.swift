import Foundation
import Testing
import Statecraft

@Suite("README")
struct ReadmeTests {
    /// The README's example, as written there, compiled and checked.
    @Test func readmeExampleBehavesAsItsCommentsSay() throws {
        enum Gate: Hashable { case locked, unlocked }
        enum Input: MachineEvent { case coin, push }

        let turnstile = try Statechart<Gate, Input, Int> {
            Atomic(.locked) {
                On(.coin, to: .unlocked) { coins, _ in coins += 1 }
            }
            Atomic(.unlocked) {
                On(.push, to: .locked)
            }
        }

        var gate = turnstile.makeMachine(context: 0)
        gate.send(.coin)    // .transitioned(from: .locked, to: .unlocked)
        gate.send(.coin)    // .rejected: no transition on 'coin' in state 'unlocked'
        print(gate.state, gate.context)    // unlocked 1

        #expect(gate.state == .unlocked)
        #expect(gate.context == 1)
        #expect(gate.send(.coin).rejection?.description == "no transition on 'coin' in state 'unlocked'")
        #expect(gate.send(.push) == .transitioned(from: .unlocked, to: .locked))
    }

    /// The README's first Swift block must be the code of the test above, line for line, so
    /// the example a reader copies is the one that compiles.
    @Test func readmeExampleIsTheTestedCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let exampleLines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "import Statecraft" }
        let sourceLines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(sourceLines.firstIndex(of: exampleLines[0]))
        #expect(Array(sourceLines[start...].filter { !$0.isEmpty }.prefix(exampleLines.count)) == exampleLines)
    }

    /// The Quick start's first block holds exactly two commands: one runs an example, one tests.
    @Test func quickStartHasTheTwoCommands() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let quickStart = try #require(readme.components(separatedBy: "## Quick start").dropFirst().first)
        let block = try #require(quickStart.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(block.split(separator: "\n") == ["swift run turnstile", "swift test"])
    }
}
