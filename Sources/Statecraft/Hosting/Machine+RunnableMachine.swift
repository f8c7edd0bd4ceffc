/// A typed machine is driven as it is: its `send(_:)`, clock, snapshot, listener and
/// state-change record are the members a host needs. A `MachineRuntime` takes a machine whose
/// context is `Sendable`.
extension Machine: RunnableMachine {
    /// The fault of the step just taken, taken with `takeFault()`, so that it is reported
    /// once.
    ///
    /// - Returns: The fault, or nothing.
    @inlinable
    public mutating func takeFaults() -> [EngineFault] {
        guard let fault = takeFault() else { return [] }
        return [fault]
    }

    /// Whether the step just taken reported a fault: `hasFault`, one load.
    @inlinable
    public var mayHaveFaults: Bool { hasFault }

    /// A step of a runtime keeps a `LazySnapshot`, and builds the snapshot only when it is read.
    @inlinable
    public var snapshotSource: LazySnapshot<State, Event, Context> { lazySnapshot }

    /// The snapshot `source` builds.
    ///
    /// - Parameter source: A machine's `lazySnapshot`.
    /// - Returns: The machine's snapshot when the source was taken.
    @inlinable
    public static func snapshot(from source: LazySnapshot<State, Event, Context>) -> Snapshot<State, Event, Context> {
        source.snapshot
    }
}
