/// An action that runs when its state is entered, after the entering transition's action.
///
/// ```swift
/// Atomic(.unlocked) {
///     OnEntry { context in context.openings += 1 }
///     On(.push, to: .locked)
/// }
/// ```
///
/// A state may have several; they run in the order written.
public struct OnEntry<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let action: ChartClosures<Context, Event>.StateAction

    /// An entry action that reads the context and the event that caused the entry (`nil` for
    /// the initial state).
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.StateAction) {
        self.action = action
    }

    /// An entry action that updates the context.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable (_ context: inout Context) -> Void) {
        self.action = { context, _ in action(&context) }
    }

    /// An entry action that needs neither context nor event.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = { _, _ in action() }
    }
}

/// An action that runs when its state is exited, before the exiting transition's action.
///
/// A state may have several; they run in the order written.
public struct OnExit<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let action: ChartClosures<Context, Event>.StateAction

    /// An exit action that reads the context and the event that caused the exit.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.StateAction) {
        self.action = action
    }

    /// An exit action that updates the context.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable (_ context: inout Context) -> Void) {
        self.action = { context, _ in action(&context) }
    }

    /// An exit action that needs neither context nor event.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = { _, _ in action() }
    }
}
