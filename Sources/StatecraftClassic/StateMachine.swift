import Statecraft

/// A machine of named events moving between states that carry hooks: the generic design of
/// `State`, `Event` and `StateMachine`, on the core's transition table (not on `Machine`).
///
/// ```swift
/// let machine = StateMachine(initialState: State("Initial"))
/// try machine.addState(State("Passed"))
/// try machine.addEvent(Event(name: "Pass", sourceValues: ["Initial"], destinationValue: "Passed"))
/// machine.fireEvent("Pass")   // .success(Initial -> Passed)
/// machine.fireEvent("Pass")   // .error(.wrongSourceState)
/// ```
///
/// ## Order of the hooks
/// Firing an event whose guard allows it runs, in this order: the event's `willFireEvent`;
/// the destination's `willEnterState`; the source's `willExitState`; the current state
/// changes; the source's `didExitState`; the destination's `didEnterState`; the event's
/// `didFireEvent`. ``activateState(_:)`` runs the same state hooks without the event's.
///
/// This order announces the destination before leaving the source. The typed
/// `Statechart` of the `Statecraft` module follows the SCXML order instead: the source's exit actions
/// run before the target's entry actions.
///
/// ## Calls made from inside a hook
/// A move runs to completion before the next one starts. ``fireEvent(_:)-(String)`` or
/// ``activateState(_:)`` called from inside a hook or guard of the same machine does not
/// interrupt the move: the request is queued and runs, in the order made, right after the
/// running move (and the requests queued before it) completes. The inner `fireEvent` returns
/// ``Transition/queued``; an unknown event name or state is still reported at once.
///
/// ## Threads
/// A machine, its states and its events are not `Sendable`: their hooks are plain closures
/// that may capture anything. Create and use them on one thread or in one isolation domain
/// (the main actor, or one actor), as you would a view. The Swift 6 compiler enforces this.
/// To drive a machine from many tasks, own it in an actor and send events through it.
///
/// ## Engine
/// A `StateMachine` is not a `Machine`: it has no hierarchy, timers or snapshots, and its hooks
/// run in the order above, not in the engine's SCXML order (exits before entries).
/// States and events are numbered as they are added, and the machine finds an event's move
/// through Statecraft's dense state-by-event table: firing by name compares the name with the
/// names added (or, beyond 16 events, looks it up in a dictionary), then takes constant time.
public final class StateMachine<T: Hashable> {
    /// The state the machine was created in.
    public let initialState: State<T>
    /// The state the machine is in.
    public var currentState: State<T> { states[current] }

    // The stored properties skip dynamic exclusivity checks: every access is a read or write
    // of one value that ends before any hook of yours runs, so a hook that calls back into the
    // machine (which only queues) never overlaps one. The class is not Sendable, so no other
    // thread can reach it.
    //
    // States and events are only ever appended to `states` and `events`, never removed or
    // replaced, so each lives as long as the machine: a move borrows them through `Unmanaged`
    // (`_withUnsafeGuaranteedRef`), changing no reference count (an atomic operation each), and
    // the current state is an index. A hook's closure is still retained for its call, so that
    // the hook may replace or clear itself.
    @usableFromInline @exclusivity(unchecked) var states: [State<T>] = []
    @usableFromInline @exclusivity(unchecked) var stateIDs: [T: Int] = [:]
    @usableFromInline @exclusivity(unchecked) var events: [Event<T>] = []
    /// Event names in the order added: a machine with few events finds a name by comparing,
    /// which beats hashing it.
    @usableFromInline @exclusivity(unchecked) var eventNames: [String] = []
    @usableFromInline @exclusivity(unchecked) var eventIDs: [String: Int] = [:]
    @usableFromInline @exclusivity(unchecked) var destinations: [Int] = []
    @usableFromInline @exclusivity(unchecked) var current = 0
    /// The engine's table for the states and events added so far; rebuilt after an addition.
    @exclusivity(unchecked) var table = TransitionTable(stateCount: 0, eventCount: 0, entries: [])
    @usableFromInline @exclusivity(unchecked) var tableIsStale = true
    @usableFromInline @exclusivity(unchecked) var isMoving = false
    @usableFromInline @exclusivity(unchecked) var queue: [QueuedRequest] = []

    @usableFromInline
    enum QueuedRequest {
        case fire(event: Int)
        case activate(state: Int)
    }

    /// Creates a machine in `initialState`. No hook runs.
    ///
    /// - Parameter initialState: The state to start in; it is added to the machine.
    public required init(initialState: State<T>) {
        self.initialState = initialState
        states = [initialState]
        stateIDs = [initialState.value: 0]
    }

    /// Adds a state the machine can move to.
    ///
    /// - Parameter state: The state.
    /// - Throws: `StateMachineError.Code.duplicateState` when a state with the same value
    ///   was already added. The machine is unchanged.
    public func addState(_ state: State<T>) throws(StateMachineError) {
        guard stateIDs[state.value] == nil else {
            throw StateMachineError(
                code: .duplicateState,
                message: "a state '\(state.value)' was already added; each state value may be added once"
            )
        }
        stateIDs[state.value] = states.count
        states.append(state)
        tableIsStale = true
    }

