extension ChartStructure {
    /// The chart as a Mermaid `stateDiagram-v2` diagram.
    ///
    /// Compound states are composite states, and the regions of a parallel state are composite
    /// states separated by `--`. Mermaid lacks some of what a statechart has, so the diagram
    /// gives it up in these ways:
    ///
    /// - **History.** Mermaid has no history pseudo-state: a history state is an ordinary state
    ///   named `H` or `H*` followed by its id in parentheses.
    /// - **Final states.** A final state keeps its name and gets an arrow to `[*]`, Mermaid's
    ///   end, instead of its own shape.
    /// - **Edges across composite states.** Mermaid cannot draw an edge between states inside
    ///   different composite states, nor between regions of one parallel state. Such an edge is
    ///   drawn between the outermost states that contain its ends and can be joined (children
    ///   of the nearest composite containing both, outside any parallel state), and its label
    ///   ends with the states it really joins: `power (off → resume)`. Initial targets deeper
    ///   than a child are drawn the same way.
    /// - **Text.** `;` and line breaks in labels become `,` and spaces, and `"` in names
    ///   becomes `'`: Mermaid reads them as syntax.
    ///
    /// - Parameter highlighted: Ids of states to draw filled, with a `classDef`.
    /// - Returns: The diagram.
    public func mermaid(highlighting highlighted: Set<String> = []) -> String {
        var writer = ScopedDiagramWriter(structure: self, dialect: .mermaid)
        return writer.write(highlighted: highlighted)
    }
}

