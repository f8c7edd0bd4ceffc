/// An entry or exit action: adds its own weight to an `Int` context.
public typealias WeightedAction = @Sendable (inout Int) -> Void

/// Makes an action that adds `weight` to the context, so that the final context says which
/// actions ran and how often.
///
/// The hierarchical cases hand the same action values to the Statecraft chart and to their
/// hand-written baseline, so both sides run the same closures.
public func weighted(_ weight: Int) -> WeightedAction {
    { context in context &+= weight }
}
