import Foundation
import Statecraft
import StatecraftTools
import Testing
@testable import MediaPlayer
@testable import Turnstile

/// The examples draw themselves (`--draw FORMAT`), and the DocC article shows the media
/// player's current picture.
@Suite("Example drawings")
struct DrawingTests {
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Statecraft/Statecraft.docc")

    @Test func theArticleShowsTheMediaPlayersCurrentDOT() throws {
        let article = try String(contentsOf: Self.catalog.appendingPathComponent("DrawingCharts.md"), encoding: .utf8)
        let start = try #require(article.range(of: "```dot\n"))
        let end = try #require(article.range(of: "```", range: start.upperBound..<article.endIndex))
        let committed = String(article[start.upperBound..<end.lowerBound])
        // When this fails, paste `swift run media-player --draw dot` into the article and
        // render Resources/media-player.svg from it with `dot -Tsvg`.
        #expect(committed == (try makePlayer().structure.dot()))
    }

    @Test func theCommittedPictureShowsEveryStateOfThePlayer() throws {
        let svg = try String(contentsOf: Self.catalog.appendingPathComponent("Resources/media-player.svg"), encoding: .utf8)
        for state in try makePlayer().structure.states where !state.isHistory {
            #expect(svg.contains(">\(state.id)</text>"), "\(state.id) is missing from media-player.svg")
        }
        #expect(svg.contains(">H*</text>"))
        #expect(svg.contains(">after 2s</text>"))
    }

    @Test func theTurnstileDrawsItsLabels() throws {
        let expected = """
            stateDiagram-v2
                state "locked" as s0
                state "unlocked" as s1
                s1 : exit / count passage
                s1 : coin / add to till
                state "broken" as s2
                [*] --> s0
                s0 --> s1 : coin [at least 25 cents] / add to till
                s0 --> s2 : kick
                s1 --> s0 : push
                s1 --> s2 : kick
                s2 --> [*]

            """
        #expect(try makeTurnstile().structure.mermaid() == expected)
        #expect(try makeTurnstile().structure.lint().isEmpty)
        #expect(try makePlayer().structure.lint().isEmpty)
    }

    @Test func drawArgumentsAreRead() {
        #expect(ExampleArguments(["media-player"]) == .run)
        #expect(ExampleArguments(["media-player", "--draw", "dot"]) == .draw(.dot))
        #expect(ExampleArguments(["turnstile", "--draw", "plantuml"]) == .draw(.plantuml))
        #expect(ExampleArguments(["media-player", "--draw"])
            == .invalid("--draw needs a format: dot, mermaid, plantuml, json"))
        #expect(ExampleArguments(["media-player", "--draw", "gif"])
            == .invalid("unknown drawing format 'gif'; use one of: dot, mermaid, plantuml, json"))
        #expect(ExampleArguments(["turnstile", "--fast"])
            == .invalid("unknown argument '--fast'; use --draw FORMAT, or nothing"))
    }
}
