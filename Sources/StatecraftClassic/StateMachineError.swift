public import Statecraft

/// Why a ``StateMachine`` refused a definition or a move: an unknown state, a duplicate, an
/// invalid event.
///
/// The machine is unchanged after any of these errors.
public struct StateMachineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is. New codes may be added.
    public typealias Code = ErrorCode<StateMachineError>

    /// What kind of mistake it is.
    public let code: Code
    /// What was wrong, naming the state or event, and what to do.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of mistake it is.
    ///   - message: What was wrong and what to do.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode where Domain == StateMachineError {
    /// A state with this value was already added.
    public static var duplicateState: Self { Self(name: "duplicateState") }
    /// An event with this name was already added.
    public static var duplicateEvent: Self { Self(name: "duplicateEvent") }
    /// The state named was never added to the machine.
    public static var unknownState: Self { Self(name: "unknownState") }
    /// The event is malformed: an empty name, or no source state.
    public static var invalidEvent: Self { Self(name: "invalidEvent") }
}
