/// Writes a ``ChartStructure`` as a Mermaid or PlantUML state diagram; states are
/// `s<index>`. Both draw an edge only between states of one composite state (PlantUML fails to
/// lay out others, Mermaid refuses them), so an edge is written in the nearest composite
/// state that holds both ends, between its children that contain them.
struct ScopedDiagramWriter {
    enum Dialect { case mermaid, plantUML }

    let structure: ChartStructure
    let dialect: Dialect
    var output = ""
    /// Edges per scope: the composite state they are written in (`-1`: the diagram), or in a
    /// parallel state, `-2 - region`.
    var edges: [Int: [String]] = [:]

    var highlighted: Set<String> = []

    init(structure: ChartStructure, dialect: Dialect) {
        self.structure = structure
        self.dialect = dialect
    }

    mutating func write(highlighted: Set<String>) -> String {
        self.highlighted = highlighted
        placeEdges()
        switch dialect {
        case .mermaid:
            line(0, "stateDiagram-v2")
            writeScope(nil, depth: 1)
            let marked = structure.states.filter { highlighted.contains($0.id) }
            if !marked.isEmpty {
                line(1, "classDef highlighted fill:#fde68a,stroke:#b45309,stroke-width:2px")
                line(1, "class \(marked.map { "s\($0.index)" }.joined(separator: ",")) highlighted")
            }
        case .plantUML:
            line(0, "@startuml")
            line(0, "hide empty description")
            if let name = structure.name { line(0, "title \(clean(name))") }
            writeScope(nil, depth: 0)
            line(0, "@enduml")
        }
        return output
    }

    private mutating func line(_ depth: Int, _ text: String) {
        for _ in 0..<depth { output += dialect == .mermaid ? "    " : "  " }
        output += text
        output += "\n"
    }

    /// The scope an edge between `source` and `target` is written in, and its ends there.
    private func scope(joining source: Int, _ target: Int) -> (scope: Int?, from: Int, to: Int) {
        // The nearest state that properly contains both ends, but not a parallel state unless
        // both ends are in one region.
        var container = structure.states[source].parent
        while let current = container, !structure.isDescendant(target, of: current) {
            container = structure.states[current].parent
        }
        while true {
            let from = lift(source, into: container)
            let to = lift(target, into: container)
            guard let current = container, structure.states[current].kind == .parallel, from != to else {
                return (container, from, to)
            }
            container = structure.states[current].parent
        }
    }

    /// The child of `scope` (a top-level state for `nil`) that is or contains `state`.
    private func lift(_ state: Int, into scope: Int?) -> Int {
        var node = state
        while structure.states[node].parent != scope, let parent = structure.states[node].parent {
            node = parent
        }
        return node
    }

    private func key(_ scope: Int?, _ from: Int) -> Int {
        guard let scope else { return -1 }
        // In a parallel state, an edge belongs to the region it stays in.
        return structure.states[scope].kind == .parallel ? -2 - from : scope
    }

    private mutating func placeEdges() {
        for state in structure.states where state.kind == .compound {
            for target in state.initial {
                let to = lift(target, into: state.index)
                let note = to == target ? "" : " : (→ \(name(target)))"
                edges[state.index, default: []].append("[*] --> s\(to)\(note)")
            }
        }
        for target in structure.initial {
            let to = lift(target, into: nil)
            let note = to == target ? "" : " : (→ \(name(target)))"
            edges[-1, default: []].append("[*] --> s\(to)\(note)")
        }
        for state in structure.states where state.isHistory {
            for target in state.initial { addEdge(from: state.index, to: target, label: "") }
        }
        for transition in structure.transitions {
            let label = structure.label(ofTransition: transition.index)
            for target in transition.targets { addEdge(from: transition.source, to: target, label: label) }
        }
        for state in structure.states where state.kind == .final {
            edges[key(state.parent, state.index), default: []].append("s\(state.index) --> [*]")
        }
    }

    private mutating func addEdge(from source: Int, to target: Int, label: String) {
        let (scope, from, to) = scope(joining: source, target)
        var text = clean(label)
        if from != source || to != target {
            text += (text.isEmpty ? "" : " ") + "(\(name(source)) → \(name(target)))"
        }
        edges[key(scope, from), default: []].append("s\(from) --> s\(to)" + (text.isEmpty ? "" : " : \(text)"))
    }

    private func name(_ state: Int) -> String {
        clean(structure.states[state].id)
    }

    private mutating func writeScope(_ scope: Int?, depth: Int) {
        let children = structure.children(of: scope)
        let isParallel = scope.map { structure.states[$0].kind == .parallel } ?? false
        // In a parallel state, regions are separated by `--`; history states go in the last.
        let ordered = isParallel
            ? children.filter { !structure.states[$0].isHistory } + children.filter { structure.states[$0].isHistory }
            : children
        for (position, child) in ordered.enumerated() {
            if isParallel && position > 0 && !structure.states[child].isHistory {
                line(depth, dialect == .mermaid ? "--" : "||")
            }
            writeState(child, depth: depth)
            if isParallel {
                for edge in edges[-2 - child] ?? [] { line(depth, edge) }
            }
        }
        if !isParallel {
            for edge in edges[scope ?? -1] ?? [] { line(depth, edge) }
        }
    }

    private mutating func writeState(_ index: Int, depth: Int) {
        let state = structure.states[index]
        let title: String
        switch state.kind {
        case .history(.shallow): title = "H (\(state.id))"
        case .history(.deep): title = "H* (\(state.id))"
        default: title = state.id
        }
        let isComposite = state.kind == .compound || state.kind == .parallel
        let declaration = "state \"\(clean(title).replacingQuotes())\" as s\(index)"
        switch dialect {
        case .mermaid:
            line(depth, declaration)
            for detail in structure.detailLines(ofState: index) { line(depth, "s\(index) : \(clean(detail))") }
            if isComposite {
                line(depth, "state s\(index) {")
                writeScope(index, depth: depth + 1)
                line(depth, "}")
            }
        case .plantUML:
            let color = highlighted.contains(state.id) ? " #FDE68A" : ""
            line(depth, declaration + color + (isComposite ? " {" : ""))
            if isComposite {
                writeScope(index, depth: depth + 1)
                line(depth, "}")
            }
            for detail in structure.detailLines(ofState: index) { line(depth, "s\(index) : \(clean(detail))") }
        }
    }

    /// Text on one line; for Mermaid, `;` (a statement separator there) becomes `,`.
    private func clean(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case ";" where dialect == .mermaid: result += ","
            case "\n", "\r", "\r\n", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

extension String {
    /// The text with double quotes turned into single ones.
    fileprivate func replacingQuotes() -> String {
        String(map { $0 == "\"" ? "'" : $0 })
    }
}
