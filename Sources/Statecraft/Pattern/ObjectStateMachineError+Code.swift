extension ObjectStateMachineError {
    /// The kind of an ``ObjectStateMachineError``.
    ///
    /// `Code` is an ``ErrorCode`` with one static member per kind rather than an enum, so that
    /// new kinds can be added without breaking code that switches over the existing ones.
    /// Compare codes with `==` or match them in a `switch` with a `default` case.
    ///
    /// ```swift
    /// if error.code == .unknownState { registerMissingState() }
    /// ```
    public typealias Code = ErrorCode<ObjectStateMachineError>
}

extension ErrorCode where Domain == ObjectStateMachineError {
    /// Two of the states passed to the machine are instances of the same class.
    public static var duplicateState: Self { Self(name: "duplicateState") }
    /// A state passed to the machine already belongs to another machine.
    public static var stateAlreadyRegistered: Self { Self(name: "stateAlreadyRegistered") }
    /// The requested state class is not registered with the machine.
    public static var unknownState: Self { Self(name: "unknownState") }
    /// The current state's ``ObjectState/isValidNextState(_:)`` refused the move.
    public static var invalidNextState: Self { Self(name: "invalidNextState") }
    /// A transition was requested while the machine was busy with another one: from
    /// ``ObjectState/willExit(to:)`` or from ``ObjectState/isValidNextState(_:)``.
    public static var reentrantTransition: Self { Self(name: "reentrantTransition") }
}
