#if Durable
/// What sending a durable machine an event did.
public enum DurableSendResult: Sendable, Hashable {
    /// The event was applied and is stored with the machine's new snapshot; `outcome` says
    /// what the step did (a transition, or why none was taken).
    case applied(outcome: String)
    /// An event with the same id had been applied before; this one was not applied again.
    case duplicate
}
#endif
