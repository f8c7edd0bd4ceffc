/// The closure types a definition is written with: one shape for every guard and every action.
///
/// Every action is `(inout Context, Input) -> Void` and every guard `(Context, Input) throws ->
/// Bool`, whatever it is written in (``On``, ``Always``, ``After``, ``OnDone``, ``OnEntry``,
/// ``OnExit``, ``Initial``, ``History``). What `Input` is depends on what triggered it:
///
/// | written in | `Input` |
/// |---|---|
/// | `On(.kind)` | the event, `Event` |
/// | `On(\.case)` (an event with ``PayloadCases``) | the case's payload, typed |
/// | `OnDone()` | the final state's done data, `Event?` |
/// | `OnDone(\.case)` | the done data's payload, typed |
/// | `Always`, `After`, `OnEntry`, `OnExit`, `Initial`, `History` | the event being processed, `Event?` (`nil` at start, for a timer, or when the trigger is not an event of yours) |
///
/// An action that raises, sends or cancels events takes a third parameter, the ``Effects``:
/// `(inout Context, Input, inout Effects<Event>) -> Void`, in every place an action is written.
///
/// Every closure a ``Statechart`` holds is `@Sendable`, so one built chart can be shared by
/// machines on any thread.
public enum ChartClosures<Context, Event: MachineEvent> {
    /// A guard: whether the transition may be taken. A guard that throws rejects the event (see
    /// ``RejectionCode/guardFailed``) or, for a trigger that is not an event of yours, reports
    /// the error in ``Machine/lastFault`` and treats the transition as not enabled.
    public typealias Guard<Input> = @Sendable (_ context: Context, _ input: Input) throws -> Bool
    /// An action: a transition's (after the exit actions of the states it leaves and before the
    /// entry actions of the states it enters), or a state's entry or exit action.
    public typealias Action<Input> = @Sendable (_ context: inout Context, _ input: Input) -> Void
    /// An action that may also raise, send, schedule or cancel events through ``Effects``.
    public typealias EffectAction<Input> =
        @Sendable (_ context: inout Context, _ input: Input, _ effects: inout Effects<Event>) -> Void
}