    /// Adds several states, in order.
    ///
    /// - Parameter newStates: The states.
    /// - Throws: `StateMachineError.Code.duplicateState` for the first state whose value is
    ///   already present; no state of the list is added then.
    public func addStates(_ newStates: [State<T>]) throws(StateMachineError) {
        var seen = Set<T>()
        for state in newStates where stateIDs[state.value] != nil || !seen.insert(state.value).inserted {
            throw StateMachineError(
                code: .duplicateState,
                message: "a state '\(state.value)' was already added; each state value may be added once"
            )
        }
        for state in newStates { try addState(state) }
    }

    /// Adds an event.
    ///
    /// - Parameter event: The event. Its source and destination states must have been added.
    /// - Throws: `StateMachineError.Code.duplicateEvent` when an event with that name was
    ///   added; `StateMachineError.Code.unknownState` when a source or the destination was
    ///   never added; `StateMachineError.Code.invalidEvent` for an empty name or no source.
    ///   The machine is unchanged.
    public func addEvent(_ event: Event<T>) throws(StateMachineError) {
        guard !event.name.isEmpty else {
            throw StateMachineError(code: .invalidEvent, message: "an event needs a name; this one's is empty")
        }
        guard !event.sourceValues.isEmpty else {
            throw StateMachineError(
                code: .invalidEvent,
                message: "event '\(event.name)' has no source state; list at least one state it fires from"
            )
        }
        guard eventIDs[event.name] == nil else {
            throw StateMachineError(
                code: .duplicateEvent,
                message: "an event named '\(event.name)' was already added; event names must be unique"
            )
        }
        for value in event.sourceValues + [event.destinationValue] where stateIDs[value] == nil {
            let role = event.sourceValues.contains(value) ? "source" : "destination"
            throw StateMachineError(
                code: .unknownState,
                message: "event '\(event.name)' names \(role) state '\(value)', which was never added; "
                    + "add it with addState(_:) before the event"
            )
        }
        eventIDs[event.name] = events.count
        eventNames.append(event.name)
        events.append(event)
        destinations.append(stateIDs[event.destinationValue]!)
        tableIsStale = true
    }

    /// Fires an event by its name.
    ///
    /// - Parameter eventName: The name of an added event.
    /// - Returns: `.success` with the source and destination states once every hook has run;
    ///   `.error(.unknownEvent)`, `.error(.wrongSourceState)` or `.error(.transitionDeclined)`
    ///   when the machine did not move; `.queued` when called from inside one of this
    ///   machine's hooks or guards.
    @inlinable
    @discardableResult
    public func fireEvent(_ eventName: String) -> Transition<T> {
        guard let event = eventID(named: eventName) else { return .error(.unknownEvent) }
        guard !isMoving else {
            queue.append(.fire(event: event))
            return .queued
        }
        let outcome = fire(event)
        if !queue.isEmpty { runQueuedRequests() }
        return transition(outcome)
    }

    /// What a firing did, without references: the `Transition` is made from it last, after
    /// the queued requests ran, so that a caller that only looks at the case retains nothing.
    @usableFromInline
    enum Outcome {
        case moved(source: Int, destination: Int)
        case refused(TransitionError)
    }

    /// The `Transition` an outcome reports.
    @inlinable
    @inline(__always)
    func transition(_ outcome: Outcome) -> Transition<T> {
        switch outcome {
        case .moved(let source, let destination):
            .success(sourceState: states[source], destinationState: states[destination])
        case .refused(let error):
            .error(error)
        }
    }

    /// The index of the event named `name`, or `nil`.
    @inlinable
    func eventID(named name: String) -> Int? {
        if eventNames.count <= 16 {
            var index = 0
            for candidate in eventNames {
                if candidate == name { return index }
                index &+= 1
            }
            return nil
        }
        return eventIDs[name]
    }

    /// Fires an event, found by its name.
    ///
    /// - Parameter event: The event; the machine uses the added event of the same name.
    /// - Returns: As ``fireEvent(_:)-(String)``.
    @discardableResult
    public func fireEvent(_ event: Event<T>) -> Transition<T> {
        fireEvent(event.name)
    }

    /// Moves to a state without an event, running the states' hooks.
    ///
    /// Called from inside a hook or guard of this machine, the move is queued and runs after
    /// the running move completes.
    ///
    /// - Parameter stateValue: The value of an added state.
    /// - Throws: `StateMachineError.Code.unknownState` when no such state was added; the
    ///   machine is unchanged.
    public func activateState(_ stateValue: T) throws(StateMachineError) {
        guard let state = stateIDs[stateValue] else {
            throw StateMachineError(
                code: .unknownState,
                message: "cannot activate state '\(stateValue)': it was never added; add it with addState(_:) first"
            )
        }
        guard !isMoving else {
            queue.append(.activate(state: state))
            return
        }
        isMoving = true
        move(to: state)
        isMoving = false
        runQueuedRequests()
    }

