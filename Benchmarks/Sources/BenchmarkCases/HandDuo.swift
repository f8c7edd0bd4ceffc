/// The hand-written baseline of `parallel.twoRegions`: one enum per region, a `switch` for
/// each, and the same entry and exit closures as the chart, in the same (SCXML) order.
public struct HandDuo: Sendable {
    enum RegionA { case a0, a1 }
    enum RegionB { case b0, b1 }

    var regionA = RegionA.a0
    var regionB = RegionB.b0
    /// What the actions left, as the machine's context.
    public private(set) var context = 0
    let actions: DuoActions

    /// Makes a machine in `a0` and `b0`, running their entry actions in document order as the
    /// chart's machine does when it starts.
    ///
    /// - Parameter actions: The entry and exit actions.
    public init(actions: DuoActions) {
        self.actions = actions
        actions.enterA0(&context, nil)
        actions.enterB0(&context, nil)
    }

    /// Takes both regions' transitions for `event`.
    ///
    /// - Parameter event: The event.
    /// - Returns: Region A's transition, as Statecraft reports the first one taken.
    public mutating func send(_ event: Beat) -> HandResult<Duo> {
        switch event {
        case .flip:
            // Exits in reverse document order: region B's leaf, then region A's.
            switch regionB {
            case .b0: actions.exitB0(&context, event)
            case .b1: actions.exitB1(&context, event)
            }
            let sourceA: Duo
            switch regionA {
            case .a0: actions.exitA0(&context, event); sourceA = .a0
            case .a1: actions.exitA1(&context, event); sourceA = .a1
            }
            // Entries in document order: region A's new leaf, then region B's.
            let targetA: Duo
            switch regionA {
            case .a0: regionA = .a1; actions.enterA1(&context, event); targetA = .a1
            case .a1: regionA = .a0; actions.enterA0(&context, event); targetA = .a0
            }
            switch regionB {
            case .b0: regionB = .b1; actions.enterB1(&context, event)
            case .b1: regionB = .b0; actions.enterB0(&context, event)
            }
            return .transitioned(from: sourceA, to: targetA)
        }
    }
}
