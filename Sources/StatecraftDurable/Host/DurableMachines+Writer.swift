#if Durable
import Foundation
import Logging

/// The writer: one task that takes queued requests in batches and commits each batch in one
/// transaction.
extension DurableMachines {
    /// The most machines kept in memory; past it the cache is emptied and refilled from the store.
    static var cacheLimit: Int { 100_000 }

    func writeLoop() async {
        var cache: [String: HeldMachine] = [:]
        while let batch = await nextBatch() {
            if cache.count > Self.cacheLimit { cache.removeAll() }
            await process(batch, cache: &cache)
        }
    }

    /// How many times a batch's transaction is run before its requests fail: a conflict with
    /// another process (a revision changed, a deadlock the database broke) is retried after a
    /// short pause, other failures twice.
    static var conflictAttempts: Int { 8 }

    /// Runs a batch in one transaction and answers every request; retries a transaction that
    /// failed as a whole (see ``conflictAttempts``).
    func process(_ batch: [Request], cache: inout [String: HeldMachine]) async {
        var lastError: any Error = DurableError(code: .database, message: "the transaction was not run")
        var failures = 0
        for attempt in 0 ..< Self.conflictAttempts {
            var replies = [Result<Reply, any Error>?](repeating: nil, count: batch.count)
            var touched: Set<String> = []
            do {
                try await store.transaction { transaction in
                    try await lock(batch, all: attempt > 0, in: transaction, cache: &cache)
                    for (index, request) in batch.enumerated() {
                        do {
                            replies[index] = .success(try await perform(request.work, in: transaction, cache: &cache, touched: &touched))
                        } catch let error as DurableError where error.isRequestLocal {
                            replies[index] = .failure(error)
                        }
                    }
                }
            } catch {
                for id in touched { cache[id] = nil }
                lastError = error
                let conflict = (error as? DurableError)?.code == .conflict
                if !conflict { failures += 1 }
                if attempt + 1 < Self.conflictAttempts, failures < 3 {
                    metrics.retried.increment()
                    logger.warning("durable transaction failed; retrying", metadata: ["error": "\(error)", "attempt": "\(attempt + 1)"])
                    if conflict && attempt > 0 {
                        // The first retry locks the machines and waits its turn; should that conflict
                        // too (a deadlock the database broke), back off a little, a random amount,
                        // so that two retrying processes do not meet again at once.
                        try? await Task.sleep(for: .microseconds(Int.random(in: 500 ... 2_000) << min(attempt, 6)))
                    }
                    continue
                }
                break
            }
            for (request, reply) in zip(batch, replies) {
                switch reply {
                case .success(let value)?: request.reply.resume(returning: value)
                case .failure(let error)?: request.reply.resume(throwing: error)
                case nil: request.reply.resume(throwing: DurableError(code: .database, message: "the request was not run"))
                }
            }
            return
        }
        logger.error("durable transaction failed", metadata: ["error": "\(lastError)"])
        for request in batch { request.reply.resume(throwing: lastError) }
    }

    /// Locks the rows of machines the batch names (in id order, so that two processes' batches
    /// never wait for each other in a circle) and forgets the machines in memory that another
    /// process changed since.
    ///
    /// A batch's first attempt is optimistic: it locks only the machines it reads, and trusts the
    /// machines in memory for its steps, since each step's write names the revision it read and
    /// holds the row until the commit, so one process at a time commits a machine's step. A stale
    /// machine makes the write a conflict, and the retry (`all`) locks every machine first, so
    /// under contention a process waits its turn rather than retrying again.
    func lock(_ batch: [Request], all: Bool, in transaction: any DurableTransaction, cache: inout [String: HeldMachine]) async throws {
        var ids: Set<String> = []
        for request in batch {
            switch request.work {
            case .read(let id): ids.insert(id)
            case .create(let id, _), .send(let id, _, _): if all { ids.insert(id) }
            case .fireTimers, .deliver, .journalled, .deadLetters, .retryDeadLetter: break
            }
        }
        guard !ids.isEmpty else { return }
        let sorted = ids.sorted()
        guard let revisions = try await transaction.lock(sorted, skippingLocked: false) else { return }
        forgetChanged(sorted, revisions: revisions, cache: &cache)
    }

    /// Drops from memory the machines whose stored revision is not the one held.
    func forgetChanged(_ ids: [String], revisions: [String: Int64], cache: inout [String: HeldMachine]) {
        for id in ids where cache[id] != nil && cache[id]?.row.revision != revisions[id] {
            cache[id] = nil
        }
    }

