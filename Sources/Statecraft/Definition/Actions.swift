/// The closure types a definition is written with.
///
/// Every closure a ``Statechart`` holds is `@Sendable`, so one built chart can be shared by
/// machines on any thread. Closures receive the machine's context (its extended state) and,
/// where there is one, the event being processed.
public enum ChartClosures<Context, Event: MachineEvent> {
    /// A guard of an ``On`` transition: whether it may be taken for this event. A guard that
    /// throws rejects the event; see ``RejectionCode/guardFailed``.
    public typealias Guard = @Sendable (_ context: Context, _ event: Event) throws -> Bool
    /// A guard of a transition that may have no event of yours (``Always``, ``OnDone``,
    /// ``After``): the event is the one being processed, if it is yours, or the done data.
    public typealias Condition = @Sendable (_ context: Context, _ event: Event?) throws -> Bool
    /// A transition's action: runs after the exit actions of the states the transition leaves
    /// and before the entry actions of the states it enters.
    public typealias Action = @Sendable (_ context: inout Context, _ event: Event) -> Void
    /// An entry or exit action, or the action of a transition that may have no event of yours.
    /// The event is `nil` when the machine starts, or when the trigger is not an event of yours.
    public typealias StateAction = @Sendable (_ context: inout Context, _ event: Event?) -> Void
    /// An action that may raise, send, schedule or cancel events through ``Effects``.
    public typealias EffectAction = @Sendable (_ context: inout Context, _ event: Event?, _ effects: inout Effects<Event>) -> Void
}
