/// The hand-written baseline of `runtime.send`: an actor owning the `flat.toggle` baseline's
/// `switch` machine, sent one event per awaited call.
public actor HandActorToggle {
    private var machine: HandToggle

    /// Makes the actor with a machine in `.off`.
    ///
    /// - Parameter listener: Called after every transition.
    public init(listener: @escaping @Sendable (HandStep<Light, Flip>) -> Void) {
        machine = HandToggle(listener: listener)
    }

    /// Takes the transition for `event`.
    ///
    /// - Parameter event: The event.
    /// - Returns: The transition taken.
    public func send(_ event: Flip) -> HandResult<Light> {
        machine.send(event)
    }
}
