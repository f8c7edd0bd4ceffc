#if Durable
/// An outbox message that could not be delivered, kept with why and when (see
/// ``DurableMachines/deadLetters(limit:)``).
public struct DeadLetter: Sendable, Hashable {
    /// The message, as it was in the outbox.
    public var message: OutboxRecord
    /// The name of the ``DurableError/Code`` that refused it (`unknownMachine`, `corruptRow`,
    /// `unknownChart`, `versionMismatch`, `invalidEvent`, ...).
    public var code: String
    /// The error's description: what was wrong, naming the machine.
    public var reason: String
    /// When it was refused, in milliseconds on the durable clock.
    public var failedAt: Int64

    /// Creates a dead letter.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - code: The refusing error's code name.
    ///   - reason: The refusing error's description.
    ///   - failedAt: When, in milliseconds on the durable clock.
    public init(message: OutboxRecord, code: String, reason: String, failedAt: Int64) {
        self.message = message
        self.code = code
        self.reason = reason
        self.failedAt = failedAt
    }
}

extension DurableTransaction {
    /// Fetches `limit` more than asked and leaves out the excluded ids (see
    /// ``DurableTransaction/dueMachines(at:limit:excluding:)``).
    public func dueMachines(at instant: Int64, limit: Int, excluding excluded: Set<String>) async throws -> [String] {
        guard !excluded.isEmpty else { return try await dueMachines(at: instant, limit: limit) }
        let (widened, overflow) = limit.addingReportingOverflow(excluded.count)
        let due = try await dueMachines(at: instant, limit: overflow ? Int.max : widened)
        return Array(due.lazy.filter { !excluded.contains($0) }.prefix(limit))
    }

    /// Refuses: a store written before dead letters keeps none, so an undeliverable message
    /// fails its transaction and stays in the outbox rather than being dropped.
    public func deadLetter(_ message: OutboxRecord, code: String, reason: String, at instant: Int64) async throws {
        throw Self.noDeadLetters
    }

    /// Refuses (see ``deadLetter(_:code:reason:at:)``).
    public func deadLetters(limit: Int) async throws -> [DeadLetter] {
        throw Self.noDeadLetters
    }

    /// Refuses (see ``deadLetter(_:code:reason:at:)``).
    public func retryDeadLetter(_ id: String) async throws -> Bool {
        throw Self.noDeadLetters
    }

    private static var noDeadLetters: DurableError {
        DurableError(
            code: .database,
            message: "this store keeps no dead letters; implement DurableTransaction's dead-letter methods, or an "
                + "undeliverable message stays in the outbox"
        )
    }
}
#endif
