/// Whether a transition whose targets are all inside its source state leaves that state.
///
/// An *external* transition exits its source and enters it again; an *internal* one, from a
/// compound state to its own descendants, leaves the source active and exits only the
/// descendants it must. This is SCXML's `type` attribute; it only matters when the source is
/// compound and every target is its descendant.
public enum TransitionType: Hashable, Sendable {
    /// Exit and re-enter the source state (the default).
    case external
    /// Stay in the source state; exit and enter only inside it.
    case `internal`
}

/// What triggers a transition, before validation.
enum TriggerDeclaration<Kind: Hashable & Sendable>: Sendable {
    /// An event of this kind.
    case event(Kind)
    /// Nothing: the transition is taken as soon as its guard allows.
    case eventless
    /// The `done.state` event of the state it is written in.
    case done
    /// A timer started when its state is entered and cancelled when the state exits.
    case after(Duration)
}

/// A transition as the builder collected it, before validation.
struct TransitionDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    var trigger: TriggerDeclaration<Event.Kind>
    var targets: [State]
    var type: TransitionType
    var condition: GuardClosure<Event, Context>?
    var action: ActionClosure<State, Event, Context>?
    var location: SourceLocation

    /// A name for the trigger in messages: `'coin'`, `eventless`, `done`, `after 2 seconds`.
    var triggerDescription: String {
        switch trigger {
        case .event(let kind): "on '\(kind)'"
        case .eventless: "without event"
        case .done: "on done"
        case .after(let delay): "after \(delay)"
        }
    }
}
