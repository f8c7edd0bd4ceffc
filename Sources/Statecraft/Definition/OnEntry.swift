/// An action that runs when its state is entered, after the actions of the transition that
/// enters it.
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
    let action: ActionClosure<State, Event, Context>
    /// What a drawing calls the action; see ``labelled(_:)``.
    var label: String? = nil

    /// An entry action that reads the context and the event that caused the entry (`nil` when
    /// the machine starts, or when the trigger is not an event of yours).
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.StateAction) {
        self.action = .plain(action)
    }

    /// An entry action that may raise, send, schedule or cancel events.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.EffectAction) {
        self.action = .withEffects(action)
    }

    /// An entry action that updates the context.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable (_ context: inout Context) -> Void) {
        self.action = .contextOnly(action)
    }

    /// An entry action that needs neither context nor event.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = .noArguments(action)
    }
}

/// An action that runs when its state is exited, before the actions of the transition that
/// leaves it.
///
/// A state may have several; they run in the order written.
public struct OnExit<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let action: ActionClosure<State, Event, Context>
    /// What a drawing calls the action; see ``labelled(_:)``.
    var label: String? = nil

    /// An exit action that reads the context and the event that caused the exit.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.StateAction) {
        self.action = .plain(action)
    }

    /// An exit action that may raise, send, schedule or cancel events.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.EffectAction) {
        self.action = .withEffects(action)
    }

    /// An exit action that updates the context.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable (_ context: inout Context) -> Void) {
        self.action = .contextOnly(action)
    }

    /// An exit action that needs neither context nor event.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = .noArguments(action)
    }
}
