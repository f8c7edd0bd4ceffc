import Statecraft
import Testing

@Suite("Mermaid and PlantUML export")
struct MermaidExportTests {
    @Test func compoundStatesAreCompositesAndEdgesIntoThemNameTheirRealEnds() throws {
        let expected = """
            stateDiagram-v2
                state "a" as s0
                state "b" as s1
                state s1 {
                    state "b1" as s2
                    state "b2" as s3
                    state "H (h)" as s4
                    [*] --> s2
                    s2 --> s3 : next
                    s3 --> [*]
                }
                [*] --> s0
                s0 --> s1 : go
                s0 --> s1 : reset (a → h)
                s1 --> s0 : back

            """
        #expect(try doorChart().structure.mermaid() == expected)
    }

    @Test func parallelRegionsAreSeparatedAndEdgesBetweenThemAreLiftedOutOfTheParallelState() throws {
        let mermaid = try regionsChart().structure.mermaid()
        #expect(mermaid.contains("""
                    state s2 {
                        state "x1" as s3
                        state "x2" as s4
                        [*] --> s3
                        s3 --> s4 : next
                    }
                    --
                    state "r2" as s5
            """))
        #expect(mermaid.contains("    s1 --> s1 : tick (x1 → y2)\n"))
        #expect(mermaid.contains("    s0 --> s1 : go (a → hd)\n"))
        #expect(mermaid.contains("        state \"H* (hd)\" as s8\n"))
    }

    @Test func mermaidHighlightsWithAClass() throws {
        let mermaid = try doorChart().structure.mermaid(highlighting: ["b1"])
        #expect(mermaid.hasSuffix("    classDef highlighted fill:#fde68a,stroke:#b45309,stroke-width:2px\n    class s2 highlighted\n"))
    }

    @Test func mermaidReplacesItsSyntaxInLabels() throws {
        let renamed = try Statechart<String, NamedEvent<Int>, Void> {
            Atomic("a") { On("go", to: "say \"b\"").labelled(action: "x; y") }
            Atomic("say \"b\"")
        }
        let mermaid = renamed.structure.mermaid()
        #expect(mermaid.contains("s0 --> s1 : go / x, y\n"))
        #expect(mermaid.contains("state \"say 'b'\" as s1\n"))
    }

    @Test func plantUMLWritesCompositesWithTheirEdgesInside() throws {
        let expected = """
            @startuml
            hide empty description
            state "a" as s0
            state "b" as s1 {
              state "b1" as s2
              state "b2" as s3
              state "H (h)" as s4
              [*] --> s2
              s2 --> s3 : next
              s3 --> [*]
            }
            [*] --> s0
            s0 --> s1 : go
            s0 --> s1 : reset (a → h)
            s1 --> s0 : back
            @enduml

            """
        #expect(try doorChart().structure.plantUML() == expected)
    }

    @Test func plantUMLSeparatesRegionsAndColoursHighlightedStates() throws {
        let text = try regionsChart().structure.plantUML(highlighting: ["x1"])
        #expect(text.contains("    state \"x2\" as s4\n    [*] --> s3\n    s3 --> s4 : next\n  }\n  ||\n  state \"r2\" as s5 {"))
        #expect(text.contains("state \"x1\" as s3 #FDE68A\n"))
    }
}
