/// What the tools target (`StatecraftTools`: `statecraft simulate` and `paths`) reads of a
/// document and a session beyond the public API, in one place, so that the session's inner
/// types can change behind it.
extension SCXMLDocument {
    /// Where each state of the document starts, by id, history states included.
    package var statePositions: [String: TextPosition] {
        var positions: [String: TextPosition] = [:]
        func visit(_ state: StateModel) {
            positions[state.id] = state.position
            state.children.forEach(visit)
        }
        model.states.forEach(visit)
        return positions
    }

    /// The ids of the states a configuration can hold, in document order: every state but the
    /// `<history>` pseudo-states.
    package var configurableStateIDs: [String] {
        stateInfos.filter { !$0.isHistory }.map(\.id)
    }
}

extension SCXMLSession {
    /// The delayed events of the session's group still to be delivered, soonest first: how long
    /// until each is due, and its name.
    package var waitingDelayedEvents: [(delay: Duration, name: String)] {
        group.waiting
    }

    /// Delivers the soonest waiting delayed event named `name` now, whatever its delay, and
    /// runs what it causes; the clock does not move. `statecraft verify --timers any` explores
    /// with it and `simulate`'s `wait for NAME` replays it.
    ///
    /// - Returns: Whether such an event was waiting.
    package func fireDelayedEvent(named name: String) -> Bool {
        group.fireEarly(named: name)
    }

    /// Whether the last run of the group's queues stopped at ``eventLimit`` with events still
    /// queued.
    package var stoppedAtEventLimit: Bool {
        group.hitEventLimit
    }
}

extension SCXMLMachine {
    /// Runs `body` on the machine's session, under its lock: what a tool (a simulation) reads
    /// beyond the host contract, such as the waiting delayed events by name.
    ///
    /// - Parameter body: What to do with the session; it must not keep it.
    /// - Returns: What `body` returns.
    package func withSession<Result: Sendable>(_ body: (SCXMLSession) -> Result) -> Result {
        locked(body)
    }
}
