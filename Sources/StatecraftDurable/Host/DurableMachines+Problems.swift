#if Durable
import Foundation
import Logging

/// Machines whose rows do not restore, and messages that could not be delivered.
extension DurableMachines {
    /// The machines this process found, at their last load, with rows it cannot restore: one
    /// ``DurableError`` each, naming the machine (`machineID`) and what is wrong (code
    /// `corruptRow`, `unknownChart` or `versionMismatch`), in machine id order.
    ///
    /// Each is logged once (at error level) and counted once
    /// (`statecraft_durable_machines_unloadable`) when first met; the other machines go on, and a
    /// send to one of these fails with its error. A machine leaves the list when its row next
    /// restores (repaired, migrated, or its chart registered in a new process).
    ///
    /// - Returns: The errors, one per machine.
    public func unloadableMachines() -> [DurableError] {
        problems.withLock { $0.values.sorted { ($0.machineID ?? "") < ($1.machineID ?? "") } }
    }

    /// Notes that a machine's row did not restore: logs and counts it when it is new or its
    /// error changed.
    func recordProblem(_ error: DurableError) {
        guard let id = error.machineID else { return }
        let isNew = problems.withLock { problems -> Bool in
            defer { problems[id] = error }
            return problems[id]?.description != error.description
        }
        if isNew {
            metrics.unloadable.increment()
            logger.error("a durable machine's row cannot be restored", metadata: ["machine": "\(id)", "error": "\(error)"])
        } else {
            logger.debug("a durable machine's row still cannot be restored", metadata: ["machine": "\(id)", "code": "\(error.code)"])
        }
    }

    /// Forgets a machine's problem once its row restored.
    func clearProblem(of id: String) {
        // Most loads find nothing to clear; the lock is uncontended.
        problems.withLock { problems in
            if !problems.isEmpty { problems[id] = nil }
        }
    }

    /// Whether a machine's row is known not to restore.
    func problem(of id: String) -> Bool {
        problems.withLock { $0[id] != nil }
    }

    /// The outbox messages that could not be delivered, oldest first: each with its target,
    /// payload, why (the ``DurableError``'s code and description) and when.
    ///
    /// A message goes there, in the transaction that tried it, when its target machine does not
    /// exist, its row does not restore (corrupt, chart not registered, chart of another version
    /// without a migration), or the payload is not an event of its chart. It stays until
    /// ``retryDeadLetter(_:)`` puts it back in the outbox.
    ///
    /// - Parameter limit: The most returned.
    /// - Returns: The dead letters.
    /// - Throws: ``DurableError`` `database` or `closed`.
    public func deadLetters(limit: Int = 100) async throws -> [DeadLetter] {
        guard case .deadLetters(let letters) = try await submit(.deadLetters(limit: max(0, limit))) else {
            preconditionFailure("a dead-letter request was answered with another kind of reply")
        }
        return letters
    }

    /// Puts a dead letter back in the outbox, under its own id, for the next
    /// ``deliverMessages()`` (or worker round): fix the cause first (create the machine, repair its
    /// row, register its chart or a migration). Delivered, it is applied once; undeliverable still,
    /// it is a dead letter again, with the new reason.
    ///
    /// - Parameter id: The message's id (``DeadLetter/message``'s `id`).
    /// - Returns: `false` when no dead letter has the id.
    /// - Throws: ``DurableError`` `database` or `closed`.
    @discardableResult
    public func retryDeadLetter(_ id: String) async throws -> Bool {
        guard case .retried(let found) = try await submit(.retryDeadLetter(id: id)) else {
            preconditionFailure("a retry request was answered with another kind of reply")
        }
        if found { logger.info("a dead letter goes back to the outbox", metadata: ["message": "\(id)"]) }
        return found
    }
}
#endif
