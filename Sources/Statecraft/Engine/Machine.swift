/// A running instance of a ``Statechart``: the current state, the context, and the rules of
/// the chart it was made from.
///
/// A machine is a value. Copying it copies its state and context; the chart is shared.
/// ``send(_:)`` runs one event to completion and returns what happened:
///
/// ```swift
/// var gate = turnstile.makeMachine(context: 0)
/// gate.send(.coin)    // .transitioned(from: .locked, to: .unlocked)
/// gate.send(.coin)    // .rejected(no transition on 'coin' in state 'unlocked')
/// gate.state          // .unlocked
/// ```
///
/// When a transition with a target is taken, the engine runs, in this order: the exit actions
/// of the source state, the transition's action, the entry actions of the target state (the
/// SCXML order), then the ``onTransition`` listener.
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
    @usableFromInline var current: Int
    @usableFromInline var finished: Bool
    @usableFromInline var storedContext: Context

    /// Called after every transition taken, once its actions have run.
    ///
    /// The listener receives the source, the target and the event. It must not assume it runs
    /// on any particular thread: it runs wherever ``send(_:)`` was called.
    public var onTransition: Listener?

    /// Makes a machine in the chart's initial state and runs that state's entry actions.
    ///
    /// - Parameters:
    ///   - chart: The chart to run.
    ///   - context: The machine's extended state.
    ///   - onTransition: A listener called after every transition taken.
    @inlinable
    public init(chart: Statechart<State, Event, Context>, context: Context, onTransition: Listener? = nil) {
        self.chart = chart
        self.current = chart.initialIndex
        self.storedContext = context
        self.onTransition = onTransition
        let info = chart.stateInfo[chart.initialIndex]
        self.finished = info.isFinal
        if info.hasEntry {
            chart.entryActions[chart.initialIndex].unsafelyUnwrapped(&storedContext, nil)
        }
    }

    /// The state the machine is in.
    @inlinable
    public var state: State { chart.stateTable[current] }

    /// The machine's extended state, as the actions left it.
    @inlinable
    public var context: Context { storedContext }

    /// Whether the machine still takes events.
    @inlinable
    public var status: MachineStatus { finished ? .done : .running }

    /// Whether the machine is in `state`.
    ///
    /// - Parameter state: A state identity.
    /// - Returns: `true` when it is the current state.
    @inlinable
    public func isActive(_ state: State) -> Bool {
        chart.stateTable[current] == state
    }

    /// Processes one event to completion: finds the first transition of the current state for
    /// the event's kind whose guard allows, and takes it.
    ///
    /// - Parameter event: The event.
    /// - Returns: The transition taken, or a ``Rejection`` saying why none was. A rejected
    ///   event changes nothing.
    /// - Complexity: O(1) to find the candidates, plus one call per guard tried.
    @inlinable
    @discardableResult
    public mutating func send(_ event: Event) -> SendResult<State, Event.Kind> {
        if _slowPath(finished) {
            return .rejected(Rejection(code: .machineDone, state: state, eventKind: event.kind))
        }
        guard let column = chart.kinds.index(of: event.kind) else {
            return .rejected(Rejection(code: .noTransition, state: state, eventKind: event.kind))
        }
        let cell = chart.table.cell(state: current, event: column)
        var position = cell.lowerBound
        while position < cell.upperBound {
            let transition = chart.table.transition(at: position)
            let info = chart.transitionInfo[transition]
            if info.hasGuard {
                do {
                    if try !chart.guards[transition].unsafelyUnwrapped(storedContext, event) {
                        position &+= 1
                        continue
                    }
                } catch {
                    return .rejected(Rejection(
                        code: .guardFailed, state: state, eventKind: event.kind,
                        underlying: error, location: chart.location(ofTransition: transition)
                    ))
                }
            }
            return take(transition, info, event)
        }
        let code: Rejection<State, Event.Kind>.Code = cell.isEmpty ? .noTransition : .guardsDeclined
        return .rejected(Rejection(code: code, state: state, eventKind: event.kind))
    }

    /// Whether ``send(_:)`` would take a transition for `event` now. Guards are evaluated, so
    /// they should have no side effects.
    ///
    /// - Parameter event: The event.
    /// - Returns: `true` when a transition would be taken. A guard that throws makes it `false`,
    ///   as ``send(_:)`` would reject the event.
    @inlinable
    public func canSend(_ event: Event) -> Bool {
        guard !finished, let column = chart.kinds.index(of: event.kind) else { return false }
        for position in chart.table.cell(state: current, event: column) {
            let transition = chart.table.transition(at: position)
            guard chart.transitionInfo[transition].hasGuard else { return true }
            do {
                if try chart.guards[transition].unsafelyUnwrapped(storedContext, event) { return true }
            } catch {
                return false
            }
        }
        return false
    }

    @inlinable
    mutating func take(_ transition: Int, _ info: TransitionInfo, _ event: Event) -> SendResult<State, Event.Kind> {
        let source = current
        guard info.target >= 0 else {
            if info.hasAction { chart.actions[transition].unsafelyUnwrapped(&storedContext, event) }
            onTransition?(TakenTransition(source: chart.stateTable[source], target: nil, event: event))
            return .handled(in: chart.stateTable[source])
        }
        let target = Int(info.target)
        if chart.stateInfo[source].hasExit { chart.exitActions[source].unsafelyUnwrapped(&storedContext, event) }
        if info.hasAction { chart.actions[transition].unsafelyUnwrapped(&storedContext, event) }
        current = target
        let targetInfo = chart.stateInfo[target]
        if targetInfo.hasEntry { chart.entryActions[target].unsafelyUnwrapped(&storedContext, event) }
        if targetInfo.isFinal { finished = true }
        onTransition?(TakenTransition(source: chart.stateTable[source], target: chart.stateTable[target], event: event))
        return .transitioned(from: chart.stateTable[source], to: chart.stateTable[target])
    }
}

extension Machine: Sendable where Context: Sendable {}

extension Statechart {
    @usableFromInline
    func location(ofTransition transition: Int) -> SourceLocation {
        transitionLocations[transition]
    }
}
