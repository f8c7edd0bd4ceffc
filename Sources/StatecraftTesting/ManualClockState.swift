/// The time and the sleepers of a ``ManualClock``, kept behind its mutex.
///
/// Each sleep is numbered when it starts, so that a cancellation that comes before the task
/// has registered its continuation is remembered, and one that comes after it has resumed is
/// ignored.
struct ManualClockState {
    /// Where one numbered sleep is.
    enum Sleep {
        /// Numbered, its continuation not registered yet.
        case starting
        /// Cancelled before its continuation was registered.
        case cancelled
        /// Waiting for its deadline.
        case sleeping(deadline: ManualClock.Instant, continuation: UnsafeContinuation<Void, any Error>)
    }

    /// What a sleep found when it registered its continuation.
    enum Registration {
        /// It sleeps; these watchers now see enough sleepers.
        case sleeping(watchers: [UnsafeContinuation<Void, Never>])
        /// Its deadline has already come.
        case due
        /// Its task was cancelled first.
        case cancelled
    }

    var now: ManualClock.Instant
    var sleeps: [UInt64: Sleep] = [:]
    var nextSleep: UInt64 = 0
    var sleeperCount = 0
    /// Tasks waiting for at least `count` sleepers.
    var watchers: [(count: Int, continuation: UnsafeContinuation<Void, Never>)] = []

    init(now: ManualClock.Instant) {
        self.now = now
    }

    /// Numbers a new sleep.
    mutating func register() -> UInt64 {
        nextSleep &+= 1
        sleeps[nextSleep] = .starting
        return nextSleep
    }

    /// Registers the continuation of sleep `id`, unless it is due or cancelled.
    mutating func wait(
        _ id: UInt64, until deadline: ManualClock.Instant, _ continuation: UnsafeContinuation<Void, any Error>
    ) -> Registration {
        if case .cancelled = sleeps[id] {
            sleeps[id] = nil
            return .cancelled
        }
        if deadline <= now {
            sleeps[id] = nil
            return .due
        }
        sleeps[id] = .sleeping(deadline: deadline, continuation: continuation)
        sleeperCount += 1
        let ready = watchers.filter { $0.count <= sleeperCount }
        watchers.removeAll { $0.count <= sleeperCount }
        return .sleeping(watchers: ready.map(\.continuation))
    }

    /// Cancels sleep `id`: returns its continuation when it was sleeping, and remembers the
    /// cancellation when it has not registered yet.
    mutating func cancel(_ id: UInt64) -> UnsafeContinuation<Void, any Error>? {
        switch sleeps[id] {
        case .starting:
            sleeps[id] = .cancelled
            return nil
        case .sleeping(_, let continuation):
            sleeps[id] = nil
            sleeperCount -= 1
            return continuation
        case .cancelled, nil:
            return nil
        }
    }

    /// Moves to `instant` and removes the sleeps now due, earliest first.
    mutating func advance(to instant: ManualClock.Instant) -> [UnsafeContinuation<Void, any Error>] {
        guard instant > now else { return [] }
        now = instant
        var due: [(deadline: ManualClock.Instant, id: UInt64, continuation: UnsafeContinuation<Void, any Error>)] = []
        for (id, sleep) in sleeps {
            if case .sleeping(let deadline, let continuation) = sleep, deadline <= instant {
                due.append((deadline, id, continuation))
            }
        }
        for entry in due { sleeps[entry.id] = nil }
        sleeperCount -= due.count
        due.sort { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.id < $1.id }
        return due.map(\.continuation)
    }
}
