/// The reason an ``ObjectStateMachine`` refused to be created or to move.
///
/// Every refusal leaves the machine as it was: no hook runs and the current state stays the
/// same. Match on ``code`` to react to a kind of refusal, and show ``message`` to a person: it
/// names the state classes involved and says what to change.
///
/// ```swift
/// do {
///     try machine.transition(to: Open.self)
/// } catch {
///     if error.code == .invalidNextState {
///         showLockedHint()
///     }
///     print(error.message)
/// }
/// ```
public struct ObjectStateMachineError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The kind of refusal.
    public var code: Code

    /// A human-readable explanation: what was wrong, which state classes were involved, and
    /// what to do about it.
    public var message: String

    /// Creates an error from a code and a message.
    ///
    /// The machine creates its own errors; use this initializer to build an expected value in a
    /// test or to report a refusal of your own with the same type.
    ///
    /// - Parameters:
    ///   - code: The kind of refusal.
    ///   - message: What was wrong and what to do about it.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The error's ``message``.
    public var description: String {
        message
    }
}

extension ObjectStateMachineError {
    /// The name of a state class as the errors print it: module-qualified, such as `Game.Idle`.
    static func name(of stateType: Any.Type) -> String {
        String(reflecting: stateType)
    }

    static func duplicateState(_ stateType: Any.Type, count: Int) -> Self {
        let name = name(of: stateType)
        return Self(
            code: .duplicateState,
            message: "Cannot create the state machine: `states` holds \(count) instances of \(name). "
                + "Pass exactly one instance of each state class."
        )
    }

    static func stateAlreadyRegistered(_ stateType: Any.Type) -> Self {
        let name = name(of: stateType)
        return Self(
            code: .stateAlreadyRegistered,
            message: "Cannot create the state machine: the \(name) instance in `states` already "
                + "belongs to another ObjectStateMachine. Create a new \(name) for each machine."
        )
    }

    static func unknownState(_ stateType: Any.Type, registered: [Any.Type]) -> Self {
        let name = name(of: stateType)
        let known = registered.isEmpty ? "none" : registered.map { Self.name(of: $0) }.joined(separator: ", ")
        return Self(
            code: .unknownState,
            message: "Cannot enter \(name): no state of that class is registered with this machine "
                + "(registered: \(known)). Add a \(name) instance to `states` when you create the machine."
        )
    }

    static func invalidNextState(_ stateType: Any.Type, from current: Any.Type) -> Self {
        let name = name(of: stateType)
        let currentName = Self.name(of: current)
        return Self(
            code: .invalidNextState,
            message: "Cannot enter \(name) from \(currentName): \(currentName).isValidNextState(_:) "
                + "returned false. Enter a state that \(currentName) allows, or allow \(name) there."
        )
    }

    static func reentrantWhileExiting(
        _ stateType: Any.Type,
        exiting current: Any.Type,
        to next: Any.Type
    ) -> Self {
        let name = name(of: stateType)
        let currentName = Self.name(of: current)
        let nextName = Self.name(of: next)
        return Self(
            code: .reentrantTransition,
            message: "Cannot enter \(name) while \(currentName) is exiting to \(nextName): a transition "
                + "requested from willExit(to:) would interrupt the one in progress. Request it from "
                + "\(nextName).didEnter(from:) instead, once the move is complete."
        )
    }

    static func reentrantWhileAsking(
        _ stateType: Any.Type,
        asking current: Any.Type,
        about candidate: Any.Type
    ) -> Self {
        let name = name(of: stateType)
        let currentName = Self.name(of: current)
        let candidateName = Self.name(of: candidate)
        return Self(
            code: .reentrantTransition,
            message: "Cannot enter \(name) while \(currentName).isValidNextState(_:) is deciding "
                + "whether \(candidateName) may follow it. Make isValidNextState(_:) answer without "
                + "moving the machine."
        )
    }
}
