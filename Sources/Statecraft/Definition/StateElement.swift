/// Something written inside a state: a transition, an entry or exit action, an initial
/// transition, done data, or (inside ``Compound`` and ``Parallel``) a child state.
///
/// You do not create these directly; the ``StateBuilder`` and ``CompoundBuilder`` make one
/// from each element of a state's body.
public struct StateElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    enum Storage {
        case transition(TransitionDeclaration<State, Event, Context>)
        case entry(ActionClosure<State, Event, Context>)
        case exit(ActionClosure<State, Event, Context>)
        case initial(TransitionDeclaration<State, Event, Context>)
        case doneData(@Sendable (Context) -> Event?)
        case child(StateDeclaration<State, Event, Context>)
    }

    let storage: Storage
}

/// A state as the builder collected it, before validation.
struct StateDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    enum Kind: Sendable, Equatable {
        case atomic
        case compound(initial: State?)
        case parallel
        case final
        case history(HistoryKind)
    }

    var id: State
    var kind: Kind
    var elements: [StateElement<State, Event, Context>]
    var location: SourceLocation
}

/// A state of a chart, as written in its definition.
///
/// You do not create these directly; the ``ChartBuilder`` makes one from each ``Atomic``,
/// ``Compound``, ``Parallel`` and ``Final`` at the top of a chart's body.
public struct ChartElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>
}
