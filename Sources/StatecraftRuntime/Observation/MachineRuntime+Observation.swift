/// Observing a runtime: every subscriber gets its own sequence, which buffers what it has not
/// read yet, so each one sees every change, in order, however slowly it reads.
extension MachineRuntime {
    /// The machine's snapshots: the current one first, then one after every event or timer
    /// that took a transition, in order.
    ///
    /// ```swift
    /// for await snapshot in runtime.snapshots() {
    ///     print(snapshot.activeStates)
    /// }
    /// ```
    ///
    /// Each call subscribes anew; the subscription starts when this method returns, before
    /// any iteration. A subscriber that arrives while an event is being processed gets the
    /// snapshot after that event first. The sequence finishes when the runtime stops; stop
    /// iterating (or cancel the iterating task) to unsubscribe. While nobody subscribes, no
    /// snapshot is made.
    ///
    /// - Returns: A sequence of snapshots.
    public func snapshots() -> AsyncStream<Base.Snapshot> {
        let (stream, subscriber) = AsyncStream.makeStream(of: Base.Snapshot.self, bufferingPolicy: .unbounded)
        let id = core.withLockAnnotated { state in
            state.nextSubscriber += 1
            return state.nextSubscriber
        }
        subscriber.onTermination = { [weak self] _ in
            _ = self?.core.withLockAnnotated { $0.snapshotSubscribers.removeValue(forKey: id) }
        }
        let subscribed = core.withLockAnnotated { state in
            guard state.phase != .stopped else { return false }
            state.snapshotSubscribers[id] = subscriber
            if let cell = state.cell {
                subscriber.yield(cell.machine.snapshot)
            } else if let current = state.workSnapshot {
                subscriber.yield(current)
            }
            return true
        }
        if !subscribed { subscriber.finish() }
        return stream
    }

    /// Every transition the machine takes from now on, in order: those of your events, of the
    /// eventless transitions and raised events that follow them, of timers and of invocation
    /// results.
    ///
    /// ```swift
    /// for await transition in runtime.transitions() {
    ///     print(transition.source, "->", transition.target as Any)
    /// }
    /// ```
    ///
    /// Each call subscribes anew, when it returns. The sequence finishes when the runtime
    /// stops.
    ///
    /// - Returns: A sequence of transitions.
    public func transitions() -> AsyncStream<Base.Transition> {
        let (stream, subscriber) = AsyncStream.makeStream(of: Base.Transition.self, bufferingPolicy: .unbounded)
        let id = core.withLockAnnotated { state in
            state.nextSubscriber += 1
            return state.nextSubscriber
        }
        subscriber.onTermination = { [weak self] _ in
            _ = self?.core.withLockAnnotated { $0.transitionSubscribers.removeValue(forKey: id) }
        }
        let subscribed = core.withLockAnnotated { state in
            guard state.phase != .stopped else { return false }
            state.transitionSubscribers[id] = subscriber
            return true
        }
        if !subscribed { subscriber.finish() }
        return stream
    }
}
