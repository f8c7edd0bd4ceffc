/// The closure types a definition is written with.
///
/// Every closure a ``Statechart`` holds is `@Sendable`, so one built chart can be shared by
/// machines on any thread. Closures receive the machine's context (its extended state) and,
/// where there is one, the event being processed.
public enum ChartClosures<Context, Event> {
    /// A guard: whether a transition may be taken. A guard that throws rejects the event; see
    /// ``RejectionCode/guardFailed``.
    public typealias Guard = @Sendable (_ context: Context, _ event: Event) throws -> Bool
    /// A transition's action: runs after the source state's exit actions and before the target
    /// state's entry actions.
    public typealias Action = @Sendable (_ context: inout Context, _ event: Event) -> Void
    /// An entry or exit action. The event is `nil` when the machine enters its initial state.
    public typealias StateAction = @Sendable (_ context: inout Context, _ event: Event?) -> Void
}
