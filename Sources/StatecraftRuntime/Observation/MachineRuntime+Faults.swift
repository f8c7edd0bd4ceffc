public import Statecraft

/// The machine's faults: each time a limit cut something short while it ran.
extension MachineRuntime {
    /// How many of the most recent faults ``recentFaults`` keeps.
    static var faultMemory: Int { 100 }

    /// The machine's most recent faults, oldest first (at most the last 100; ``faultCount``
    /// counts them all): an eventless or raised-event loop cut after `Machine.microstepLimit`
    /// microsteps, timers cut at one instant, for an SCXML session also an invocation refused
    /// past its group's depth or session limit.
    ///
    /// Each is also written to the runtime's ``RuntimeFaultLog`` (standard error by default)
    /// and published by ``faults(buffering:)``.
    public var recentFaults: [EngineFault] {
        core.withLockAnnotated { $0.recentFaults }
    }

    /// How many faults the machine has reported since the runtime took it.
    public var faultCount: Int {
        core.withLockAnnotated { $0.faultCount }
    }

    /// Every fault the machine reports from now on, in order.
    ///
    /// ```swift
    /// for await fault in runtime.faults() { print("fault:", fault.code, fault.message) }
    /// ```
    ///
    /// Each call subscribes anew, when it returns. The sequence finishes when the runtime
    /// stops. While nobody subscribes, a step without faults costs nothing more for this.
    ///
    /// - Parameter buffering: What the sequence keeps while its reader is behind: everything
    ///   by default; `.bufferingNewest(n)` keeps the latest `n`.
    /// - Returns: A sequence of faults.
    public func faults(
        buffering: AsyncStream<EngineFault>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<EngineFault> {
        let (stream, subscriber) = AsyncStream.makeStream(of: EngineFault.self, bufferingPolicy: buffering)
        let id = core.withLockAnnotated { state in
            state.nextSubscriber += 1
            return state.nextSubscriber
        }
        subscriber.onTermination = { [weak self] _ in
            _ = self?.core.withLockAnnotated { $0.faultSubscribers.removeValue(forKey: id) }
        }
        let subscribed = core.withLockAnnotated { state in
            guard state.phase != .stopped else { return false }
            state.faultSubscribers[id] = subscriber
            return true
        }
        if !subscribed { subscriber.finish() }
        return stream
    }

    /// Takes the faults of the step just taken from the machine, and reports them. Out of line,
    /// like ``reportFaults(_:)``: only a step after which the machine says it may have faults
    /// calls it, and written into the send path it made every event slower (about 6 ns in
    /// `compare`'s `runtime.send.pool`).
    @usableFromInline
    @inline(never)
    func takeFaults(of machine: inout Base) {
        let faults = machine.takeFaults()
        if !faults.isEmpty { reportFaults(faults) }
    }

    /// Keeps, publishes and logs faults the machine reported in a step. Called while the
    /// machine is held, so faults are told in order; kept out of line, since most steps have
    /// none.
    @usableFromInline
    @inline(never)
    func reportFaults(_ faults: [EngineFault]) {
        core.withLockAnnotated { state in
            state.faultCount += faults.count
            state.recentFaults.append(contentsOf: faults)
            if state.recentFaults.count > Self.faultMemory {
                state.recentFaults.removeFirst(state.recentFaults.count - Self.faultMemory)
            }
            for fault in faults {
                for subscriber in state.faultSubscribers.values { subscriber.yield(fault) }
            }
        }
        for fault in faults { faultLog.writer(fault) }
    }
}
