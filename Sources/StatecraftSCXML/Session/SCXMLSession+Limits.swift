public import Statecraft

/// The limits a session's group keeps on invocations, and the faults that say when a limit cut
/// something short.
extension SCXMLSession {
    /// The most levels of invocation below the top-level session: 16 by default, for every
    /// session of the group.
    ///
    /// A session at this depth that runs an `<invoke>` does not start the child: it gets
    /// `error.execution` (SCXML 6.4: an invocation that cannot start raises it), whose data
    /// names this limit, and a fault with code `invocationDepthLimit` is reported. A document
    /// that invokes itself, by `src` or with inline `<content>`, is stopped there. At least 0
    /// (no invocation at all).
    public var invocationDepthLimit: Int {
        get { group.invocationDepthLimit }
        set { group.invocationDepthLimit = max(0, newValue) }
    }

    /// The most sessions of the group that may run at once, the top-level session included:
    /// 1,000 by default.
    ///
    /// An `<invoke>` that would start one more does not start: the invoking session gets
    /// `error.execution` naming this limit, and a fault with code `sessionLimit` is reported.
    /// It bounds a document whose every level invokes many children, which
    /// ``invocationDepthLimit`` alone would let grow to the power of the depth. A session stops
    /// counting when it ends. At least 1.
    public var sessionLimit: Int {
        get { group.sessionLimit }
        set { group.sessionLimit = max(1, newValue) }
    }

    /// The most recent faults of this session's group, oldest first: each time a limit cut
    /// something short. At most the last 1,000 are kept; ``faultCount`` counts them all.
    ///
    /// A fault's `code` says which limit: `microstepLimit` (an eventless or `<raise>` loop cut
    /// after `Machine.microstepLimit` microsteps, its internal queue dropped, or invocations
    /// that failed ``invocationRoundLimit`` times in a row), `eventLimit` (a call stopped after
    /// ``eventLimit`` events, the rest queued), `invocationDepthLimit` and `sessionLimit` (an
    /// invocation not started). A fault of an invoked session begins with its id and invoke
    /// id: `session 3 (invoked as 'worker'): ...`.
    public var faults: [EngineFault] { group.faults }

    /// How many faults the group has reported since it was made, those no longer in
    /// ``faults`` included.
    public var faultCount: Int { group.faultCount }

    /// Called with each fault as it is reported, for every session of the group (a fault of
    /// an invoked session names it); `nil` for none. The fault is in ``faults`` too.
    ///
    /// It is called while the session runs: record or log the fault, and do not call the
    /// session from it.
    public var faultHandler: ((EngineFault) -> Void)? {
        get { group.faultHandler }
        set { group.faultHandler = newValue }
    }

    /// The faults reported since the last call (at most the last 1,000), for a host that logs
    /// each one once (`SCXMLMachine` in a `MachineRuntime`).
    ///
    /// - Returns: The new faults, oldest first.
    package func takeNewFaults() -> [EngineFault] {
        group.takeNewFaults()
    }
}
