/// The hand-written baseline of `flat.toggle`: an enum `switch` and a `let` closure listener.
public struct HandToggle: Sendable {
    /// The current state.
    public private(set) var state: Light = .off
    /// Called after every transition, as Statecraft's `onTransition` is.
    public let listener: @Sendable (HandStep<Light, Flip>) -> Void

    /// Makes a machine in `.off`.
    ///
    /// - Parameter listener: Called after every transition.
    public init(listener: @escaping @Sendable (HandStep<Light, Flip>) -> Void) {
        self.listener = listener
    }

    /// Takes the transition for `event`.
    ///
    /// - Parameter event: The event.
    /// - Returns: The transition taken.
    public mutating func send(_ event: Flip) -> HandResult<Light> {
        let source = state
        let target: Light
        switch (state, event) {
        case (.off, .toggle): target = .on
        case (.on, .toggle): target = .off
        }
        state = target
        listener(HandStep(source: source, target: target, event: event))
        return .transitioned(from: source, to: target)
    }
}