    /// What firing an event would do now, without firing it. The guard is not called.
    ///
    /// - Parameter event: The event, found by its name.
    /// - Returns: `.success` with the current and destination states when the event exists
    ///   and the current state is one of its sources; otherwise the error firing would give
    ///   before its guard.
    public func possibleTransition(forEvent event: Event<T>) -> Transition<T> {
        possibleTransition(forEventNamed: event.name)
    }

    /// What firing the event named `eventName` would do now, without firing it. The guard is
    /// not called.
    ///
    /// - Parameter eventName: The event's name.
    /// - Returns: As ``possibleTransition(forEvent:)``.
    public func possibleTransition(forEventNamed eventName: String) -> Transition<T> {
        guard let event = eventID(named: eventName) else { return .error(.unknownEvent) }
        guard currentStateIsSource(of: event) else { return .error(.wrongSourceState) }
        return .success(sourceState: currentState, destinationState: states[destinations[event]])
    }

    /// Whether the event exists and the current state is one of its sources. The guard is not
    /// called.
    ///
    /// - Parameter event: The event, found by its name.
    /// - Returns: `true` when ``possibleTransition(forEvent:)`` is a success.
    public func canFireEvent(_ event: Event<T>) -> Bool {
        possibleTransition(forEvent: event).isSuccessful
    }

    /// Whether the event named `eventName` exists and the current state is one of its sources.
    ///
    /// - Parameter eventName: The event's name.
    /// - Returns: `true` when ``possibleTransition(forEventNamed:)`` is a success.
    public func canFireEvent(_ eventName: String) -> Bool {
        possibleTransition(forEventNamed: eventName).isSuccessful
    }

    /// Whether the machine is in the state with value `stateValue`.
    ///
    /// - Parameter stateValue: A state value.
    /// - Returns: `true` when it is the current state's value.
    public func isInState(_ stateValue: T) -> Bool {
        currentState.value == stateValue
    }

    /// The added state with value `stateValue`, if any.
    ///
    /// - Parameter stateValue: A state value.
    /// - Returns: The state, or `nil` when none with that value was added.
    public func state(withValue stateValue: T) -> State<T>? {
        stateIDs[stateValue].map { states[$0] }
    }

    /// The added event named `eventName`, if any.
    ///
    /// - Parameter eventName: An event name.
    /// - Returns: The event, or `nil` when none with that name was added.
    public func event(named eventName: String) -> Event<T>? {
        eventIDs[eventName].map { events[$0] }
    }

    @inlinable
    func fire(_ eventID: Int) -> Outcome {
        guard currentStateIsSource(of: eventID) else { return .refused(.wrongSourceState) }
        let event = Unmanaged.passUnretained(events[eventID])
        isMoving = true
        defer { isMoving = false }
        let declined = event._withUnsafeGuaranteedRef { event in
            if let shouldFire = event.shouldFireEvent { !shouldFire(event) } else { false }
        }
        if declined { return .refused(.transitionDeclined) }
        let source = current
        event._withUnsafeGuaranteedRef { event in if let hook = event.willFireEvent { hook(event) } }
        let destination = destinations[eventID]
        move(to: destination)
        event._withUnsafeGuaranteedRef { event in if let hook = event.didFireEvent { hook(event) } }
        return .moved(source: source, destination: destination)
    }

    @inlinable
    func move(to destinationID: Int) {
        let source = Unmanaged.passUnretained(states[current])
        let destination = Unmanaged.passUnretained(states[destinationID])
        destination._withUnsafeGuaranteedRef { state in if let hook = state.willEnterState { hook(state) } }
        source._withUnsafeGuaranteedRef { state in if let hook = state.willExitState { hook(state) } }
        current = destinationID
        source._withUnsafeGuaranteedRef { state in if let hook = state.didExitState { hook(state) } }
        destination._withUnsafeGuaranteedRef { state in if let hook = state.didEnterState { hook(state) } }
    }

    @usableFromInline
    func runQueuedRequests() {
        while !queue.isEmpty {
            switch queue.removeFirst() {
            case .fire(let event):
                _ = fire(event)
            case .activate(let state):
                isMoving = true
                move(to: state)
                isMoving = false
            }
        }
    }

    /// Whether the current state is a source of the event, read from the engine's table.
    @usableFromInline
    func currentStateIsSource(of eventID: Int) -> Bool {
        if tableIsStale { refreshTable() }
        return !table.cell(state: current, event: eventID).isEmpty
    }

    /// Rebuilds the engine's table when states or events were added since it was built.
    @usableFromInline
    func refreshTable() {
        guard tableIsStale else { return }
        var entries: [(state: Int, event: Int, transition: Int)] = []
        for (id, event) in events.enumerated() {
            for source in Set(event.sourceValues) {
                entries.append((stateIDs[source]!, id, id))
            }
        }
        table = TransitionTable(stateCount: states.count, eventCount: events.count, entries: entries)
        tableIsStale = false
    }
}
