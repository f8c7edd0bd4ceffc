import Foundation
import Statecraft
import StatecraftDurable
import Synchronization

/// The example's logical clock: it moves only when the run says so, by the index of the
/// event being sent, so every run of one seed fires the same timers at the same events.
final class LogicalClock: Sendable {
    private let milliseconds = Mutex<Int64>(0)

    var durable: DurableClock {
        DurableClock { [self] in milliseconds.withLock { $0 } }
    }

    func set(_ value: Int64) {
        milliseconds.withLock { $0 = max($0, value) }
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

/// Runs the example: creates the machines, sends the events (acknowledging each once it is
/// durable), fires the timers still pending, and returns the digest of every machine.
///
/// - Parameters:
///   - options: The command line.
///   - write: Receives each output line.
/// - Returns: The digest, as printed.
func runOrders(_ options: OrderOptions, write: @Sendable (String) -> Void) async throws -> String {
    if options.store.hasPrefix("postgres://") || options.store.hasPrefix("postgresql://") {
        throw DurableError(
            code: .invalidArgument, message: "this build has no PostgreSQL store yet; give --store a SQLite file path"
        )
    }
    guard options.workers == 1 else {
        throw DurableError(code: .invalidArgument, message: "--workers above 1 needs a PostgreSQL store; a SQLite file has one writer")
    }
    let chart = try makeOrderDurableChart()
    let clock = LogicalClock()
    let store = try await SQLiteDurableStore(path: options.store)
    let machines = DurableMachines(store: store, charts: [chart], clock: clock.durable)
    do {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0 ..< options.machines {
                group.addTask { try await machines.create(orderID(index), chart: chart.name) }
            }
            try await group.waitForAll()
        }
        var generator = SplitMix64(seed: options.seed)
        for index in 0 ..< options.events {
            let (machine, event) = drawEvent(&generator, machines: options.machines)
            clock.set(logicalTime(ofEvent: index, machines: options.machines))
            try await machines.fireDueTimers()
            let eventID = "\(options.seed)-\(index)"
            _ = try await machines.send(chart.encode(event), to: orderID(machine), id: eventID)
            write("ack \(eventID)")
        }
        // Every timer still pending falls due an hour after the last event.
        clock.set(logicalTime(ofEvent: options.events, machines: options.machines) + 3_600_000)
        try await machines.fireDueTimers()
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
        write("done: \(options.events) events, \(options.machines) machines, digest \(digest.hex)")
        await machines.close()
        try await store.close()
        return digest.hex
    } catch {
        await machines.close()
        try? await store.close()
        throw error
    }
}
