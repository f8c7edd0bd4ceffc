/// What a compiled chart keeps of its definition for ``ChartStructure``: the parts the engine
/// does not need (triggers as written, labels, where states were written). Built once with the
/// chart; the structure is made from it on demand.
struct ChartOutline<Kind: Hashable & Sendable>: Sendable {
    /// One per compiled transition (initial transitions included), in the chart's order.
    struct Transition: Sendable {
        var trigger: TriggerDeclaration<Kind>
        /// Whether it is the initial transition of a compound state, of the chart, or the
        /// default transition of a history state.
        var isInitial: Bool
        /// Whether it has a guard of the user's or a ``When``: a transition written with a
        /// case (`On(\.coin)`) has a guard that only matches the case, which a drawing omits.
        var hasWrittenGuard: Bool
        var guardLabel: String?
        var actionLabel: String?
    }

    /// Per node (the root first), the labels of its entry actions in the order written.
    var entryLabels: [[String?]] = []
    /// Per node (the root first), the labels of its exit actions in the order written.
    var exitLabels: [[String?]] = []
    /// Per node (the root first), where it was written.
    var locations: [SourceLocation] = []
    var transitions: [Transition] = []
}
