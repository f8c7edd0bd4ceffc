/// The hand-written baseline of `flat.ring`: a `switch` over state and event, and a `let`
/// closure listener.
public struct HandRing: Sendable {
    /// The current state.
    public private(set) var state: Ring = .s0
    /// Called after every transition, as Statecraft's `onTransition` is.
    public let listener: @Sendable (HandStep<Ring, RingInput>) -> Void

    /// Makes a machine in `s0`.
    ///
    /// - Parameter listener: Called after every transition.
    public init(listener: @escaping @Sendable (HandStep<Ring, RingInput>) -> Void) {
        self.listener = listener
    }

    /// Takes the transition for `event`.
    ///
    /// - Parameter event: The event.
    /// - Returns: The transition taken.
    public mutating func send(_ event: RingInput) -> HandResult<Ring> {
        let source = state
        let target: Ring
        switch event {
        case .reset:
            target = .s0
        case .next:
            switch state {
            case .s0: target = .s1
            case .s1: target = .s2
            case .s2: target = .s3
            case .s3: target = .s4
            case .s4: target = .s5
            case .s5: target = .s6
            case .s6: target = .s7
            case .s7: target = .s8
            case .s8: target = .s9
            case .s9: target = .s0
            }
        }
        state = target
        listener(HandStep(source: source, target: target, event: event))
        return .transitioned(from: source, to: target)
    }
}
