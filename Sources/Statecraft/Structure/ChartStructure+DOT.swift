extension ChartStructure {
    /// The chart as a Graphviz DOT graph.
    ///
    /// ```sh
    /// swift run media-player --draw dot | dot -Tsvg -o player.svg
    /// ```
    ///
    /// Compound and parallel states are clusters, the regions of a parallel state dashed; an
    /// initial transition starts at a small point, final states are double circles, history
    /// states circles marked `H` (shallow) or `H*` (deep). A transition from or to a compound
    /// or parallel state starts or ends at its cluster's border (`ltail` and `lhead`). Each
    /// transition with targets is an edge per target, labelled as ``label(ofTransition:)``
    /// says; transitions without targets and labelled entry and exit actions are written
    /// inside their state (``detailLines(ofState:)``).
    ///
    /// - Parameter highlighted: Ids of states to draw filled, such as a machine's active states.
    /// - Returns: The graph, one statement a line.
    /// - Complexity: O(*n* × *d* + *t* × *d*) for *n* states, *t* transitions and depth *d*.
    public func dot(highlighting highlighted: Set<String> = []) -> String {
        var writer = DOTWriter(structure: self, highlighted: highlighted)
        return writer.write()
    }
}

/// Writes a ``ChartStructure`` as DOT. States are nodes `s<index>`; clusters are
/// `cluster_s<index>`, each with one node of its own that edges to the cluster attach to (the
/// initial point of a compound state, an invisible point in a parallel state).
private struct DOTWriter {
    let structure: ChartStructure
    let highlighted: Set<String>
    var output = ""

    init(structure: ChartStructure, highlighted: Set<String>) {
        self.structure = structure
        self.highlighted = highlighted
    }

    mutating func write() -> String {
        output.reserveCapacity(structure.states.count * 80 + structure.transitions.count * 60)
        line(0, "digraph \(quoted(structure.name ?? "statechart")) {")
        line(1, "compound=true;")
        line(1, "rankdir=LR;")
        line(1, "graph [fontname=\"Helvetica\", fontsize=13];")
        line(1, "node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];")
        line(1, "edge [fontname=\"Helvetica\", fontsize=10];")
        line(1, "start [shape=point, width=0.15, label=\"\"];")
        for state in structure.topLevelStates { writeState(state, depth: 1) }
        // Edges after every node, so that no edge puts a node into the cluster it is written in.
        for target in structure.initial { edge(from: "start", in: nil, tail: nil, to: target, label: "", depth: 1) }
        for state in structure.states where state.kind == .compound || state.isHistory {
            let tail = state.kind == .compound ? "i\(state.index)" : "s\(state.index)"
            for target in state.initial { edge(from: tail, in: state.index, tail: nil, to: target, label: "", depth: 1) }
        }
        for transition in structure.transitions where !transition.targets.isEmpty {
            let label = structure.label(ofTransition: transition.index)
            for target in transition.targets {
                edge(from: transition.source, to: target, label: label)
            }
        }
        line(0, "}")
        return output
    }

    private mutating func line(_ depth: Int, _ text: String) {
        for _ in 0..<depth { output += "  " }
        output += text
        output += "\n"
    }

    private func isCluster(_ state: Int) -> Bool {
        let kind = structure.states[state].kind
        return kind == .compound || kind == .parallel
    }

    /// The node an edge to or from `state` attaches to.
    private func node(_ state: Int) -> String {
        if !isCluster(state) { return "s\(state)" }
        return structure.states[state].kind == .compound ? "i\(state)" : "a\(state)"
    }

    private func inParallelRegion(_ state: Int) -> Bool {
        structure.states[state].parent.map { structure.states[$0].kind == .parallel } ?? false
    }

    private mutating func writeState(_ index: Int, depth: Int) {
        let state = structure.states[index]
        let lines = [state.id] + structure.detailLines(ofState: index)
        let label = lines.map(escape).joined(separator: "\\n")
        let isHighlighted = highlighted.contains(state.id)
        var styles = ["rounded"]
        if inParallelRegion(index) && !state.isHistory { styles.append("dashed") }
        if isHighlighted { styles.append("filled") }
        var extras: [String] = []
        if isHighlighted { extras += ["fillcolor=\"#fde68a\"", "penwidth=2"] }
        extras.append("tooltip=\(quoted("\(state.kind) \(state.id)"))")
        let fill = extras.map { ", " + $0 }.joined()
        switch state.kind {
        case .compound, .parallel:
            line(depth, "subgraph cluster_s\(index) {")
            line(depth + 1, "label=\"\(label)\";")
            line(depth + 1, "style=\"\(styles.joined(separator: ","))\";")
            for extra in extras { line(depth + 1, extra + ";") }
            if state.kind == .compound {
                line(depth + 1, "i\(index) [shape=point, width=0.1, label=\"\"];")
            } else {
                line(depth + 1, "a\(index) [shape=point, style=invis, width=0.01, height=0.01, label=\"\"];")
            }
            for child in state.children { writeState(child, depth: depth + 1) }
            line(depth, "}")
        case .atomic:
            line(depth, "s\(index) [label=\"\(label)\", style=\"\(styles.joined(separator: ","))\"\(fill)];")
        case .final:
            styles.removeFirst()
            let style = styles.isEmpty ? "" : ", style=\"\(styles.joined(separator: ","))\""
            line(depth, "s\(index) [shape=doublecircle, label=\"\(label)\"\(style)\(fill)];")
        case .history(let kind):
            styles.removeFirst()
            let style = styles.isEmpty ? "" : ", style=\"\(styles.joined(separator: ","))\""
            let mark = kind == .deep ? "H*" : "H"
            line(depth, "s\(index) [shape=circle, label=\"\(mark)\"\(style)\(fill)];")
        }
    }

    /// An edge of a transition from `source` to `target`, at the top level of the graph.
    private mutating func edge(from source: Int, to target: Int, label: String) {
        let tail = isCluster(source) && !structure.isSelfOrDescendant(target, of: source) ? source : nil
        edge(from: node(source), in: source, tail: tail, to: target, label: label, depth: 1)
    }

    /// An edge from `tailNode`, which is drawn inside state `container` (`nil`: at the top
    /// level), to `target`; it ends at the border of `target`'s cluster unless the tail is
    /// inside that cluster.
    private mutating func edge(
        from tailNode: String, in container: Int?, tail: Int?, to target: Int, label: String, depth: Int
    ) {
        var attributes: [String] = []
        if !label.isEmpty { attributes.append("label=\(quoted(label))") }
        if let tail { attributes.append("ltail=cluster_s\(tail)") }
        let tailInsideTarget = container.map { structure.isSelfOrDescendant($0, of: target) } ?? false
        if isCluster(target) && !tailInsideTarget { attributes.append("lhead=cluster_s\(target)") }
        let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        line(depth, "\(tailNode) -> \(node(target))\(list);")
    }

    private func quoted(_ text: String) -> String {
        "\"\(escape(text))\""
    }

    /// Text made safe inside a DOT string: quotes and backslashes escaped, line breaks as `\n`.
    private func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result
    }
}
