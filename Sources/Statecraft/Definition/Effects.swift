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
        case scheduleOutbound(Event, target: String, delay: Duration, id: String?)
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

    /// The event the machine took most recently, from either queue, and which queue that was:
    /// SCXML's `_event`, which stays bound after its transitions, through the eventless
    /// transitions, raised events' microsteps and entries that follow, until the next event is
    /// taken (W3C SCXML 1.0, 5.10). `nil` before the machine has taken any event, and always
    /// unless the chart is made with ``StatechartOptions/actionsSeeLastEvent``.
    ///
    /// ```swift
    /// OnEntry { log, _, effects in
    ///     if effects.lastEvent?.source == .internal { log.lines.append("entered on a raised event") }
    /// }
    /// ```
    ///
    /// What the machine takes counts: an event you send, one an action sends or schedules
    /// (external), one an action raises, a done or guard-error event the options make (internal).
    /// A delayed transition's timer (``After``) is not an event and leaves the answer as it was.
    public var lastEvent: TakenEvent<Event>? {
        owner?.lastTaken() as? TakenEvent<Event>
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

    /// Schedules `event` to leave the machine for `target` once `delay` has passed on its clock:
    /// the machine does not take it; the chart's outbound handler receives it then, as an
    /// ``OutboundEvent``, and delivers it (SCXML's `<send delay>` to another target).
    ///
    /// ```swift
    /// OnEntry { _, _, effects in
    ///     effects.send(.reminder, to: "app:notifications", after: .seconds(60), id: "remind")
    /// }
    /// ```
    ///
    /// A machine whose chart has no outbound handler reports ``EngineFault`` `noOutboundHandler`
    /// when such an event falls due, and drops it.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - target: Where it goes; the handler reads it.
    ///   - delay: How long to wait; zero or less hands it over at the next ``Machine/advance(by:)``.
    ///   - id: A name for ``cancel(_:)``, which removes it as it removes a delayed send.
    public mutating func send(_ event: Event, to target: String, after delay: Duration, id: String? = nil) {
        items.append(.scheduleOutbound(event, target: target, delay: delay, id: id))
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
    /// The event taken most recently as a `TakenEvent` of the machine's event type, when the
    /// chart records it (`StatechartOptions.actionsSeeLastEvent`); `nil` otherwise.
    func lastTaken() -> Any?
}

/// An event a machine took, and the queue it took it from: what ``Effects/lastEvent`` answers.
public struct TakenEvent<Event: MachineEvent>: Sendable {
    /// The queue an event came from (W3C SCXML 1.0, 5.10.1: `_event.type` is `internal` or
    /// `external` by the queue; the platform's events are internal ones).
    public enum Source: String, Hashable, Sendable, Codable {
        /// Raised by an action, or made by the engine (a done event, a guard's error event).
        case `internal`
        /// Sent: by you, by an action, or by a timer an action scheduled.
        case external
    }

    /// The event.
    public var event: Event
    /// The queue it came from.
    public var source: Source

    /// Creates a taken event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - source: The queue it came from.
    public init(event: Event, source: Source) {
        self.event = event
        self.source = source
    }
}

extension TakenEvent: Equatable where Event: Equatable {}
extension TakenEvent: Encodable where Event: Encodable {}
extension TakenEvent: Decodable where Event: Decodable {}
