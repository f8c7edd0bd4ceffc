/// Something written inside a state: a transition, an entry or exit action, an initial
/// transition, done data, or (inside ``Compound`` and ``Parallel``) a child state.
///
/// You do not create these directly; the ``StateBuilder`` and ``CompoundBuilder`` make one
/// from each element of a state's body.
public struct StateElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    package enum Storage {
        case transition(TransitionDeclaration<State, Event, Context>)
        case entry(ActionClosure<State, Event, Context>)
        case exit(ActionClosure<State, Event, Context>)
        case initial(TransitionDeclaration<State, Event, Context>)
        case doneData(DoneDataClosure<Event, Context>)
        case child(StateDeclaration<State, Event, Context>)
    }

    package let storage: Storage
    /// For an entry or exit action: what a drawing calls it, when the chart names it.
    package let label: String?

    package init(storage: Storage, label: String? = nil) {
        self.storage = storage
        self.label = label
    }
}

/// A state as the builder collected it, before validation.
package struct StateDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    package enum Kind: Sendable, Equatable {
        case atomic
        /// The states named by `initial:`, in the order written; empty when none is.
        case compound(initial: [State])
        case parallel
        case final
        case history(HistoryKind)
    }

    package var id: State
    package var kind: Kind
    package var elements: [StateElement<State, Event, Context>]
    package var location: SourceLocation

    package init(id: State, kind: Kind, elements: [StateElement<State, Event, Context>], location: SourceLocation) {
        self.id = id
        self.kind = kind
        self.elements = elements
        self.location = location
    }
}

/// Done data in the shape the engine calls: it may raise events (SCXML's `error.execution`
/// when evaluating the data fails) before the done event is queued.
@usableFromInline
package typealias DoneDataClosure<Event: MachineEvent, Context> =
    @Sendable (_ context: inout Context, _ effects: inout Effects<Event>) -> Event?

/// A state of a chart, as written in its definition.
///
/// You do not create these directly; the ``ChartBuilder`` makes one from each ``Atomic``,
/// ``Compound``, ``Parallel`` and ``Final`` at the top of a chart's body.
public struct ChartElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>
}
