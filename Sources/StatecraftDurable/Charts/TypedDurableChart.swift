#if Durable
public import Foundation
public import Statecraft

/// A typed `Statechart` whose machines are durable: snapshots and events are stored as JSON.
///
/// ```swift
/// let orders = TypedDurableChart(name: "order", version: 1, chart: try makeOrderChart(), context: Order())
/// let machines = try await DurableMachines(store: store, charts: [orders])
/// try await machines.create("order-1", chart: "order")
/// let result = try await machines.send(OrderEvent.pay(amount: 30), to: "order-1", id: "evt-1", chart: orders)
/// ```
///
/// Actions send events to other durable machines by putting them in the context: give
/// `outbox` a function that takes them out (it receives the context after each step and
/// returns the messages). Those messages are written in the same transaction as the step.
/// When it takes any, the machine is rebuilt from its snapshot with the emptied context, so
/// keep the outgoing list in the context short.
public struct TypedDurableChart<State: Hashable & Sendable & Codable, Event: MachineEvent & Codable, Context: Sendable & Codable>: DurableChart {
    /// Takes the messages the actions left in the context, emptying their place in it.
    public typealias Outbox = @Sendable (inout Context) -> [(target: String, event: Event)]
    /// Turns the JSON of a snapshot of an older version into the JSON of one of this version.
    public typealias Migration = @Sendable (_ snapshot: Data, _ version: Int) throws -> Data

    /// The name rows are stored under.
    public let name: String
    /// The chart's version.
    public let version: Int
    /// The chart.
    public let chart: Statechart<State, Event, Context>
    let context: Context
    let outbox: Outbox?
    let migration: Migration?

    /// Makes a durable chart.
    ///
    /// - Parameters:
    ///   - name: The name rows are stored under.
    ///   - version: The chart's version; raise it when old snapshots no longer fit.
    ///   - chart: The chart.
    ///   - context: The context of a new machine.
    ///   - outbox: Takes the events actions addressed to other machines out of the context.
    ///   - migration: Rewrites a snapshot of an older version; without one, such a row is an error.
    public init(
        name: String, version: Int, chart: Statechart<State, Event, Context>, context: Context,
        outbox: Outbox? = nil, migration: Migration? = nil
    ) {
        self.name = name
        self.version = version
        self.chart = chart
        self.context = context
        self.outbox = outbox
        self.migration = migration
    }

    /// A new machine in its initial configuration.
    public func makeInstance() throws(DurableError) -> any DurableInstance {
        TypedInstance(owner: self, machine: chart.makeMachine(context: context))
    }

    /// The machine a stored JSON snapshot describes.
    ///
    /// - Throws: ``DurableError`` `corruptRow` when the JSON does not decode or does not fit the chart.
    public func restoreInstance(from snapshot: Data) throws(DurableError) -> any DurableInstance {
        TypedInstance(owner: self, machine: try machine(from: snapshot))
    }

    /// Decodes a stored snapshot into a machine of the chart.
    ///
    /// - Parameter snapshot: The stored JSON.
    /// - Returns: The machine.
    /// - Throws: ``DurableError`` `corruptRow`.
    public func machine(from snapshot: Data) throws(DurableError) -> Machine<State, Event, Context> {
        let decoded: Snapshot<State, Event, Context>
        do {
            decoded = try JSONDecoder().decode(Snapshot<State, Event, Context>.self, from: snapshot)
        } catch {
            throw DurableError(code: .corruptRow, message: "the stored snapshot of chart '\(name)' does not decode: \(error)", cause: error)
        }
        do {
            return try Machine(chart: chart, snapshot: decoded)
        } catch {
            throw DurableError(code: .corruptRow, message: "the stored snapshot does not fit chart '\(name)': \(error.message)", cause: error)
        }
    }

    /// Runs the migration, or refuses when there is none.
    public func migrate(_ snapshot: Data, from stored: Int) throws(DurableError) -> Data {
        try run(migration, on: snapshot, from: stored, what: "snapshot", remedy: "give TypedDurableChart a migration from version \(stored), or run the old chart")
    }

    /// Encodes an event as the chart's machines decode it.
    ///
    /// - Parameter event: The event.
    /// - Returns: Its JSON.
    /// - Throws: ``DurableError`` `invalidEvent`.
    public func encode(_ event: Event) throws(DurableError) -> Data {
        do {
            return try JSONEncoder().encode(event)
        } catch {
            throw DurableError(code: .invalidEvent, message: "the event \(event) does not encode: \(error)", cause: error)
        }
    }
}

/// An error of any type, kept as its description so that it is `Sendable`.
struct DurableCause: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = "\(error)"
    }
}

/// A typed machine held between steps.
final class TypedInstance<State: Hashable & Sendable & Codable, Event: MachineEvent & Codable, Context: Sendable & Codable>: DurableInstance {
    let owner: TypedDurableChart<State, Event, Context>
    var machine: Machine<State, Event, Context>
    /// Kept for the instance's life: making a coder per step costs more than the coding.
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()

    init(owner: TypedDurableChart<State, Event, Context>, machine: Machine<State, Event, Context>) {
        self.owner = owner
        self.machine = machine
    }

    var now: Duration { machine.now }
    var nextDeadline: Duration? { machine.nextDeadline }

    func apply(_ event: Data) throws(DurableError) -> DurableStep {
        let decoded: Event
        do {
            decoded = try decoder.decode(Event.self, from: event)
        } catch {
            throw DurableError(
                code: .invalidEvent, message: "the payload is not an event of chart '\(owner.name)': \(error)", cause: error
            )
        }
        let result = machine.send(decoded)
        return DurableStep(outcome: "\(result)", messages: try takeMessages())
    }

    func advance(to instant: Duration) throws(DurableError) -> DurableStep {
        let fired = machine.advance(to: instant)
        return DurableStep(outcome: "\(fired) timers fired", timersFired: fired, messages: fired > 0 ? try takeMessages() : [])
    }

    func encodedSnapshot() throws(DurableError) -> Data {
        do {
            return try encoder.encode(machine.snapshot)
        } catch {
            throw DurableError(code: .unsavable, message: "the snapshot of chart '\(owner.name)' does not encode: \(error)", cause: error)
        }
    }

    /// Takes the outgoing events out of the context, rebuilding the machine when there were any.
    private func takeMessages() throws(DurableError) -> [DurableMessage] {
        guard let outbox = owner.outbox else { return [] }
        var context = machine.context
        let taken = outbox(&context)
        guard !taken.isEmpty else { return [] }
        var snapshot = machine.snapshot
        snapshot.context = context
        guard let rebuilt = try? Machine(chart: owner.chart, snapshot: snapshot, onTransition: machine.onTransition) else {
            // Not expected (the snapshot is the machine's own); an error for this step, not a crash.
            throw DurableError(code: .unsavable, message: "a snapshot of a running machine of chart '\(owner.name)' did not restore")
        }
        machine = rebuilt
        var messages: [DurableMessage] = []
        for message in taken {
            messages.append(DurableMessage(target: message.target, event: try owner.encode(message.event)))
        }
        return messages
    }
}
#endif
