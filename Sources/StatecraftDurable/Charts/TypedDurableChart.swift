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
    public func makeMachine() throws(DurableError) -> DurableTypedMachine<State, Event, Context> {
        DurableTypedMachine(chart: self, machine: chart.makeMachine(context: context))
    }

    /// The machine a stored JSON snapshot describes.
    ///
    /// - Throws: ``DurableError`` `corruptRow` when the JSON does not decode or does not fit the chart.
    public func restoreMachine(from snapshot: Data) throws(DurableError) -> DurableTypedMachine<State, Event, Context> {
        DurableTypedMachine(chart: self, machine: try machine(from: snapshot))
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
package struct DurableCause: Error, Sendable, CustomStringConvertible {
    package let description: String

    package init(_ error: any Error) {
        description = "\(error)"
    }

    package init(text: String) {
        description = text
    }

    /// A decoding error as it is (it is `Sendable`), any other as its description.
    package static func keeping(_ error: any Error) -> any Error & Sendable {
        if let error = error as? DecodingError { return error }
        return DurableCause(error)
    }
}

/// A typed machine of a ``TypedDurableChart``, as the durable store drives it: a `Machine`
/// whose snapshots and events are JSON and whose messages are those the chart's outbox takes
/// out of the context.
///
/// Every member of `RunnableMachine` is the wrapped machine's. After a `send(_:)`, and after
/// an `advance(to:)` that fired a timer, ``takeMessages()`` runs the outbox on the context;
/// when it takes any, the machine is rebuilt from its snapshot with the emptied context.
public struct DurableTypedMachine<State: Hashable & Sendable & Codable, Event: MachineEvent & Codable, Context: Sendable & Codable>: StorableMachine {
    /// The chart it belongs to.
    public let chart: TypedDurableChart<State, Event, Context>
    /// The machine.
    public private(set) var machine: Machine<State, Event, Context>
    /// Whether a step since the last ``takeMessages()`` may have left messages in the context.
    private var stepped = false
    /// Kept for the machine's life: making a coder per step costs more than the coding.
    private let decoder = JSONDecoder()
    private let encoder = JSONEncoder()

    init(chart: TypedDurableChart<State, Event, Context>, machine: Machine<State, Event, Context>) {
        self.chart = chart
        self.machine = machine
    }

    /// The machine a stored JSON snapshot describes: ``TypedDurableChart/machine(from:)``.
    ///
    /// - Parameters:
    ///   - encodedState: The snapshot's JSON.
    ///   - chart: The chart.
    /// - Throws: ``DurableError`` `corruptRow`.
    public init(encodedState: [UInt8], of chart: TypedDurableChart<State, Event, Context>) throws {
        self.init(chart: chart, machine: try chart.machine(from: Data(encodedState)))
    }

    /// Processes one event: the machine's `send(_:)`.
    public mutating func send(_ event: Event) -> SendResult<State, Event.Kind> {
        stepped = true
        return machine.send(event)
    }

    /// The time on the machine's clock.
    public var now: Duration { machine.now }

    /// When the machine's earliest timer is due.
    public var nextDeadline: Duration? { machine.nextDeadline }

    /// Moves the machine's clock: its `advance(to:)`.
    public mutating func advance(to instant: Duration) -> Int {
        let fired = machine.advance(to: instant)
        if fired > 0 { stepped = true }
        return fired
    }

    /// The machine's snapshot.
    public var snapshot: Statecraft.Snapshot<State, Event, Context> { machine.snapshot }

    /// Whether the machine still takes events.
    public var status: MachineStatus { machine.status }

    /// The active states.
    public var activeStates: [State] { machine.activeStates }

    /// The machine's transition listener.
    public var onTransition: (@Sendable (TakenTransition<State, Event>) -> Void)? {
        get { machine.onTransition }
        set { machine.onTransition = newValue }
    }

    /// Whether the machine records its state changes.
    public var recordsStateChanges: Bool {
        get { machine.recordsStateChanges }
        set { machine.recordsStateChanges = newValue }
    }

    /// The machine's state changes since the last call.
    public mutating func takeStateChanges() -> [StateChange<State>] { machine.takeStateChanges() }

    /// The machine's fault of the step just taken.
    public mutating func takeFaults() -> [EngineFault] { machine.takeFaults() }

    /// Whether the step just taken reported a fault.
    public var mayHaveFaults: Bool { machine.mayHaveFaults }

    /// The machine's snapshot as JSON.
    ///
    /// - Throws: ``DurableError`` `unsavable`.
    public func encodedState() throws -> [UInt8] {
        do {
            return Array(try encoder.encode(machine.snapshot))
        } catch {
            throw DurableError(code: .unsavable, message: "the snapshot of chart '\(chart.name)' does not encode: \(error)", cause: error)
        }
    }

    /// The event some JSON encodes.
    ///
    /// - Throws: ``DurableError`` `invalidEvent`.
    public func decodeEvent(_ bytes: [UInt8]) throws -> Event {
        do {
            return try decoder.decode(Event.self, from: Data(bytes))
        } catch {
            throw DurableError(
                code: .invalidEvent, message: "the payload is not an event of chart '\(chart.name)': \(error)", cause: error
            )
        }
    }

    /// Takes the outgoing events out of the context, rebuilding the machine when there were any.
    ///
    /// - Throws: ``DurableError`` `invalidEvent` when an event does not encode, `unsavable` when
    ///   the machine does not rebuild.
    public mutating func takeMessages() throws -> [MachineMessage] {
        guard stepped else { return [] }
        stepped = false
        guard let outbox = chart.outbox else { return [] }
        var context = machine.context
        let taken = outbox(&context)
        guard !taken.isEmpty else { return [] }
        var snapshot = machine.snapshot
        snapshot.context = context
        guard let rebuilt = try? Machine(chart: chart.chart, snapshot: snapshot, onTransition: machine.onTransition) else {
            // Not expected (the snapshot is the machine's own); an error for this step, not a crash.
            throw DurableError(code: .unsavable, message: "a snapshot of a running machine of chart '\(chart.name)' did not restore")
        }
        machine = rebuilt
        var messages: [MachineMessage] = []
        for message in taken {
            messages.append(MachineMessage(target: message.target, event: Array(try chart.encode(message.event))))
        }
        return messages
    }
}
#endif
