/// The hand-written baseline of `hierarchy.crossParent`: a nested `switch`, parent then leaf,
/// calling the same entry and exit closures as the chart, in the same (SCXML) order.
public struct HandNest: Sendable {
    enum Left { case a1, a2 }
    enum Right { case b1, b2 }
    enum Parent {
        case left(Left)
        case right(Right)
    }

    var state = Parent.left(.a1)
    /// What the actions left, as the machine's context.
    public private(set) var context = 0
    let actions: NestActions

    /// Makes a machine in `a1`, running the entry actions of `left` and `a1` as the chart's
    /// machine does when it starts.
    ///
    /// - Parameter actions: The entry and exit actions.
    public init(actions: NestActions) {
        self.actions = actions
        actions.enterLeft(&context, nil)
        actions.enterA1(&context, nil)
    }

    /// Takes the transition for `event`.
    ///
    /// - Parameter event: The event.
    /// - Returns: The transition taken.
    public mutating func send(_ event: Hop) -> HandResult<Nest> {
        switch (state, event) {
        case (.left(let leaf), .cross):
            switch leaf {
            case .a1:
                actions.exitA1(&context, event)
                actions.exitLeft(&context, event)
                actions.enterRight(&context, event)
                actions.enterB1(&context, event)
                state = .right(.b1)
                return .transitioned(from: .a1, to: .b1)
            case .a2:
                actions.exitLeft(&context, event)
                actions.enterRight(&context, event)
                state = .right(.b2)
                return .transitioned(from: .a2, to: .b2)
            }
        case (.right(let leaf), .cross):
            switch leaf {
            case .b1:
                actions.exitB1(&context, event)
                actions.exitRight(&context, event)
                actions.enterLeft(&context, event)
                actions.enterA1(&context, event)
                state = .left(.a1)
                return .transitioned(from: .b1, to: .a1)
            case .b2:
                actions.exitRight(&context, event)
                actions.enterLeft(&context, event)
                state = .left(.a2)
                return .transitioned(from: .b2, to: .a2)
            }
        }
    }
}
