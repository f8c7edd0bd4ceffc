/// A running instance of a ``Statechart``: its active states, its context, its clock, and the
/// rules of the chart it was made from.
///
/// A machine is a value. Copying it copies its configuration, history, context and pending
/// timers; the chart is shared. ``send(_:)`` runs one event to completion and returns what
/// happened:
///
/// ```swift
/// var gate = turnstile.makeMachine(context: 0)
/// gate.send(.coin)    // .transitioned(from: .locked, to: .unlocked)
/// gate.send(.coin)    // .rejected(no transition on 'coin' in state 'unlocked')
/// gate.state          // .unlocked
/// ```
///
/// The machine follows the W3C SCXML algorithm: an event selects at most one transition per
/// active atomic state (the deepest, then the first written), conflicting transitions are
/// removed, and the microstep exits states in reverse document order, runs the transitions'
/// actions, and enters states in document order. Eventless transitions and raised events then
/// run to completion before ``send(_:)`` returns. See <doc:Statecharts>.
///
/// ## Threads
/// A machine is a value with no locks: mutate it from one task or thread at a time, as you
/// would an array. It is `Sendable` when its context is, so it can be handed to another task.
/// To share one machine between tasks, keep it in an actor or a `Mutex`.
public struct Machine<State: Hashable & Sendable, Event: MachineEvent, Context> {
    /// Called after each transition the machine takes.
    public typealias Listener = @Sendable (TakenTransition<State, Event>) -> Void

    /// The chart this machine runs.
    public let chart: Statechart<State, Event, Context>
    /// The chart's closures, held here so that calling one retains nothing.
    @usableFromInline let program: ChartProgram<Event, Context>
    /// For a flat chart, the active node; unused otherwise.
    @usableFromInline var current: Int
    /// On the leaf path, while the machine runs: `current`'s row of cells (`current * columns`)
    /// in `chart.leafMoves`. -1 on the general path and once finished, so one test sends every
    /// event of those elsewhere.
    @usableFromInline var leafRow: Int
    @usableFromInline var finished: Bool
    @usableFromInline var storedContext: Context
    /// History, queues and timers of a hierarchical chart; `nil` for flat charts.
    @usableFromInline var workspace: Workspace<Event>?
    @usableFromInline var clock: Duration

    /// Called after every transition taken, once its microstep is complete.
    ///
    /// The listener receives the transition's source, its first target and the event. It runs
    /// wherever ``send(_:)`` or ``advance(by:)`` was called.
    public var onTransition: Listener?

    /// How many microsteps one macrostep may take before the machine cuts it and reports
    /// `EngineFault.Code.microstepLimit`: the bound that stops an eventless loop.
    public static var microstepLimit: Int { 10_000 }

