/// Choices about how a chart delivers the events the engine makes itself.
///
/// The defaults suit typed charts: a state's completion reaches ``OnDone`` transitions, and a
/// guard that throws is reported in ``Machine/lastFault`` or, for your own event, as a
/// rejection. Charts whose events have names (``NamedEvent``, SCXML documents) can instead
/// receive both as ordinary events, matched by ``EventDescriptor`` like any other:
///
/// ```swift
/// let options = StatechartOptions<String, NamedEvent<Int>>(
///     doneEvent: { state, data in NamedEvent("done.state.\(state)", payload: data?.payload) },
///     guardErrorEvent: { _ in NamedEvent("error.execution") }
/// )
/// ```
public struct StatechartOptions<State: Hashable & Sendable, Event: MachineEvent>: Sendable {
    /// Makes the event that says `state` is done (SCXML's `done.state.<id>`), from the done data
    /// of the final state that completed it (`nil` for a parallel state, or a final state
    /// without done data). When set, the event goes to the internal queue and is matched like any
    /// other event; ``OnDone`` transitions are then never taken.
    public var doneEvent: (@Sendable (_ state: State, _ data: Event?) -> Event)?
    /// Makes the event raised when a guard throws (SCXML's `error.execution`). When set, the
    /// guard counts as `false`, the event goes to the internal queue at once, and selection goes
    /// on, for your events as for the engine's own.
    public var guardErrorEvent: (@Sendable (_ error: any Error) -> Event)?
    /// Whether ``Effects/isActive(_:)`` answers with the configuration as the microstep changes
    /// it, as SCXML's `In()` does in executable content (Appendix D): a state leaves the
    /// configuration after its own exit actions, and joins it before its entry actions, so a
    /// transition's actions see the states it exits gone and those it enters not yet there.
    /// When `false` (the default), every action of a microstep sees the configuration its
    /// transitions were selected in. A chart with it set runs every step on the engine's
    /// general path, without the leaf, region and plan fast paths.
    public var actionsSeeStateChanges: Bool
    /// Whether ``Effects/lastEvent`` answers with the event the machine took most recently and
    /// the queue it came from, as SCXML's `_event` stays bound from one event to the next,
    /// through the eventless transitions and entries that follow it (W3C SCXML 1.0, 5.10).
    /// When `false` (the default), ``Effects/lastEvent`` is `nil`. A chart with it set runs
    /// every step on the engine's general path, without the leaf, region and plan fast paths.
    public var actionsSeeLastEvent: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - doneEvent: Makes a state's done event; `nil` delivers it to ``OnDone``.
    ///   - guardErrorEvent: Makes the event raised when a guard throws; `nil` reports it as a
    ///     fault or rejection instead.
    ///   - actionsSeeStateChanges: Whether actions see the configuration as the microstep
    ///     changes it; see ``actionsSeeStateChanges``.
    ///   - actionsSeeLastEvent: Whether actions can read the event taken most recently; see
    ///     ``actionsSeeLastEvent``.
    public init(
        doneEvent: (@Sendable (_ state: State, _ data: Event?) -> Event)? = nil,
        guardErrorEvent: (@Sendable (_ error: any Error) -> Event)? = nil,
        actionsSeeStateChanges: Bool = false,
        actionsSeeLastEvent: Bool = false
    ) {
        self.doneEvent = doneEvent
        self.guardErrorEvent = guardErrorEvent
        self.actionsSeeStateChanges = actionsSeeStateChanges
        self.actionsSeeLastEvent = actionsSeeLastEvent
    }
}
