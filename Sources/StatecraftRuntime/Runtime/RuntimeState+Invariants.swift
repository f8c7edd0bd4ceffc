/// What must hold whenever a runtime's lock is released, in the manner of the engine's
/// `Machine.checkInvariants()`: ``Synchronization/Mutex/withLockAnnotated(_:)`` calls it from
/// `assert` after every body, so it runs in debug builds (every test run) and costs nothing in
/// release builds.
@usableFromInline
protocol LockedInvariants {
    /// Whether the value is consistent; a violation stops a debug build with a message that
    /// names it.
    ///
    /// - Returns: `true`.
    func checkInvariants() -> Bool
}

extension RuntimeState: LockedInvariants {
    /// How many waiting items the tick check reads at most: the check stays linear in a test
    /// that queues many events, at the price of not looking past that many.
    static var scannedItems: Int { 1_024 }

    /// Whether the shared state is consistent:
    /// - the queue: `head` is inside it, and zero when it is empty;
    /// - the machine: at home while idle, away while running; an idle runtime has nothing
    ///   waiting and no entry or exit work;
    /// - a waiting timer tick is flagged exactly when one waits (among the first
    ///   ``scannedItems`` items); the event kept under `keepLatest` waits in the queue;
    /// - the timer task and its deadline come and go together;
    /// - every live invocation is listed under its state, and nothing else is;
    /// - at most `MachineRuntime.faultMemory` recent faults, and no more than were counted;
    /// - a stopped runtime holds no timer, invocation or subscriber.
    ///
    /// - Returns: `true`; a violation stops a debug build.
    @usableFromInline
    func checkInvariants() -> Bool {
        precondition(head >= 0 && (queue.isEmpty ? head == 0 : head < queue.count),
                     "Statecraft: the runtime's queue head \(head) is outside its \(queue.count) items")
        switch phase {
        case .idle:
            precondition(isHome, "Statecraft: the runtime is idle but its machine is away")
            precondition(queue.isEmpty, "Statecraft: the runtime is idle with \(queue.count - head) items waiting")
            precondition(!inTransitionWork, "Statecraft: the runtime is idle during entry or exit work")
        case .running:
            precondition(!isHome, "Statecraft: the runtime is running but its machine is at home")
        case .stopped:
            precondition(timer == nil && timerDeadline == nil, "Statecraft: a stopped runtime keeps a timer")
            precondition(invocations.isEmpty && liveInvocations.isEmpty, "Statecraft: a stopped runtime keeps invocations")
            precondition(
                snapshotSubscribers.isEmpty && transitionSubscribers.isEmpty && activitySubscribers.isEmpty
                    && faultSubscribers.isEmpty,
                "Statecraft: a stopped runtime keeps subscribers"
            )
        }
        if phase != .stopped {
            let waiting = queue[head...].prefix(Self.scannedItems)
            if waiting.count == queue.count - head {
                let ticks = waiting.count { if case .tick = $0 { true } else { false } }
                precondition(ticks == (tickQueued ? 1 : 0),
                             "Statecraft: \(ticks) timer ticks wait but the runtime's flag says \(tickQueued)")
            }
            if let latestIndex {
                precondition(inTransitionWork && latestIndex >= head && latestIndex < queue.count,
                             "Statecraft: the event kept under keepLatest (at \(latestIndex)) is not in the queue")
            }
        }
        precondition((timer == nil) == (timerDeadline == nil), "Statecraft: the runtime's timer and its deadline disagree")
        var listed = 0
        for (state, running) in invocations {
            precondition(!running.isEmpty, "Statecraft: state \(state) keeps an empty list of invocations")
            for invocation in running {
                precondition(liveInvocations[invocation.id] == state,
                             "Statecraft: invocation \(invocation.id) of state \(state) is not live for it")
            }
            listed += running.count
        }
        precondition(listed == liveInvocations.count,
                     "Statecraft: \(liveInvocations.count) live invocations but \(listed) listed under their states")
        precondition(recentFaults.count <= MachineRuntime<Base>.faultMemory && recentFaults.count <= faultCount,
                     "Statecraft: \(recentFaults.count) recent faults of \(faultCount) counted")
        return true
    }
}
