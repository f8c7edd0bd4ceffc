/// A validated, immutable machine definition: its states, transitions and actions, compiled
/// once into the tables the engine runs on.
///
/// Build a chart once and make as many ``Machine`` instances from it as you need: a machine
/// holds only a reference to the chart, its current state and its context.
///
/// ```swift
/// enum Gate: Hashable { case locked, unlocked }
/// enum Input: MachineEvent { case coin, push }
///
/// let turnstile = try Statechart<Gate, Input, Int> {
///     Atomic(.locked) {
///         On(.coin, to: .unlocked) { coins, _ in coins += 1 }
///     }
///     Atomic(.unlocked) {
///         On(.push, to: .locked)
///     }
/// }
/// var gate = turnstile.makeMachine(context: 0)
/// gate.send(.coin)          // .transitioned(from: .locked, to: .unlocked)
/// ```
///
/// The machine starts in the first state written, or in the one named by `initial`. Events are
/// matched by their ``MachineEvent/kind``; the states and event kinds are numbered in the order
/// written and the engine looks transitions up in a dense state-by-event table.
///
/// A chart is `Sendable`: every closure it holds is `@Sendable` and nothing in it changes after
/// it is built, so one chart may serve machines on any number of threads.
public final class Statechart<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    /// The states, in the order written.
    public let states: [State]
    /// The state a new machine starts in.
    public let initialState: State
    /// Oddities found while building the chart: unreachable states, transitions never taken.
    public let warnings: [DefinitionWarning]

    @usableFromInline let initialIndex: Int
    @usableFromInline let stateIndex: [State: Int]
    @usableFromInline let stateTable: ContiguousArray<State>
    @usableFromInline let stateInfo: ContiguousArray<StateInfo>
    @usableFromInline let entryActions: ContiguousArray<ChartClosures<Context, Event>.StateAction?>
    @usableFromInline let exitActions: ContiguousArray<ChartClosures<Context, Event>.StateAction?>
    @usableFromInline let kinds: KindIndex<Event.Kind>
    @usableFromInline let table: TransitionTable
    @usableFromInline let transitionInfo: ContiguousArray<TransitionInfo>
    @usableFromInline let guards: ContiguousArray<ChartClosures<Context, Event>.Guard?>
    @usableFromInline let actions: ContiguousArray<ChartClosures<Context, Event>.Action?>
    let transitionLocations: [SourceLocation]

    /// Builds and validates a chart.
    ///
    /// - Parameters:
    ///   - initial: The state a machine starts in; the first state written when `nil`.
    ///   - content: The chart's states, written with ``Atomic`` and ``Final``.
    /// - Throws: ``DefinitionError`` naming the first mistake found and where it was written:
    ///   no states, two states with one identity, a transition to an undeclared state, an
    ///   unknown initial state, or a transition out of a final state.
    /// - Complexity: O(*s* × *k* + *t*) for *s* states, *k* event kinds and *t* transitions.
    public convenience init(
        initial: State? = nil,
        @ChartBuilder<State, Event, Context> _ content: () -> [ChartElement<State, Event, Context>]
    ) throws(DefinitionError) {
        let compiled = try ChartCompilation(content().map(\.declaration), initial: initial)
        self.init(compiled)
    }

    init(_ compiled: ChartCompilation<State, Event, Context>) {
        states = Array(compiled.states)
        initialState = compiled.states[compiled.initialIndex]
        warnings = compiled.warnings
        initialIndex = compiled.initialIndex
        stateIndex = compiled.stateIndex
        stateTable = compiled.states
        stateInfo = compiled.stateInfo
        entryActions = compiled.entryActions
        exitActions = compiled.exitActions
        kinds = compiled.kinds
        table = compiled.table
        transitionInfo = compiled.transitionInfo
        guards = compiled.guards
        actions = compiled.actions
        transitionLocations = compiled.transitionLocations
    }

    /// Whether `state` is one of the chart's states.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: `true` when the chart declares it.
    public func contains(_ state: State) -> Bool {
        stateIndex[state] != nil
    }

    /// The kinds of event the chart has transitions for, in the order first written.
    public var eventKinds: [Event.Kind] {
        Array(kinds.kinds)
    }

    /// Makes a machine in the initial state, running that state's entry actions.
    ///
    /// - Parameter context: The machine's extended state.
    /// - Returns: A new machine. It shares this chart; making one costs no more than its size.
    @inlinable
    public func makeMachine(context: Context) -> Machine<State, Event, Context> {
        Machine(chart: self, context: context)
    }
}

extension Statechart where Context == Void {
    /// Makes a machine without context in the initial state, running that state's entry actions.
    ///
    /// - Returns: A new machine.
    @inlinable
    public func makeMachine() -> Machine<State, Event, Void> {
        Machine(chart: self, context: ())
    }
}

/// What the engine needs to know of a state in its hot path.
@usableFromInline
struct StateInfo: Sendable {
    @usableFromInline var isFinal: Bool
    @usableFromInline var hasEntry: Bool
    @usableFromInline var hasExit: Bool
}

/// What the engine needs to know of a transition in its hot path; closures are stored apart.
@usableFromInline
struct TransitionInfo: Sendable {
    @usableFromInline var source: Int32
    /// The target state, or -1 for a transition without target.
    @usableFromInline var target: Int32
    @usableFromInline var hasGuard: Bool
    @usableFromInline var hasAction: Bool
}
