/// Events an action asks the machine to process: raised now, sent after the current event, or
/// scheduled after a delay; and delayed events to cancel.
///
/// An action that needs it takes a third parameter:
///
/// ```swift
/// On(.save) { document, _, effects in
///     document.dirty = false
///     effects.raise(.saved)                                   // before the next event
///     effects.send(.autosave, after: .seconds(30), id: "autosave")
/// }
/// ```
///
/// Raised events go to the internal queue and are processed in the same macrostep, before any
/// event sent from outside. Events sent without delay go to the back of the external queue.
/// Delayed events wait on the machine's clock (see ``Machine/advance(by:)``); an `id` lets a
/// later ``cancel(_:)`` remove them.
public struct Effects<Event: MachineEvent>: Sendable {
    /// One request, in the order the action made it.
    @usableFromInline
    enum Item: Sendable {
        case raise(Event)
        case send(Event)
        case schedule(Event, delay: Duration, id: String?)
        case cancel(String)
    }

    @usableFromInline var items: [Item] = []
    /// The machine running the action, to answer ``isActive(_:)``: a link the engine's
    /// workspace holds and clears when it goes. Not a weak reference to the workspace itself:
    /// an object that is referenced weakly keeps its counts in a side table, and every retain
    /// and release of it takes the runtime's slow path, on every event.
    @usableFromInline var owner: (any ActiveStateQuery)?

    @usableFromInline
    init() {}

    /// Whether `state` was active when the transitions now being taken were selected (XState's
    /// `stateIn`, and what a ``When`` guard sees): every action of one microstep, exit,
    /// transition and entry alike, gets the same answer, the configuration before the
    /// microstep. The entry actions of the initial configuration see no state active; the exit
    /// actions run when the machine finishes see the final configuration. A chart made with
    /// ``StatechartOptions/actionsSeeStateChanges`` answers instead, in a microstep, with the
    /// configuration as the microstep changes it, as SCXML's `In()` does: a state is gone after its own exit
    /// actions, and there before its entry actions.
    ///
    /// ```swift
    /// On(.tick) { player, _, effects in
    ///     if effects.isActive(S.muted) { player.skippedSounds += 1 }
    /// }
    /// ```
    ///
    /// Ask it inside the action: an `Effects` value kept past the action's return answers for
    /// whatever the machine does later, and `false` once the machine is gone.
    ///
    /// - Parameter state: A state of the chart; any other value, or a state of another type,
    ///   answers `false`.
    /// - Returns: Whether the state is in the configuration.
    public func isActive<State: Hashable & Sendable>(_ state: State) -> Bool {
        owner?.wasSelected(AnyHashable(state)) ?? false
    }

    /// Puts `event` on the internal queue: it is processed in the current macrostep, after the
    /// current microstep and before any external event.
    ///
    /// - Parameter event: The event.
    public mutating func raise(_ event: Event) {
        items.append(.raise(event))
    }

    /// Puts `event` at the back of the external queue: it is processed after the current event
    /// and every event already waiting.
    ///
    /// - Parameter event: The event.
    public mutating func send(_ event: Event) {
        items.append(.send(event))
    }

    /// Schedules `event` to be sent to this machine once `delay` has passed on its clock.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - delay: How long to wait; zero or less sends it at the next ``Machine/advance(by:)``.
    ///   - id: A name for ``cancel(_:)``. Scheduling again under a name that is still waiting
    ///     adds a second timer; cancelling removes both.
    public mutating func send(_ event: Event, after delay: Duration, id: String? = nil) {
        items.append(.schedule(event, delay: delay, id: id))
    }

    /// Cancels every delayed event scheduled under `id` that has not been delivered yet. An id
    /// with nothing waiting is ignored.
    ///
    /// - Parameter id: The name given when scheduling.
    public mutating func cancel(_ id: String) {
        items.append(.cancel(id))
    }
}

/// What ``Effects/isActive(_:)`` asks of the machine running the action. The engine's workspace
/// answers it; the definition layer knows no more of the engine than this.
@usableFromInline
protocol ActiveStateQuery: AnyObject, Sendable {
    /// Whether `state` was in the configuration the current microstep was selected in; `false`
    /// for a value that is not a state of the chart.
    func wasSelected(_ state: AnyHashable) -> Bool
}
