/// What firing an event did: the move it made, or why it made none.
///
/// ```swift
/// switch machine.fireEvent("Pass") {
/// case .success(let source, let destination): print("\(source) -> \(destination)")
/// case .error(let error):                      print(error)
/// case .queued:                                print("runs after the current move")
/// }
/// ```
public enum Transition<T: Hashable> {
    /// The machine moved from `sourceState` to `destinationState`; every hook has run.
    case success(sourceState: State<T>, destinationState: State<T>)
    /// The machine did not move; it is unchanged.
    case error(TransitionError)
    /// The call was made from inside a hook or guard of this machine, while another move was
    /// running. The event was queued and fires, in order, once the running move and every
    /// event queued before it have completed; its outcome shows in the hooks it runs and in
    /// ``StateMachine/currentState``.
    case queued

    /// Whether the machine moved.
    public var isSuccessful: Bool {
        if case .success = self { true } else { false }
    }
}

extension Transition: Equatable {
    /// Successes are equal when their states have equal values; errors when their causes are.
    public static func == (lhs: Transition<T>, rhs: Transition<T>) -> Bool {
        switch (lhs, rhs) {
        case let (.success(a, b), .success(c, d)): a.value == c.value && b.value == d.value
        case let (.error(a), .error(b)): a == b
        case (.queued, .queued): true
        default: false
        }
    }
}

extension Transition: CustomStringConvertible {
    /// `success(Initial -> Passed)`, `error(wrongSourceState)` or `queued`.
    public var description: String {
        switch self {
        case let .success(source, destination): "success(\(source.value) -> \(destination.value))"
        case let .error(error): "error(\(error.name))"
        case .queued: "queued"
        }
    }
}

/// Why firing an event made no move.
public enum TransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No event of that name was added to the machine.
    case unknownEvent
    /// The machine's current state is not one of the event's source states.
    case wrongSourceState
    /// The event's `shouldFireEvent` guard returned `false`.
    case transitionDeclined

    /// The case's name.
    public var name: String {
        switch self {
        case .unknownEvent: "unknownEvent"
        case .wrongSourceState: "wrongSourceState"
        case .transitionDeclined: "transitionDeclined"
        }
    }

    /// What happened and what to check.
    public var description: String {
        switch self {
        case .unknownEvent:
            "unknownEvent: no event of that name was added; add it with addEvent(_:) or check its spelling"
        case .wrongSourceState:
            "wrongSourceState: the current state is not one of the event's source states"
        case .transitionDeclined:
            "transitionDeclined: the event's shouldFireEvent guard returned false"
        }
    }
}
