public import Statecraft

/// A chart as a test model: paths through it, and a runner that replays each path on a fresh
/// machine and calls your checks for the states it reaches, as `xstate/graph`'s
/// `createTestModel` does.
///
/// ```swift
/// let model = TestModel(
///     chart: try makeTurnstile(), context: Till(),
///     events: [.coin(cents: 10), .coin(cents: 25), .push, .kick]
/// )
/// for path in model.shortestPaths().paths {
///     try model.test(path, checks: [
///         .locked: { machine in #expect(!machine.canSend(.push)) },
///         .broken: { machine in #expect(machine.status == .done) },
///     ])
/// }
/// ```
///
/// The search is breadth first from a new machine. A `Machine` is a value, so each step is
/// tried on a copy. The steps tried in each configuration are the ``events`` (your sample: one
/// value per payload a guard should see, since a guard may read the event and the context) and,
/// when a timer waits, letting time pass until it is due. Two machines count as the same node
/// of the search when their active states, their done status and the delay of their next timer
/// are the same, and, for a `Hashable` context, their context too; pass `identity:` to say
/// otherwise. The search stops at ``maxDepth`` steps and ``maxConfigurations`` nodes, and the
/// result says so.
public struct TestModel<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// The chart the paths go through.
    public let chart: Statechart<State, Event, Context>
    /// The events tried in every configuration, in order.
    public var events: [Event]
    /// The longest path tried.
    public var maxDepth = 20
    /// The most nodes (configurations, as `identity` tells them apart) the search keeps.
    public var maxConfigurations = 10_000
    /// In what order pending timers fire in the searches (``verify(_:maxTime:)``,
    /// ``shortestPaths()``, ``transitionPaths()``): when due (`.deadline`, a `wait` step), or
    /// any of them next whatever its delay (`.any`, a `fire` step each).
    public var timerOrder = TimerOrder.deadline

    @usableFromInline let makeContext: () -> Context
    @usableFromInline let identity: (Machine<State, Event, Context>) -> AnyHashable

    /// Creates a model whose search tells machines apart by their active states, done status
    /// and next timer.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: Makes the context of each new machine.
    ///   - events: The events to try in every configuration.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: @escaping () -> Context, events: [Event]) {
        self.init(chart: chart, context: context, events: events) { ConfigurationKey($0) }
    }

    /// Creates a model whose search tells machines apart by what `identity` returns.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: Makes the context of each new machine.
    ///   - events: The events to try in every configuration.
    ///   - identity: What makes two machines the same node of the search; for example their
    ///     active states and one field of the context.
    @inlinable
    public init<Key: Hashable>(
        chart: Statechart<State, Event, Context>,
        context: @escaping () -> Context,
        events: [Event],
        identity: @escaping (Machine<State, Event, Context>) -> Key
    ) {
        self.chart = chart
        self.events = events
        makeContext = context
        self.identity = { AnyHashable(identity($0)) }
    }

    /// A new machine, as each replayed path starts with.
    ///
    /// - Returns: A machine in the chart's initial configuration with a new context.
    public func makeMachine() -> Machine<State, Event, Context> {
        chart.makeMachine(context: makeContext())
    }

    /// The active atomic states of `machine`, in document order.
    @inlinable
    func configuration(of machine: Machine<State, Event, Context>) -> [State] {
        machine.activeStates.filter(chart.isAtomicState)
    }
}

extension TestModel where Context: Sendable {
    /// Creates a model whose machines all start with a copy of `context`.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: The context of each new machine.
    ///   - events: The events to try in every configuration.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: Context, events: [Event]) {
        self.init(chart: chart, context: { context }, events: events)
    }
}

extension TestModel where Context: Hashable {
    /// Creates a model whose search tells machines apart by their context too.
    ///
    /// A context that keeps growing (a counter) makes every step a new node: bound the search
    /// with ``maxConfigurations``, or pass `identity:`.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: Makes the context of each new machine.
    ///   - events: The events to try in every configuration.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: @escaping () -> Context, events: [Event]) {
        self.init(chart: chart, context: context, events: events) { machine in
            ContextKey(configuration: ConfigurationKey(machine), context: machine.context)
        }
    }
}

extension TestModel where Context: Hashable & Sendable {
    /// Creates a model whose machines all start with a copy of `context`, told apart by their
    /// context too.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - context: The context of each new machine.
    ///   - events: The events to try in every configuration.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: Context, events: [Event]) {
        self.init(chart: chart, context: { context }, events: events)
    }
}

extension TestModel where Context == Void {
    /// Creates a model of a chart without context.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - events: The events to try in every configuration.
    @inlinable
    public init(chart: Statechart<State, Event, Void>, events: [Event]) {
        self.init(chart: chart, context: {}, events: events)
    }
}

/// Active states, done status and the delay to the next timer.
@usableFromInline
struct ConfigurationKey<State: Hashable & Sendable>: Hashable {
    @usableFromInline var states: [State]
    @usableFromInline var done: Bool
    @usableFromInline var nextTimer: Duration?

    @inlinable
    init<Event, Context>(_ machine: Machine<State, Event, Context>) {
        states = machine.activeStates
        done = machine.status == .done
        nextTimer = machine.nextDeadline.map { $0 - machine.now }
    }
}

@usableFromInline
struct ContextKey<State: Hashable & Sendable, Context: Hashable>: Hashable {
    @usableFromInline var configuration: ConfigurationKey<State>
    @usableFromInline var context: Context

    @inlinable
    init(configuration: ConfigurationKey<State>, context: Context) {
        self.configuration = configuration
        self.context = context
    }
}
