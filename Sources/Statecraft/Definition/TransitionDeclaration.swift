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
package enum TriggerDeclaration<Kind: Hashable & Sendable>: Sendable {
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
package struct TransitionDeclaration<State: Hashable & Sendable, Event: MachineEvent, Context> {
    package var trigger: TriggerDeclaration<Event.Kind>
    package var targets: [State]
    package var type: TransitionType
    package var condition: GuardClosure<Event, Context>?
    /// Whether `condition` only checks that the event (or done data) is of the case the
    /// transition names: written with a case and no guard of the user's.
    package var guardOnlyMatchesCase = false
    package var action: ActionClosure<State, Event, Context>?
    package var location: SourceLocation
    /// States that must all be active for the transition to be enabled (``When``).
    package var requiredStates: [State] = []
    /// States none of which may be active for the transition to be enabled (``When``).
    package var excludedStates: [State] = []
    /// What a drawing calls the guard (`enough coins`), when the chart names it.
    package var guardLabel: String?
    /// What a drawing calls the action (`count coin`), when the chart names it.
    package var actionLabel: String?

    package init(
        trigger: TriggerDeclaration<Event.Kind>,
        targets: [State],
        type: TransitionType,
        condition: GuardClosure<Event, Context>?,
        action: ActionClosure<State, Event, Context>?,
        location: SourceLocation,
        guardLabel: String? = nil,
        actionLabel: String? = nil
    ) {
        self.trigger = trigger
        self.targets = targets
        self.type = type
        self.condition = condition
        self.action = action
        self.location = location
        self.guardLabel = guardLabel
        self.actionLabel = actionLabel
    }

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
