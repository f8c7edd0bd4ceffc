#if Postgres
import Foundation
import Statecraft
import StatecraftDurable
import StatecraftDurablePostgres
import Synchronization

/// The example's logical clock: it moves only when the run says so, to the time of the event
/// being sent, so every run of one seed fires the same timers at the same events.
final class LogicalClock: Sendable {
    private let milliseconds = Mutex<Int64>(0)

    var durable: DurableClock {
        DurableClock { [self] in milliseconds.withLock { $0 } }
    }

    /// Sets the time. A worker taking over another's share goes back to that share's first event;
    /// each machine's own clock still only moves forward, since one share's events are in order.
    func set(_ value: Int64) {
        milliseconds.withLock { $0 = value }
    }
}

/// The id of order machine `index`, padded so that ids sort as numbers do.
func orderID(_ index: Int) -> String {
    let digits = String(index)
    return "order-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// The time on the logical clock when event `index` of a run over `machines` machines is sent:
/// one second per machine's worth of events, so each order sees about one event a second.
func logicalTime(ofEvent index: Int, machines: Int) -> Int64 {
    Int64(index) * 1000 / Int64(max(1, machines))
}

/// Event `index`'s machine and event, drawn from the generator.
func drawEvent(_ generator: inout SplitMix64, machines: Int) -> (machine: Int, event: OrderEvent) {
    let value = generator.next()
    let machine = Int(value % UInt64(machines))
    let roll = (value >> 32) % 100
    let event: OrderEvent = switch roll {
    case 0 ..< 30: .pay(cents: 10 + Int((value >> 48) % 90))
    case 30 ..< 50: .ship
    case 50 ..< 65: .deliver
    case 65 ..< 75: .cancel
    default: .reorder
    }
    return (machine, event)
}

/// The chart the example stores its orders under.
func makeOrderDurableChart() throws -> TypedDurableChart<OrderState, OrderEvent, OrderBook> {
    TypedDurableChart(name: "order", version: 1, chart: try makeOrderChart(), context: OrderBook())
}

/// Opens the store `--store` names: a `postgres://` URL or a SQLite file.
func openStore(_ options: OrderOptions) async throws -> any DurableStore {
    if options.isPostgres { return try await PostgresDurableStore(url: options.store) }
    return try await SQLiteDurableStore(path: options.store)
}

/// Runs the example: creates the machines, sends the events (acknowledging each once it is
/// durable), fires the timers still pending, and returns the digest of every machine.
///
/// With `--workers W` (PostgreSQL), this process creates the machines, starts W worker processes
/// (`executable` run with `--worker K`) that send the events of their shares, waits for them,
/// and finishes what none of them finished before it fires the last timers and prints the digest.
///
/// - Parameters:
///   - options: The command line.
///   - executable: This program, for the worker processes.
///   - log: Receives what the run says about its workers (standard error).
///   - write: Receives each output line.
/// - Returns: The digest, as printed (empty in a worker process).
func runOrders(
    _ options: OrderOptions, executable: URL? = nil, log: @escaping @Sendable (String) -> Void = { _ in },
    write: @escaping @Sendable (String) -> Void
) async throws -> String {
    let chart = try makeOrderDurableChart()
    let clock = LogicalClock()
    let store = try await openStore(options)
    let machines = DurableMachines(store: store, charts: [chart], clock: clock.durable)
    let run = OrderRun(options: options, chart: chart, clock: clock, store: store, machines: machines, write: write)
    do {
        let digest = try await run.main(executable: executable, log: log)
        await machines.close()
        try await store.close()
        return digest
    } catch {
        await machines.close()
        try? await store.close()
        throw error
    }
}

/// One run of the example, in the coordinating process or in a worker.
struct OrderRun: Sendable {
    let options: OrderOptions
    let chart: TypedDurableChart<OrderState, OrderEvent, OrderBook>
    let clock: LogicalClock
    let store: any DurableStore
    let machines: DurableMachines
    let write: @Sendable (String) -> Void

    func main(executable: URL?, log: @escaping @Sendable (String) -> Void) async throws -> String {
        if let worker = options.worker {
            try await workShares(startingWith: worker)
            return ""
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0 ..< options.machines {
                group.addTask { [machines, chart] in try await machines.create(orderID(index), chart: chart.name) }
            }
            try await group.waitForAll()
        }
        if options.workers == 1 {
            try await sendAll()
        } else {
            guard let executable else {
                throw DurableError(code: .invalidArgument, message: "--workers needs the path of the orders program to start its workers")
            }
            try await runWorkers(executable, log: log)
            // Whatever no worker finished (every one of them died) is finished here.
            try await workShares(startingWith: 0)
        }
        // Every timer still pending falls due an hour after the last event.
        clock.set(logicalTime(ofEvent: options.events, machines: options.machines) + 3_600_000)
        try await machines.fireDueTimers()
        let digest = try await self.digest()
        write("done: \(options.events) events, \(options.machines) machines, digest \(digest)")
        return digest
    }

    /// One process sends every event in order, firing the timers that fall due between them.
    func sendAll() async throws {
        var generator = SplitMix64(seed: options.seed)
        for index in 0 ..< options.events {
            let (machine, event) = drawEvent(&generator, machines: options.machines)
            clock.set(logicalTime(ofEvent: index, machines: options.machines))
            try await machines.fireDueTimers()
            try await send(event, to: machine, index: index)
        }
    }

    func send(_ event: OrderEvent, to machine: Int, index: Int) async throws {
        let eventID = "\(options.seed)-\(index)"
        _ = try await machines.send(chart.encode(event), to: orderID(machine), id: eventID)
        write("ack \(eventID)")
    }

    /// Sends the events of one share (the machines whose number is `share` modulo the workers), in
    /// order. Each machine's events come from one process at a time and in order, so its history
    /// is the one a single process gives it; a send's own step fires the machine's timers due
    /// before the event.
    func sendShare(_ share: Int, parent: pid_t?) async throws {
        var generator = SplitMix64(seed: options.seed)
        for index in 0 ..< options.events {
            let (machine, event) = drawEvent(&generator, machines: options.machines)
            guard machine % options.workers == share else { continue }
            if let parent, getppid() != parent {
                throw DurableError(code: .closed, message: "the orders process that started this worker has ended")
            }
            clock.set(logicalTime(ofEvent: index, machines: options.machines))
            try await send(event, to: machine, index: index)
        }
    }

    /// Whether every event of a share is journalled: its last one is, since a share is sent in order.
    func isFinished(_ share: Int) async throws -> Bool {
        var generator = SplitMix64(seed: options.seed)
        var last: Int?
        for index in 0 ..< options.events where drawEvent(&generator, machines: options.machines).machine % options.workers == share {
            last = index
        }
        guard let last else { return true }
        return try await machines.isJournalled("\(options.seed)-\(last)")
    }

    /// Sends the shares no live process holds until every share is finished: first this process's
    /// own, then any whose process died (its claim ends with its connection), however far it got.
    func workShares(startingWith first: Int) async throws {
        guard let postgres = store as? PostgresDurableStore else {
            try await sendAll()
            return
        }
        let parent: pid_t? = options.worker == nil ? nil : getppid()
        var pending = (0 ..< options.workers).map { (first + $0) % options.workers }
        let deadline = ContinuousClock.now + .seconds(3_600)
        while !pending.isEmpty {
            for share in pending {
                if try await isFinished(share) {
                    pending.removeAll { $0 == share }
                    continue
                }
                let name = "orders \(options.seed) \(options.machines) \(options.events) \(options.workers) \(share)"
                guard let claim = try await postgres.claim(name) else { continue }
                do {
                    if try await !isFinished(share) { try await sendShare(share, parent: parent) }
                    await claim.release()
                } catch {
                    await claim.release()
                    throw error
                }
                pending.removeAll { $0 == share }
            }
            guard !pending.isEmpty else { break }
            guard ContinuousClock.now < deadline else {
                throw DurableError(code: .database, message: "shares \(pending) were not finished within an hour")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Starts the worker processes and waits for them; a worker that dies is reported, and its
    /// share is taken over by the others.
    func runWorkers(_ executable: URL, log: @escaping @Sendable (String) -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0 ..< options.workers {
                let process = Process()
                process.executableURL = executable
                process.arguments = options.arguments + ["--worker", "\(worker)"]
                let ended = AsyncStream<Process>.makeStream()
                process.terminationHandler = { ended.continuation.yield($0); ended.continuation.finish() }
                try process.run()
                log("orders: worker \(worker) is process \(process.processIdentifier)")
                group.addTask {
                    for await process in ended.stream {
                        if process.terminationReason == .uncaughtSignal {
                            log("orders: worker \(worker) was killed by signal \(process.terminationStatus); the others take its share over")
                        } else if process.terminationStatus != 0 {
                            log("orders: worker \(worker) failed with status \(process.terminationStatus); the others take its share over")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The hash of every machine's configuration and context, in id order.
    func digest() async throws -> String {
        var digest = FNV1a64()
        for index in 0 ..< options.machines {
            let machine = try await machines.machine(orderID(index), of: chart)
            let book = machine.context
            digest.add(
                "\(orderID(index)) \(machine.activeStates.map(\.rawValue).joined(separator: ",")) "
                    + "\(book.orders) \(book.paidCents) \(book.shipments) \(book.deliveries) \(book.cancellations) "
                    + "\(book.expiries) \(book.lateShipments)\n"
            )
        }
        return digest.hex
    }
}
#endif
