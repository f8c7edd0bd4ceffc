/// A machine's state kept as it was at one moment, whose ``Snapshot`` is built only when it is
/// read.
///
/// Taking one retains the chart (and, for a hierarchical machine, shares its storage until the
/// machine next changes, which then copies it) and allocates nothing, so it costs far less
/// than building a snapshot: a runtime keeps one in every step and builds the snapshot only for
/// those who ask.
///
/// ```swift
/// let kept = machine.lazySnapshot
/// machine.send(.coin)
/// print(kept.snapshot.activeStates)   // the states before the coin
/// ```
public struct LazySnapshot<State: Hashable & Sendable, Event: MachineEvent, Context> {
    @usableFromInline let chart: Statechart<State, Event, Context>
    @usableFromInline let current: Int
    @usableFromInline let finished: Bool
    @usableFromInline let context: Context
    @usableFromInline let workspace: Workspace<Event>?
    @usableFromInline let clock: Duration

    @inlinable
    init(_ machine: Machine<State, Event, Context>) {
        chart = machine.chart
        current = machine.current
        finished = machine.finished
        context = machine.storedContext
        workspace = machine.workspace
        clock = machine.clock
    }

    /// The snapshot of the machine at the moment this was taken.
    ///
    /// - Complexity: As ``Machine/snapshot``: each read builds it anew.
    public var snapshot: Snapshot<State, Event, Context> {
        Machine(kept: self).snapshot
    }
}

extension LazySnapshot: Sendable where Context: Sendable {}

extension Machine {
    /// The machine's state now, kept so that its ``Snapshot`` is built only when read: far
    /// cheaper to take than ``snapshot`` when the snapshot may never be needed.
    @inlinable
    public var lazySnapshot: LazySnapshot<State, Event, Context> {
        LazySnapshot(self)
    }

    /// A machine in the state `kept` holds, with no listener, for building its snapshot.
    init(kept: LazySnapshot<State, Event, Context>) {
        chart = kept.chart
        program = kept.chart.program
        current = kept.current
        finished = kept.finished
        storedContext = kept.context
        workspace = kept.workspace
        clock = kept.clock
        leafRow = kept.chart.isFlat && !kept.finished ? kept.chart.table.row(of: kept.current) : -1
        onTransition = nil
    }
}