    /// Makes a machine in the chart's initial configuration, running the entry actions of the
    /// states entered, then eventless transitions and raised events to completion.
    ///
    /// - Parameters:
    ///   - chart: The chart to run.
    ///   - context: The machine's extended state.
    ///   - onTransition: A listener called after every transition taken.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: Context, onTransition: Listener? = nil) {
        self.init(chart: chart, context: context, onTransition: onTransition, recordingStateChanges: false)
    }

    /// Makes a machine that holds the events its actions send it for you (``holdsSentEvents``)
    /// from the start: those its initial entries send wait for ``takeSentEvents()`` too. Such a
    /// machine runs on the general path.
    ///
    /// - Parameters:
    ///   - chart: The chart to run.
    ///   - context: The machine's extended state.
    ///   - holdingSentEvents: Whether the sent events wait for you; `false` makes an ordinary machine.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: Context, holdingSentEvents: Bool) {
        self.init(chart: chart, context: context, recordingStateChanges: false, holdingSentEvents: holdingSentEvents)
    }

    /// Makes a machine that records its state changes from the start: the initial entries are
    /// the record's first (a host that offers recording before it starts, as an SCXML session
    /// does). Such a machine runs on the general path.
    @inlinable
    package init(
        chart: Statechart<State, Event, Context>, context: Context, onTransition: Listener? = nil,
        recordingStateChanges: Bool, holdingSentEvents: Bool = false
    ) {
        self.chart = chart
        self.program = chart.program
        self.current = chart.flatInitial
        self.leafRow = -1
        self.storedContext = context
        self.onTransition = onTransition
        self.finished = false
        self.workspace = nil
        self.clock = .zero
        if chart.isFlat, !recordingStateChanges, !holdingSentEvents {
            enterPath(of: Int(chart.nodes[0].initialTransition), event: nil)
            leafRow = chart.table.row(of: current)
            if chart.nodes[current].kind == .final { finishFlat() }
        } else {
            start(recordingStateChanges: recordingStateChanges, holdingSentEvents: holdingSentEvents)
        }
    }

    /// The innermost state that holds the whole configuration: for a chart without parallel
    /// states, the one atomic state the machine is in; while regions of a parallel state are
    /// active, that parallel state (or the innermost one whose regions hold every active
    /// atomic state), never one region's state picked among several. A parallel state without
    /// regions counts as atomic here.
    ///
    /// To ask about a state inside parallel regions, use ``isActive(_:)``; for the whole
    /// configuration, ``activeStates``.
    @inlinable
    public var state: State {
        if workspace != nil {
            var first: Int?
            var last = 0
            var node = nextActive(from: 1)
            while let found = node {
                if chart.topology.isLeaf(found) {
                    if first == nil { first = found }
                    last = found
                }
                node = nextActive(from: found + 1)
            }
            guard var holder = first else { return chart.state(chart.flatInitial) }
            // Nodes are in document order and a node's descendants follow it up to `end`: the
            // first ancestor whose range reaches the last active atomic state holds them all.
            while Int(chart.nodes[holder].end) <= last, chart.nodes[holder].parent > 0 {
                holder = Int(chart.nodes[holder].parent)
            }
            return chart.state(holder)
        }
        return chart.state(current)
    }

    /// Every active state, compound and parallel ones included, in document order.
    @inlinable
    public var activeStates: [State] {
        guard workspace != nil else {
            var path: [State] = []
            var node = current
            while node > 0 {
                path.append(chart.state(node))
                node = Int(chart.nodes[node].parent)
            }
            return path.reversed()
        }
        var states: [State] = []
        var node = nextActive(from: 1)
        while let found = node {
            states.append(chart.state(found))
            node = nextActive(from: found + 1)
        }
        return states
    }

    /// The machine's extended state, as the actions left it.
    @inlinable
    public var context: Context { storedContext }

    /// Changes the context between steps, from outside the chart: what a host does when what
    /// the machine's data describe changed without an event (an `<invoke idlocation>` storing
    /// the id of the invocation it started; a setting the app changed).
    ///
    /// No transition is taken and no action runs: guards, eventless transitions included, see
    /// the new values when the next event or timer is processed, as SCXML's processor sees a
    /// change made between macrosteps.
    ///
    /// ```swift
    /// machine.updateContext { $0.limit = 10 }
    /// ```
    ///
    /// - Parameter change: Changes the context; what it returns or throws, this does.
    @inlinable
    public mutating func updateContext<Result, Failure: Error>(
        _ change: (inout Context) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try change(&storedContext)
    }

    /// Whether the machine still takes events.
    @inlinable
    public var status: MachineStatus { finished ? .done : .running }

    /// The time on the machine's clock: the sum of every ``advance(by:)``.
    @inlinable
    public var now: Duration { clock }

    /// What went wrong in the last ``send(_:)`` or ``advance(by:)`` after an event was taken:
    /// a cut eventless loop, a guard that threw in an eventless transition. `nil` when nothing
    /// did.
    public var lastFault: EngineFault? { workspace?.lastFault }

    /// Whether ``lastFault`` holds a fault: one load, for a host that looks after every step
    /// (reading ``lastFault`` itself copies the optional fault).
    @inlinable
    public var hasFault: Bool { workspace?.faulted ?? false }

    /// Whether `state` is active.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: `true` when it is in the configuration; `false` for states the chart lacks.
    @inlinable
    public func isActive(_ state: State) -> Bool {
        if workspace != nil {
            guard let node = chart.stateIndex[state] else { return false }
            return StateSet.contains(words, node)
        }
        if chart.state(current) == state { return true }
        guard let node = chart.stateIndex[state] else { return false }
        return current > node && current < Int(chart.nodes[node].end)
    }

    /// Processes one event to completion.
    ///
    /// The event selects the transitions to take; if there is none, the machine is unchanged
    /// and the result says why. Otherwise the microstep runs, then eventless transitions and
    /// raised events run to completion, then events the actions sent to this machine, each as
    /// its own macrostep.
    ///
    /// - Parameter event: The event.
    /// - Returns: The first transition taken for this event (its source and first target), or
    ///   a ``Rejection`` saying why none was.
    /// - Complexity: O(1) to find the candidates of each active atomic state, plus one call per
    ///   guard tried and per action run.
    @inlinable
    @inline(__always)
    @discardableResult
    public mutating func send(_ event: Event) -> SendResult<State, Event.Kind> {
        // The leaf path's first look: the cell's first candidate, when it has no guard and only
        // moves the leaf (perhaps running actions). Everything else takes `sendOther`.
        if leafRow >= 0, let column = chart.kinds.index(of: event.kind) {
            let cell = leafRow &+ column
            // The flags, and the column the slot belongs to, which is this one unless the
            // table is displaced and this row has no cell here.
            let gate = chart.leafMoves.withUnsafeBufferPointer { $0[cell].gate } ^ LeafMove.gateBits(of: column)
            if gate & ~UInt32(LeafStep.runsActions | LeafStep.backward) == 0 {
                if gate != 0 { runLeafActions(ofCell: cell, event) }
                // Read after the actions: keeping the step across their calls costs more.
                let step = chart.leafMoves.withUnsafeBufferPointer { $0[cell] }
                leafRow = Int(step.row)
                current = Int(step.leaf)
                assert(checkInvariants())
                let source = chart.state(Int(step.source))
                let target = chart.state(Int(step.target))
                let result = SendResult<State, Event.Kind>.transitioned(from: source, to: target)
                notify(taken: step.taken, source, target, event)
                return result
            }
        }
        return sendOther(event)
    }

    /// ``send(_:)`` for everything but the leaf path's first look: a finished machine, the
    /// general path, and leaf steps with guards, without target or into a final state.
    @inlinable
    @inline(never)
    mutating func sendOther(_ event: Event) -> SendResult<State, Event.Kind> {
        if finished {
            return .rejected(Rejection(code: .machineDone, state: state, eventKind: event.kind))
        }
        if workspace == nil { return sendFlat(event) }
        return sendHierarchical(event)
    }

    /// Whether ``send(_:)`` would take a transition for `event` now. Guards are evaluated, so
    /// they should have no side effects.
    ///
    /// Guards are asked as ``send(_:)`` asks them: for each active atomic state, until one of
    /// its candidates allows.
    ///
    /// - Parameter event: The event.
    /// - Returns: `true` when a transition would be taken. A guard that throws makes it `false`,
    ///   as ``send(_:)`` would reject the event, unless the chart's options deliver guard errors
    ///   as events (``StatechartOptions/guardErrorEvent``): then the guard counts as `false`
    ///   and the other candidates decide.
    @inlinable
    public func canSend(_ event: Event) -> Bool {
        guard !finished else { return false }
        guard workspace != nil else {
            guard let column = chart.kinds.index(of: event.kind) else { return false }
            // `try?` flattens: nil when no transition is enabled or a guard threw.
            return (try? firstEnabled(in: chart.table, leaf: current, column: column, trigger: .event(event))) != nil
        }
        // Every active atomic state is asked, as selection asks them: a guard that throws in
        // a later region rejects the event even when an earlier region has a transition.
        var enabled = false
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for transition in candidates(of: leaf, for: .event(event)) {
                    if !chart.transitions[transition].hasGuard {
                        enabled = true
                        break
                    }
                    do {
                        if try checkGuard(transition, .event(event)) {
                            enabled = true
                            break
                        }
                    } catch {
                        if chart.options.guardErrorEvent == nil { return false }
                    }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return enabled
    }
}

extension Machine: Sendable where Context: Sendable {}
