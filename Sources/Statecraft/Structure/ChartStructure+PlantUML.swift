extension ChartStructure {
    /// The chart as a PlantUML state diagram, from `@startuml` to `@enduml`.
    ///
    /// Compound states are composite states and the regions of a parallel state are separated
    /// by `||`. It is drawn as ``mermaid(highlighting:)`` draws, with the same downgrades: a
    /// history state is an ordinary state named `H` or `H*` and its id; a final state keeps
    /// its name and gets an arrow to `[*]`; an edge is written in the nearest composite state
    /// holding both its ends and joins the children of it that contain them, with the states
    /// it really joins at the end of its label (PlantUML cannot lay out an edge from outside a
    /// parallel state to a state inside one of its regions).
    ///
    /// - Parameter highlighted: Ids of states to draw filled.
    /// - Returns: The diagram.
    public func plantUML(highlighting highlighted: Set<String> = []) -> String {
        var writer = ScopedDiagramWriter(structure: self, dialect: .plantUML)
        return writer.write(highlighted: highlighted)
    }
}
