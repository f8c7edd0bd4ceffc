import Statecraft
import Testing

@Suite("DOT export")
struct DOTExportTests {
    @Test func compoundStatesAreClustersWithInitialPointsFinalCirclesAndHistoryMarks() throws {
        let expected = """
            digraph "statechart" {
              compound=true;
              rankdir=LR;
              graph [fontname="Helvetica", fontsize=13];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=12];
              edge [fontname="Helvetica", fontsize=10];
              start [shape=point, width=0.15, label=""];
              s0 [label="a", style="rounded", tooltip="atomic a"];
              subgraph cluster_s1 {
                label="b";
                style="rounded";
                tooltip="compound b";
                i1 [shape=point, width=0.1, label=""];
                s2 [label="b1", style="rounded", tooltip="atomic b1"];
                s3 [shape=doublecircle, label="b2", tooltip="final b2"];
                s4 [shape=circle, label="H", tooltip="shallow history h"];
              }
              start -> s0;
              i1 -> s2;
              s0 -> i1 [label="go", lhead=cluster_s1];
              s0 -> s4 [label="reset"];
              s2 -> s3 [label="next"];
              i1 -> s0 [label="back", ltail=cluster_s1];
            }

            """
        #expect(try doorChart().structure.dot() == expected)
    }

    @Test func parallelRegionsAreDashedClustersAndDeepHistoryIsMarkedWithAStar() throws {
        let dot = try regionsChart().structure.dot()
        #expect(dot.contains("subgraph cluster_s1 {\n    label=\"p\";\n    style=\"rounded\";"))
        #expect(dot.contains("subgraph cluster_s2 {\n      label=\"r1\";\n      style=\"rounded,dashed\";"))
        #expect(dot.contains("subgraph cluster_s5 {\n      label=\"r2\";\n      style=\"rounded,dashed\";"))
        #expect(dot.contains("a1 [shape=point, style=invis, width=0.01, height=0.01, label=\"\"];"))
        #expect(dot.contains("s8 [shape=circle, label=\"H*\", tooltip=\"deep history hd\"];"))
        #expect(dot.contains("a1 -> s0 [label=\"stop\", ltail=cluster_s1];"))
        #expect(dot.contains("s3 -> s7 [label=\"tick\"];"))
    }

    @Test func edgesInsideTheirOwnClusterDoNotClipAtItsBorder() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Atomic(.a1) { On(.back, to: .a) }
                Atomic(.a2)
                On(.next, to: .a2)
            }
        }
        let dot = chart.structure.dot()
        // From a child to its parent: no lhead, since the tail is inside the parent's cluster.
        #expect(dot.contains("s1 -> i0 [label=\"back\"];"))
        // From a parent to its child: no ltail, since the head is inside the parent's cluster.
        #expect(dot.contains("i0 -> s2 [label=\"next\"];"))
    }

    @Test func highlightedStatesAreFilled() throws {
        let dot = try doorChart().structure.dot(highlighting: ["b1", "b"])
        #expect(dot.contains("s2 [label=\"b1\", style=\"rounded,filled\", fillcolor=\"#fde68a\", penwidth=2, tooltip=\"atomic b1\"];"))
        #expect(dot.contains("    style=\"rounded,filled\";\n    fillcolor=\"#fde68a\";\n    penwidth=2;"))
        #expect(dot.contains("s0 [label=\"a\", style=\"rounded\", tooltip=\"atomic a\"];"))
    }

    @Test func quotesAndBackslashesInNamesAreEscaped() throws {
        let chart = try Statechart<String, NamedEvent<Int>, Void> {
            Atomic("say \"hi\"") { On("go", to: "back\\slash") }
            Atomic("back\\slash")
        }
        let dot = chart.structure.dot()
        #expect(dot.contains("s0 [label=\"say \\\"hi\\\"\", style=\"rounded\", tooltip=\"atomic say \\\"hi\\\"\"];"))
        #expect(dot.contains("s1 [label=\"back\\\\slash\""))
    }

    @Test func transitionsWithoutTargetsAndLabelledActionsAreWrittenInTheirState() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                OnEntry { log, _ in log.count += 1 }.labelled("count")
                On(.ping, guard: { log, _ in log.count > 1 }) { log, _ in log.count = 0 }.labelled(action: "clear")
            }
        }
        #expect(chart.structure.dot().contains("s0 [label=\"a\\nentry / count\\nping [guard] / clear\""))
    }
}
