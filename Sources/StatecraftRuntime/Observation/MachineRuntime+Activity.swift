extension MachineRuntime {
    /// One thing the machine did, as ``activity(buffering:)`` reports it.
    ///
    /// ```swift
    /// for await activity in runtime.activity() {
    ///     switch activity {
    ///     case .current(let snapshot): print("now", snapshot)
    ///     case .step(let step): print(step)      // coin(cents: 25): locked -> unlocked
    ///     case .timers(let transitions, _): print(transitions.count, "taken by timers")
    ///     }
    /// }
    /// ```
    public enum Activity: Sendable {
        /// The machine's snapshot when the subscription started: the first element.
        case current(Base.Snapshot)
        /// An event the machine processed, whoever sent it (``send(_:)``, ``post(_:)``, an
        /// invocation's result): the event, what the machine did with it, every transition
        /// taken and the snapshot afterwards. Also when the event took no transition.
        case step(Step)
        /// Transitions that timers took while no event was processed (delayed transitions and
        /// delayed sends falling due), and the snapshot after them.
        case timers(transitions: [Base.Transition], snapshot: Base.Snapshot)
    }

    /// Everything the machine does from now on, in order: each event it processes with the
    /// transitions it took and the snapshot after it, and the transitions timers take between
    /// events.
    ///
    /// This is what a tool that shows a running machine reads (the inspector's event log, for
    /// one): unlike ``snapshots()`` and ``transitions()``, it says which event each transition
    /// belongs to, and it reports events that took no transition too.
    ///
    /// ```swift
    /// let activity = runtime.activity(buffering: .bufferingNewest(256))
    /// await runtime.send(.coin(cents: 25))
    /// for await case .step(let step) in activity { print(step.event, step.transitions) }
    /// ```
    ///
    /// Each call subscribes anew; the first element is the snapshot at that moment
    /// (``Activity/current(_:)``), unless the subscription starts while an event is being
    /// processed: then it is that event's step, or the next one. The sequence finishes when the runtime stops; stop iterating
    /// (or cancel the iterating task) to unsubscribe.
    ///
    /// **Cost.** While nobody subscribes, the runtime makes no step and no snapshot for this:
    /// an event costs what it cost before, plus one test of an empty dictionary under the lock
    /// the runtime takes anyway. While someone subscribes, every event makes a ``Step``, as an
    /// awaited ``send(_:)`` does, and takes the runtime's lock once more to hand it over; the
    /// machine is kept until the subscribers have it, so they hear of events in order.
    ///
    /// - Parameter buffering: What the sequence keeps while its reader is behind: everything
    ///   by default; `.bufferingNewest(n)` keeps the latest `n` elements and drops older ones,
    ///   which bounds the memory a slow reader can hold.
    /// - Returns: A sequence of activities.
    public func activity(
        buffering: AsyncStream<Activity>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Activity> {
        let (stream, subscriber) = AsyncStream.makeStream(of: Activity.self, bufferingPolicy: buffering)
        let id = core.withLockAnnotated { state in
            state.nextSubscriber += 1
            return state.nextSubscriber
        }
        subscriber.onTermination = { [weak self] _ in
            _ = self?.core.withLockAnnotated { $0.activitySubscribers.removeValue(forKey: id) }
        }
        let subscribed = core.withLockAnnotated { state in
            guard state.phase != .stopped else { return false }
            state.activitySubscribers[id] = subscriber
            if let cell = state.cell {
                subscriber.yield(.current(cell.machine.snapshot))
            } else if let current = state.workSnapshot {
                subscriber.yield(.current(current))
            }
            return true
        }
        if !subscribed { subscriber.finish() }
        return stream
    }
}
