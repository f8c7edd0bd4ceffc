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
    @usableFromInline var finished: Bool
    @usableFromInline var storedContext: Context
    /// History, queues and timers of a hierarchical chart; `nil` for flat charts.
    @usableFromInline var workspace: Workspace<Event>?
    @usableFromInline var clock: Duration
    /// For a hierarchical chart, the configuration and the scratch sets of a microstep, as
    /// consecutive runs of `chart.setWords` words (see `MachineSets`); empty for flat charts.
    @usableFromInline var sets: ContiguousArray<UInt64>
    /// The transitions the current microstep takes.
    @usableFromInline var enabled: ContiguousArray<Int32>

    /// Called after every transition taken, once its microstep is complete.
    ///
    /// The listener receives the transition's source, its first target and the event. It runs
    /// wherever ``send(_:)`` or ``advance(by:)`` was called.
    public var onTransition: Listener?

    /// How many microsteps one macrostep may take before the machine cuts it and reports
    /// ``EngineFault/Code/microstepLimit``: the bound that stops an eventless loop.
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
        self.chart = chart
        self.program = chart.program
        self.current = chart.flatInitial
        self.storedContext = context
        self.onTransition = onTransition
        self.finished = false
        self.workspace = nil
        self.clock = .zero
        self.sets = []
        self.enabled = []
        if chart.isFlat {
            enterPath(of: Int(chart.nodes[0].initialTransition), event: nil)
            if chart.nodes[current].kind == .final { finishFlat(event: nil) }
        } else {
            start()
        }
    }

    /// The active atomic state: for a chart without parallel states, the one state the machine
    /// is in; otherwise the first active atomic state in document order (see ``activeStates``).
    @inlinable
    public var state: State {
        if workspace != nil {
            var node = nextActive(from: 1)
            while let found = node, !chart.nodes[found].isAtomic { node = nextActive(from: found + 1) }
            return chart.state(node ?? chart.flatInitial)
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

    /// Whether `state` is active.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: `true` when it is in the configuration; `false` for states the chart lacks.
    @inlinable
    public func isActive(_ state: State) -> Bool {
        if workspace != nil {
            guard let node = chart.stateIndex[state] else { return false }
            return Bits.contains(sets, 0, node)
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
        if _slowPath(finished) {
            return .rejected(Rejection(code: .machineDone, state: state, eventKind: event.kind))
        }
        if workspace == nil { return sendFlat(event) }
        return sendHierarchical(event)
    }

    /// Whether ``send(_:)`` would take a transition for `event` now. Guards are evaluated, so
    /// they should have no side effects.
    ///
    /// - Parameter event: The event.
    /// - Returns: `true` when a transition would be taken. A guard that throws makes it `false`,
    ///   as ``send(_:)`` would reject the event.
    @inlinable
    public func canSend(_ event: Event) -> Bool {
        guard !finished else { return false }
        guard workspace != nil else {
            guard let column = chart.kinds.index(of: event.kind) else { return false }
            // `try?` flattens: nil when no transition is enabled or a guard threw.
            return (try? firstEnabled(in: chart.table, leaf: current, column: column, trigger: .event(event))) != nil
        }
        var node = nextActive(from: 1)
        while let leaf = node {
            if chart.nodes[leaf].isAtomic {
                for transition in candidates(of: leaf, for: .event(event)) {
                    if !chart.transitions[transition].hasGuard { return true }
                    guard let allowed = try? checkGuard(transition, .event(event)) else { return false }
                    if allowed { return true }
                }
            }
            node = nextActive(from: leaf + 1)
        }
        return false
    }

    // MARK: The leaf path: one active atomic state, moved only by your events

    @inlinable
    @inline(__always)
    mutating func sendFlat(_ event: Event) -> SendResult<State, Event.Kind> {
        guard let column = chart.kinds.index(of: event.kind) else {
            return .rejected(Rejection(code: .noTransition, state: chart.state(current), eventKind: event.kind))
        }
        let cell = chart.table.cell(state: current, event: column)
        var position = cell.lowerBound
        while position < cell.upperBound {
            let step = chart.leafSteps.withUnsafeBufferPointer { $0[position] }
            if step.flags & LeafStep.guarded != 0 {
                do {
                    if try !checkGuard(Int(step.transition), .event(event)) {
                        position &+= 1
                        continue
                    }
                } catch {
                    return .rejected(Rejection(
                        code: .guardFailed, state: chart.state(current), eventKind: event.kind,
                        underlying: error, location: chart.location(ofTransition: Int(step.transition))
                    ))
                }
            }
            if step.flags & LeafStep.plain == 0 { runLeafActions(step, event) }
            let source = chart.state(Int(step.source))
            guard step.leaf >= 0 else {
                onTransition?(TakenTransition(source: source, target: nil, event: event))
                return .handled(in: source)
            }
            current = Int(step.leaf)
            let target = chart.state(Int(step.target))
            onTransition?(TakenTransition(source: source, target: target, event: event))
            if step.flags & LeafStep.entersFinal != 0 { finishFlat(event: event) }
            return .transitioned(from: source, to: target)
        }
        let code: RejectionCode = cell.isEmpty ? .noTransition : .guardsDeclined
        return .rejected(Rejection(code: code, state: chart.state(current), eventKind: event.kind))
    }

    /// Runs the actions of a leaf step, in order: exit actions innermost first, the
    /// transition's action, entry and initial actions outermost first.
    @inlinable
    @inline(__always)
    mutating func runLeafActions(_ step: LeafStep, _ event: Event) {
        // A leaf-path chart has no action that produces effects.
        var none = Effects<Event>()
        var position = Int(step.actionStart)
        let end = position &+ Int(step.actionCount)
        while position < end {
            let action = Int(chart.leafActions.withUnsafeBufferPointer { $0[position] })
            program.run(action, &storedContext, event, &none)
            position &+= 1
        }
    }

    /// Enters the states a transition enters on the leaf path, outermost first, running entry
    /// actions and the initial actions of compound states entered by default; the last one is
    /// the new active leaf.
    @inlinable
    @inline(__always)
    mutating func enterPath(of transition: Int, event: Event?) {
        var position = Int(chart.entryPathStart[transition])
        let end = Int(chart.entryPathStart[transition &+ 1])
        while position < end {
            let entry = Int(chart.entryPaths[position])
            let entering = entry &>> 1
            let node = chart.nodes[entering]
            current = entering
            if node.entryCount > 0 { runActions(start: node.entryStart, count: node.entryCount, event: event) }
            if entry & 1 != 0 {
                let initial = chart.transitions[Int(node.initialTransition)]
                if initial.action >= 0 { runAction(Int(initial.action), event: event) }
            }
            position &+= 1
        }
    }

    /// A leaf-path machine entered a top-level final state: it is done, and its state exits.
    @inlinable
    mutating func finishFlat(event: Event?) {
        finished = true
        let node = chart.nodes[current]
        runActions(start: node.exitStart, count: node.exitCount, event: event)
    }

    // MARK: Running closures

    @inlinable
    @inline(__always)
    func checkGuard(_ transition: Int, _ trigger: Trigger<Event>?) throws -> Bool {
        try program.check(transition, storedContext, trigger?.userEvent)
    }

    @inlinable
    @inline(__always)
    mutating func runActions(start: Int32, count: Int32, event: Event?) {
        var index = Int(start)
        let end = index &+ Int(count)
        while index < end {
            runAction(index, event: event)
            index &+= 1
        }
    }

    @inlinable
    @inline(__always)
    mutating func runAction(_ index: Int, event: Event?) {
        if let workspace {
            program.run(index, &storedContext, event, &workspace.effects)
            if !workspace.effects.items.isEmpty { applyEffects() }
        } else {
            // A leaf-path chart has no action that produces effects.
            var none = Effects<Event>()
            program.run(index, &storedContext, event, &none)
        }
    }

    /// The first transition in a table cell whose guard allows, or `nil`.
    @inlinable
    func firstEnabled(in table: TransitionTable, leaf: Int, column: Int, trigger: Trigger<Event>?) throws -> Int? {
        for position in table.cell(state: leaf, event: column) {
            let transition = table.transition(at: position)
            if !chart.transitions[transition].hasGuard { return transition }
            if try checkGuard(transition, trigger) { return transition }
        }
        return nil
    }
}

extension Machine: Sendable where Context: Sendable {}
