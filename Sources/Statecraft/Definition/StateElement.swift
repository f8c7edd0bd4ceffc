/// Something written inside a state: a transition, an entry action or an exit action.
///
/// You do not create these directly; the ``StateBuilder`` makes one from each ``On``,
/// ``OnEntry`` and ``OnExit`` in a state's body.
public struct StateElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    enum Storage {
        case transition(TransitionDeclaration<State, Event, Context>)
        case entry(ChartClosures<Context, Event>.StateAction)
        case exit(ChartClosures<Context, Event>.StateAction)
    }

    let storage: Storage
}

/// A state as the builder collected it, before validation.
struct StateDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    enum Kind: Sendable, Equatable {
        case atomic
        case final
    }

    var id: State
    var kind: Kind
    var elements: [StateElement<State, Event, Context>]
    var location: SourceLocation
}

/// A state of a chart, as written in its definition.
///
/// You do not create these directly; the ``ChartBuilder`` makes one from each ``Atomic`` and
/// ``Final`` in a chart's body.
public struct ChartElement<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>
}
