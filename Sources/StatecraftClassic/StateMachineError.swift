/// Why a ``StateMachine`` refused a definition or a move: an unknown state, a duplicate, an
/// invalid event.
///
/// The machine is unchanged after any of these errors.
public struct StateMachineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for logs.
        public let name: String

        /// A state with this value was already added.
        public static let duplicateState = Code(name: "duplicateState")
        /// An event with this name was already added.
        public static let duplicateEvent = Code(name: "duplicateEvent")
        /// The state named was never added to the machine.
        public static let unknownState = Code(name: "unknownState")
        /// The event is malformed: an empty name, or no source state.
        public static let invalidEvent = Code(name: "invalidEvent")

        /// The code's name.
        public var description: String { name }
    }

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
