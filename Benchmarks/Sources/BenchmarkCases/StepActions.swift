/// An entry or exit action in the chart's one closure shape: adds its own weight to an `Int`
/// context; the event (`nil` at start) is there because every action receives it.
public typealias WeightedAction<Event> = @Sendable (inout Int, Event?) -> Void

/// Makes an action that adds `weight` to the context, so that the final context says which
/// actions ran and how often.
///
/// The hierarchical cases hand the same action values to the Statecraft chart and to their
/// hand-written baseline, so both sides run the same closures.
public func weighted<Event>(_ weight: Int) -> WeightedAction<Event> {
    { context, _ in context &+= weight }
}
