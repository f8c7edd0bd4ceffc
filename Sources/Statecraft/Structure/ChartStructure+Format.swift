extension ChartStructure {
    /// A text format a structure can be written in.
    public enum Format: String, CaseIterable, Hashable, Sendable {
        /// Graphviz DOT: ``ChartStructure/dot(highlighting:)``.
        case dot
        /// Mermaid `stateDiagram-v2`: ``ChartStructure/mermaid(highlighting:)``.
        case mermaid
        /// PlantUML: ``ChartStructure/plantUML(highlighting:)``.
        case plantuml
        /// JSON: ``ChartStructure/json()``.
        case json
    }

    /// The structure written in a format.
    ///
    /// ```swift
    /// if let format = ChartStructure.Format(rawValue: "mermaid") {
    ///     print(chart.structure.drawing(format))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - format: The format.
    ///   - highlighted: Ids of states to draw filled; JSON has no highlighting.
    /// - Returns: The text.
    public func drawing(_ format: Format, highlighting highlighted: Set<String> = []) -> String {
        switch format {
        case .dot: dot(highlighting: highlighted)
        case .mermaid: mermaid(highlighting: highlighted)
        case .plantuml: plantUML(highlighting: highlighted)
        case .json: json()
        }
    }
}
