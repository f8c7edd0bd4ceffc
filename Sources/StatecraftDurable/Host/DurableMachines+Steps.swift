#if Durable
import Foundation
import Logging

/// Sending, firing timers and delivering messages, inside the writer's transaction.
extension DurableMachines {
    /// Applies one event to one machine, unless the journal holds its id.
    func apply(
        _ payload: Data, kind: JournalEntry.Kind, eventID: String, to id: String, in transaction: any DurableTransaction,
        cache: inout [String: HeldMachine], touched: inout Set<String>
    ) async throws -> DurableSendResult {
        let held = try await load(id, in: transaction, cache: &cache)
        touched.insert(id)
        let now = clock.milliseconds()
        var writes = PendingWrites()
        let step: DurableStep
        let row: StoredMachine
        do {
            try fireTimers(of: held, now: now, into: &writes)
            step = try held.instance.apply(payload)
            writes.add(step, cause: eventID, from: id)
            row = try nextRow(of: held)
        } catch {
            // The instance may have changed; the store has not: take it from the store next time.
            cache[id] = nil
            throw error.naming(id)
        }
        let entry = JournalEntry(eventID: eventID, machineID: id, kind: kind, payload: payload, appliedAt: now)
        let applied: Bool
        if writes.entries.isEmpty && writes.messages.isEmpty {
            // The common step: the event and the row in one go (one statement on PostgreSQL).
            applied = try await transaction.commitStep(entry, machine: row, expecting: held.row.revision)
            if applied { held.row = row }
        } else {
            applied = try await transaction.record(entry)
            if applied { try await write(row, of: held, writes: writes, in: transaction) }
        }
        guard applied else {
            cache[id] = nil
            metrics.duplicates.increment()
            logger.debug("duplicate event acknowledged", metadata: ["machine": "\(id)", "event": "\(eventID)"])
            return .duplicate
        }
        metrics.applied.increment()
        logger.trace("event applied", metadata: ["machine": "\(id)", "event": "\(eventID)", "outcome": "\(step.outcome)"])
        return .applied(outcome: step.outcome)
    }

    /// Fires the timers of one batch of machines that are due, leaving out `skipping` (machines
    /// that failed earlier in the same ``DurableMachines/fireDueTimers()``), so that machines whose
    /// rows do not restore cannot fill every batch and starve the others.
    func fireTimers(
        skipping: Set<String>, in transaction: any DurableTransaction, cache: inout [String: HeldMachine], touched: inout Set<String>
    ) async throws -> Reply {
        let now = clock.milliseconds()
        var due = try await transaction.dueMachines(at: now, limit: maxBatch, excluding: skipping)
        let fetched = due.count
        if let revisions = try await transaction.lock(due.sorted(), skippingLocked: true) {
            forgetChanged(due, revisions: revisions, cache: &cache)
            due.removeAll { revisions[$0] == nil }
        }
        var fired = 0
        var moved = 0
        var failed: [String] = []
        for id in due {
            do {
                let held = try await load(id, in: transaction, cache: &cache)
                touched.insert(id)
                var writes = PendingWrites()
                let row: StoredMachine
                do {
                    try fireTimers(of: held, now: now, into: &writes)
                    row = try nextRow(of: held)
                } catch {
                    cache[id] = nil
                    throw error
                }
                try await write(row, of: held, writes: writes, in: transaction)
                fired += writes.timersFired
                moved += 1
            } catch let error as DurableError where error.isRequestLocal {
                // Reported for its machine by `load` when its row does not restore; its timers wait.
                failed.append(id)
                if !problem(of: id) {
                    logger.error("a due machine's timers cannot fire; they wait", metadata: ["machine": "\(id)", "error": "\(error)"])
                }
            }
        }
        return .fired(fired, more: fetched == maxBatch && (moved > 0 || !failed.isEmpty), failed: failed)
    }

    /// Delivers one batch of outbox messages, each applied once under its own id.
    func deliver(
        in transaction: any DurableTransaction, cache: inout [String: HeldMachine], touched: inout Set<String>
    ) async throws -> Reply {
        let messages = try await transaction.pendingMessages(limit: maxBatch)
        var delivered = 0
        var handled = 0
        let targets = Set(messages.map(\.target)).sorted()
        // With other processes: their machines' rows are locked here, skipping those another
        // transaction holds; a message to such a machine waits for a later round.
        var busy: Set<String> = []
        if let revisions = try await transaction.lock(targets, skippingLocked: true) {
            forgetChanged(targets, revisions: revisions, cache: &cache)
            for target in targets where revisions[target] == nil {
                if try await transaction.machine(target) != nil { busy.insert(target) }
            }
        }
        for message in messages {
            if busy.contains(message.target) { continue }
            do {
                _ = try await apply(
                    message.payload, kind: .message, eventID: message.id, to: message.target, in: transaction,
                    cache: &cache, touched: &touched
                )
                delivered += 1
                metrics.delivered.increment()
                try await transaction.markDelivered(message.id)
            } catch let error as DurableError where error.isRequestLocal {
                // Undeliverable (no such machine, a row that does not restore, a chart not registered or of
                // another version, not its event): moved to the dead letters with why, in this transaction,
                // so that it neither blocks the outbox nor is lost; `retryDeadLetter` puts it back.
                try await transaction.deadLetter(message, code: error.code.name, reason: error.description, at: clock.milliseconds())
                metrics.deadLettered.increment()
                logger.error(
                    "an outbox message cannot be delivered; kept as a dead letter",
                    metadata: ["message": "\(message.id)", "target": "\(message.target)", "error": "\(error)"]
                )
            }
            handled += 1
        }
        // More only when this round took messages off: one whose machine is busy waits.
        return .delivered(delivered, more: messages.count == maxBatch && handled > 0)
    }
}
#endif
