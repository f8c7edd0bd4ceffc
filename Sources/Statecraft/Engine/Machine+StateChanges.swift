/// A record of the states a machine exits and enters, for code that attaches work of its own
/// to states: an asynchronous runtime that animates a view in and out, or starts and cancels a
/// request while a state is active.
///
/// Recording is off by default and costs nothing then. Turn it on with
/// ``Machine/recordsStateChanges``; each ``Machine/send(_:)`` or ``Machine/advance(to:)``
/// then adds what it exited and entered, in the order it did, and
/// ``Machine/takeStateChanges()`` hands the record over:
///
/// ```swift
/// var machine = chart.makeMachine(context: 0)
/// machine.recordsStateChanges = true
/// machine.send(.go)
/// machine.takeStateChanges()    // [.exited(.a), .entered(.b)]
/// ```
///
/// A transition that leaves a state and enters it again (an external self-transition, or a
/// transition to an ancestor) records both the exit and the entry. Every microstep of a
/// macrostep is recorded, so a state entered by one eventless transition and left by the
/// next appears twice. When the machine reaches a top-level final state it exits every active
/// state, the final one included, as SCXML's `exitInterpreter` does: those exits are recorded
/// last, after the final state's entry, so code attached to a state ends with the machine.
public enum StateChange<State: Hashable & Sendable>: Hashable, Sendable {
    /// The machine exited the state: its exit actions ran.
    case exited(State)
    /// The machine entered the state: its entry actions ran.
    case entered(State)

    /// The state that was exited or entered.
    @inlinable
    public var state: State {
        switch self {
        case .exited(let state), .entered(let state): state
        }
    }
}

extension Machine {
    /// Whether the machine records the states it exits and enters; off by default.
    ///
    /// While it is on, every macrostep adds to a record that ``takeStateChanges()`` returns and
    /// clears. Turning it off drops what was recorded. A machine whose chart runs on the leaf
    /// fast path (one active atomic state, no parallel or history states, no eventless or
    /// delayed transitions) moves to the general SCXML path when recording starts, and stays
    /// there: its behaviour is the same, and each event costs a little more.
    public var recordsStateChanges: Bool {
        @inlinable get { workspace?.recordsChanges ?? false }
        set {
            if newValue, workspace == nil { moveToGeneralPath() }
            guard workspace != nil else { return }
            makeWorkspaceUnique()
            space.recordsChanges = newValue
            if !newValue { space.changes.removeAll() }
        }
    }

    /// The states exited and entered since recording started or since the last call, in the
    /// order the machine exited and entered them; the record is emptied.
    ///
    /// - Returns: The changes, oldest first; empty when recording is off.
    /// - Complexity: O(*n*) for *n* recorded changes.
    public mutating func takeStateChanges() -> [StateChange<State>] {
        // Not `guard let workspace`: a binding holds a second reference while
        // `makeWorkspaceUnique()` looks, which would copy the workspace every time.
        guard workspace?.changes.isEmpty == false else { return [] }
        makeWorkspaceUnique()
        let changes = space.changes.map { node in
            node < 0 ? StateChange.exited(chart.state(Int(~node))) : StateChange.entered(chart.state(Int(node)))
        }
        space.changes.removeAll(keepingCapacity: true)
        return changes
    }

    /// Whether the events the machine sends itself (raised by an action, or sent with a delay)
    /// that take no transition when their turn comes are kept for ``takeUnhandledEvents()``:
    /// what `TestModel.verify` reports as sent but handled by nothing. Like
    /// ``recordsStateChanges``, turning it on moves a leaf-path machine to the general path.
    @usableFromInline
    package var recordsUnhandledEvents: Bool {
        get { workspace?.recordsUnhandled ?? false }
        set {
            if newValue, workspace == nil { moveToGeneralPath() }
            guard workspace != nil else { return }
            makeWorkspaceUnique()
            space.recordsUnhandled = newValue
            if !newValue { space.unhandled.removeAll() }
        }
    }

    /// The events kept since recording started or since the last call, oldest first; the
    /// record is emptied.
    @usableFromInline
    package mutating func takeUnhandledEvents() -> [Event] {
        guard workspace?.unhandled.isEmpty == false else { return [] }
        makeWorkspaceUnique()
        defer { space.unhandled.removeAll(keepingCapacity: true) }
        return Array(space.unhandled)
    }

    /// Whether the events the machine's actions send it (``Effects/send(_:)``, and
    /// ``Effects/send(_:after:id:)`` when their timers fire) wait for you instead of being
    /// processed at once; off by default.
    ///
    /// A host that runs several machines side by side (an SCXML document's invocations) needs
    /// each event a machine takes in its own turn: it takes the waiting events with
    /// ``takeSentEvents()`` after each ``send(_:)`` or ``advance(to:)``, and sends them back in
    /// the order it chooses, doing its own work between them (starting invocations, forwarding
    /// the event). Turning it off drops nothing: the events still waiting are processed after
    /// the next event you send. A ``snapshot`` does not include the waiting events: take them
    /// before you save one. Like ``recordsStateChanges``, turning it on moves a leaf-path
    /// machine to the general path.
    public var holdsSentEvents: Bool {
        @inlinable get { workspace?.holdsSent ?? false }
        set {
            if newValue, workspace == nil { moveToGeneralPath() }
            guard workspace != nil else { return }
            makeWorkspaceUnique()
            space.holdsSent = newValue
        }
    }

    /// The events the machine's actions sent it that wait (``holdsSentEvents``), oldest first;
    /// they are no longer the machine's to process.
    ///
    /// - Returns: The events, in the order they were sent or their timers fired.
    public mutating func takeSentEvents() -> [Event] {
        // Not `guard let workspace` (see `takeStateChanges()`): it would copy the workspace.
        guard let head = workspace?.externalHead, let count = workspace?.externalQueue.count, head < count else { return [] }
        makeWorkspaceUnique()
        let waiting = Array(space.externalQueue[space.externalHead...])
        space.externalQueue.removeAll(keepingCapacity: true)
        space.externalHead = 0
        return waiting
    }

    /// Records that the microstep exits `node`, when recording is on.
    @inlinable
    @inline(__always)
    func noteExit(_ node: Int) {
        if _slowPath(space.recordsChanges) { space.changes.append(~Int32(truncatingIfNeeded: node)) }
    }

    /// Records that the microstep enters `node`, when recording is on.
    @inlinable
    @inline(__always)
    func noteEntry(_ node: Int) {
        if _slowPath(space.recordsChanges) { space.changes.append(Int32(truncatingIfNeeded: node)) }
    }

    /// Gives a leaf-path machine the workspace and configuration set of the general path, in
    /// the same configuration: its active leaf and the leaf's ancestors.
    @usableFromInline
    mutating func moveToGeneralPath() {
        let space = chart.makeWorkspace()
        space.exitedAtFinish = finished
        var node = current
        while node > 0 {
            StateSet.insert(space.words, node)
            node = Int(chart.nodes[node].parent)
        }
        workspace = space
        // Events no longer take the leaf path.
        leafRow = -1
    }
}
