/// An action that runs when its state is entered, after the actions of the transition that
/// enters it.
///
/// ```swift
/// Atomic(.unlocked) {
///     OnEntry { context, _ in context.openings += 1 }
///     On(.push, to: .locked)
/// }
/// ```
///
/// A state may have several; they run in the order written.
public struct OnEntry<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let action: ActionClosure<State, Event, Context>
    /// What a drawing calls the action; see ``labelled(_:)``.
    var label: String? = nil

    /// An entry action on the context and the event that caused the entry (`nil` when
    /// the machine starts, or when the trigger is not an event of yours).
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.Action<Event?>) {
        self.action = .plain(action)
    }

    /// An entry action that may also raise, send, schedule or cancel events.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>) {
        self.action = .withEffects(action)
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

    /// An exit action on the context and the event that caused the exit (`nil` when
    /// the machine starts, or when the trigger is not an event of yours).
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.Action<Event?>) {
        self.action = .plain(action)
    }

    /// An exit action that may also raise, send, schedule or cancel events.
    ///
    /// - Parameter action: The action.
    public init(_ action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>) {
        self.action = .withEffects(action)
    }
}
