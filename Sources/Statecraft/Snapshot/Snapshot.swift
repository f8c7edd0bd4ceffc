/// A machine's state as a value: its active states, what its history states remember, its
/// context, its status, its clock and its pending timers.
///
/// Take one with ``Machine/snapshot`` and make a machine from it again with
/// ``Machine/init(chart:snapshot:onTransition:)``. A snapshot is `Codable` when the states,
/// events and context are, so a machine can be saved and resumed later, elsewhere:
///
/// ```swift
/// let saved = try JSONEncoder().encode(player.snapshot)
/// // ...
/// let snapshot = try JSONDecoder().decode(Snapshot<Player, Remote, Settings>.self, from: saved)
/// var resumed = try Machine(chart: playerChart, snapshot: snapshot)
/// ```
///
/// A machine is always between macrosteps when observed, so a snapshot holds no queued event.
public struct Snapshot<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// Every active state, in document order.
    public var activeStates: [State]
    /// For each history state whose parent was exited at least once, the states it remembers,
    /// in document order.
    public var history: [State: [State]]
    /// The machine's extended state.
    public var context: Context
    /// Whether the machine still takes events.
    public var status: MachineStatus
    /// The time on the machine's clock, in `0 ...` ``MachineClock/limit``.
    public var now: Duration
    /// The timers waiting, in the order they will fire.
    public var timers: [SnapshotTimer<State, Event>]
    /// The event the machine took most recently, for a chart made with
    /// ``StatechartOptions/actionsSeeLastEvent`` (``Effects/lastEvent``); `nil` for any other
    /// chart, and ignored by one when restored.
    public var lastEvent: TakenEvent<Event>?

    /// Creates a snapshot. A machine made from it checks it against its chart.
    ///
    /// - Parameters:
    ///   - activeStates: Every active state.
    ///   - history: What each history state remembers.
    ///   - context: The extended state.
    ///   - status: Whether the machine still takes events.
    ///   - now: The time on the machine's clock.
    ///   - timers: The timers waiting, in firing order.
    ///   - lastEvent: The event taken most recently, for ``Effects/lastEvent``.
    public init(
        activeStates: [State],
        history: [State: [State]] = [:],
        context: Context,
        status: MachineStatus = .running,
        now: Duration = .zero,
        timers: [SnapshotTimer<State, Event>] = [],
        lastEvent: TakenEvent<Event>? = nil
    ) {
        self.lastEvent = lastEvent
        self.activeStates = activeStates
        self.history = history
        self.context = context
        self.status = status
        self.now = now
        self.timers = timers
    }
}

/// A timer waiting in a ``Snapshot``.
public struct SnapshotTimer<State: Hashable & Sendable, Event: MachineEvent> {
    /// What fires.
    public enum Kind {
        /// An event scheduled with ``Effects/send(_:after:id:)``.
        case event(Event, id: String?)
        /// The delayed transition number `index` (counting ``After`` transitions in the order
        /// written) of the state `source`.
        case delayedTransition(source: State, index: Int)
        /// An event scheduled with ``Effects/send(_:to:after:id:)`` to leave the machine for
        /// `target`, which the chart's outbound handler delivers.
        case outbound(Event, target: String, id: String?)
    }

    /// When it fires, on the machine's clock, in `0 ...` ``MachineClock/limit``.
    public var due: Duration
    /// What fires.
    public var kind: Kind

    /// Creates a timer.
    ///
    /// - Parameters:
    ///   - due: When it fires.
    ///   - kind: What fires.
    public init(due: Duration, kind: Kind) {
        self.due = due
        self.kind = kind
    }
}

extension Snapshot: CustomStringConvertible {
    /// One line: the active states, the context, then what else there is (the clock when it
    /// moved, pending timers, remembered history, `done`):
    /// `in unlocked; context Till(cents: 25, passages: 0); 1 timer pending, next at 2.0 seconds`.
    public var description: String {
        var parts = ["in " + activeStates.map { "\($0)" }.joined(separator: ", "), "context \(context)"]
        if now != .zero { parts.append("clock at \(now)") }
        if let next = timers.first {
            parts.append("\(timers.count) timer\(timers.count == 1 ? "" : "s") pending, next at \(next.due)")
        }
        let remembered = history.map { key, states in
            "\(key) remembers " + states.map { "\($0)" }.joined(separator: ", ")
        }.sorted()
        parts += remembered
        if let lastEvent { parts.append("last event \(lastEvent.event) (\(lastEvent.source.rawValue))") }
        if status == .done { parts.append("done") }
        return parts.joined(separator: "; ")
    }
}

extension SnapshotTimer: CustomStringConvertible {
    /// `push at 2.0 seconds` or `after #0 of locked at 2.0 seconds`.
    public var description: String {
        "\(kind) at \(due)"
    }
}

extension SnapshotTimer.Kind: CustomStringConvertible {
    /// `push`, `push (id p1)`, `after #0 of locked` or `ping to app:log (id p2)`.
    public var description: String {
        switch self {
        case .event(let event, let id): "\(event)\(id.map { " (id \($0))" } ?? "")"
        case .delayedTransition(let source, let index): "after #\(index) of \(source)"
        case .outbound(let event, let target, let id): "\(event) to \(target)\(id.map { " (id \($0))" } ?? "")"
        }
    }
}

extension Snapshot: Sendable where Context: Sendable {}
extension Snapshot: Equatable where Context: Equatable, Event: Equatable {}
extension Snapshot: Encodable where State: Encodable, Event: Encodable, Context: Encodable {}
extension Snapshot: Decodable where State: Decodable, Event: Decodable, Context: Decodable {}
extension SnapshotTimer: Sendable {}
extension SnapshotTimer: Equatable where Event: Equatable {}
extension SnapshotTimer: Encodable where State: Encodable, Event: Encodable {}
extension SnapshotTimer: Decodable where State: Decodable, Event: Decodable {}
extension SnapshotTimer.Kind: Sendable {}
extension SnapshotTimer.Kind: Equatable where Event: Equatable {}
extension SnapshotTimer.Kind: Encodable where State: Encodable, Event: Encodable {}
extension SnapshotTimer.Kind: Decodable where State: Decodable, Event: Decodable {}

/// Why a snapshot cannot become a machine of a chart: it names states the chart lacks, or its
/// configuration, history or timers are not ones the chart could be in.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong. New codes may be added.
    public typealias Code = ErrorCode<SnapshotError>

    /// What is wrong.
    public let code: Code
    /// What is wrong, naming the states involved.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What is wrong.
    ///   - message: What is wrong, naming the states involved.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message.escapingControlCharacters()
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode where Domain == SnapshotError {
    /// The snapshot names a state the chart does not declare.
    public static var unknownState: Self { Self(name: "unknownState") }
    /// The active states are not a legal configuration of the chart.
    public static var invalidConfiguration: Self { Self(name: "invalidConfiguration") }
    /// A history entry names a state that is not a history state, or remembers states its
    /// kind cannot record.
    public static var invalidHistory: Self { Self(name: "invalidHistory") }
    /// A timer refers to a delayed transition the chart does not have, or to a state that
    /// is not active.
    public static var invalidTimer: Self { Self(name: "invalidTimer") }
    /// A number is outside its range: the clock or a timer's due time is negative or past
    /// ``MachineClock/limit``.
    public static var outOfRange: Self { Self(name: "outOfRange") }
}