    /// Runs one request inside the batch's transaction.
    func perform(
        _ work: Work, in transaction: any DurableTransaction, cache: inout [String: HeldMachine], touched: inout Set<String>
    ) async throws -> Reply {
        switch work {
        case .create(let id, let chartName):
            return .created(try await create(id, chart: chartName, in: transaction, cache: &cache, touched: &touched))
        case .send(let id, let eventID, let payload):
            let result = try await apply(payload, kind: .event, eventID: eventID, to: id, in: transaction, cache: &cache, touched: &touched)
            return .sent(result)
        case .fireTimers(let skipping):
            return try await fireTimers(skipping: skipping, in: transaction, cache: &cache, touched: &touched)
        case .deliver:
            return try await deliver(in: transaction, cache: &cache, touched: &touched)
        case .deadLetters(let limit):
            return .deadLetters(try await transaction.deadLetters(limit: limit))
        case .retryDeadLetter(let id):
            return .retried(try await transaction.retryDeadLetter(id))
        case .journalled(let eventID):
            return .journalled(try await transaction.isRecorded(eventID))
        case .read(let id):
            if let held = cache[id] { return .row(held.row) }
            guard let row = try await transaction.machine(id) else {
                throw DurableError(code: .unknownMachine, message: "no machine has this id", machineID: id)
            }
            return .row(row)
        }
    }

    func create(
        _ id: String, chart chartName: String, in transaction: any DurableTransaction,
        cache: inout [String: HeldMachine], touched: inout Set<String>
    ) async throws -> Bool {
        guard !id.isEmpty else { throw DurableError(code: .invalidArgument, message: "a machine id must not be empty") }
        guard let chart = charts[chartName] else {
            throw DurableError(code: .unknownChart, message: "no chart named '\(chartName)' is registered", machineID: id)
        }
        let existing = if let held = cache[id] { held.row } else { try await transaction.machine(id) }
        if let existing {
            guard existing.chart == chartName else {
                throw DurableError(code: .machineExists, message: "a machine of chart '\(existing.chart)' has this id", machineID: id)
            }
            return false
        }
        let instance = try chart.makeHeld()
        let origin = clock.milliseconds()
        let row = StoredMachine(
            id: id, chart: chartName, version: chart.version, snapshot: try instance.encodedSnapshot(), origin: origin,
            nextDue: instance.nextDeadline.map { origin.saturatingAdd($0.wholeMillisecondsRoundedUp) }, revision: 1
        )
        touched.insert(id)
        guard try await transaction.insert(row) else { return false }
        cache[id] = HeldMachine(instance: instance, row: row)
        logger.debug("durable machine created", metadata: ["machine": "\(id)", "chart": "\(chartName)"])
        return true
    }

    /// The machine with an id, from memory or restored from its row.
    ///
    /// A row that cannot be restored is reported for its machine (see ``recordProblem(_:)``)
    /// and thrown as an error naming it; a row restored again clears its report.
    func load(_ id: String, in transaction: any DurableTransaction, cache: inout [String: HeldMachine]) async throws -> HeldMachine {
        if let held = cache[id] { return held }
        guard let row = try await transaction.machine(id) else {
            throw DurableError(code: .unknownMachine, message: "no machine has this id; create it first", machineID: id)
        }
        let held: HeldMachine
        do {
            held = try HeldMachine.restore(row, charts: charts)
        } catch {
            recordProblem(error)
            throw error
        }
        clearProblem(of: id)
        cache[id] = held
        return held
    }

    /// Fires a machine's timers due by `now` in memory, gathering the journal entries and messages.
    func fireTimers(of held: HeldMachine, now: Int64, into writes: inout PendingWrites) throws(DurableError) {
        try held.fireTimers(now: now, into: &writes)
    }

    /// The machine's new row: its snapshot, version, next deadline and revision after a step.
    /// Encodes before anything is written, so that a snapshot that cannot be saved writes nothing.
    func nextRow(of held: HeldMachine) throws(DurableError) -> StoredMachine {
        guard let chart = charts[held.row.chart] else {
            throw DurableError(code: .unknownChart, message: "chart '\(held.row.chart)' is not registered", machineID: held.row.id)
        }
        return try held.nextRow(version: chart.version)
    }

    /// Writes a machine's new row and what its step gathered.
    func write(_ row: StoredMachine, of held: HeldMachine, writes: PendingWrites, in transaction: any DurableTransaction) async throws {
        for entry in writes.entries { _ = try await transaction.record(entry) }
        for message in writes.messages { try await transaction.enqueue(message) }
        try await transaction.update(row, expecting: held.row.revision)
        held.row = row
        if writes.timersFired > 0 { metrics.timersFired.increment(by: writes.timersFired) }
    }
}
#endif
