#if Durable
import Metrics

/// The counters ``DurableMachines`` reports through swift-metrics.
struct DurableMetrics: Sendable {
    /// Events (from outside and from other machines) applied.
    let applied = Counter(label: "statecraft_durable_events_applied")
    /// Events whose id had been applied before, acknowledged without applying them.
    let duplicates = Counter(label: "statecraft_durable_events_duplicate")
    /// Transactions run again after a conflict or a database error.
    let retried = Counter(label: "statecraft_durable_transactions_retried")
    /// Timers fired (delayed transitions and delayed events timed out).
    let timersFired = Counter(label: "statecraft_durable_timers_fired")
    /// Outbox messages delivered.
    let delivered = Counter(label: "statecraft_durable_messages_delivered")
    /// Outbox messages that could not be delivered, moved to the dead letters.
    let deadLettered = Counter(label: "statecraft_durable_messages_dead_lettered")
    /// Machines whose stored row was found not to restore (corrupt, of a chart not registered or
    /// of another version without a migration), each counted once until it restores again.
    let unloadable = Counter(label: "statecraft_durable_machines_unloadable")
}
#endif
