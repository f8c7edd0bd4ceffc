extension ObjectStateMachineError {
    /// The kind of an ``ObjectStateMachineError``.
    ///
    /// `Code` is a struct with one static constant per kind rather than an enum, so that new
    /// kinds can be added without breaking code that switches over the existing ones. Compare
    /// codes with `==` or match them in a `switch` with a `default` case.
    ///
    /// ```swift
    /// if error.code == .unknownState { registerMissingState() }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The name of the code, such as `unknownState`.
        public var description: String {
            name
        }

        /// Two of the states passed to the machine are instances of the same class.
        public static let duplicateState = Code("duplicateState")

        /// A state passed to the machine already belongs to another machine.
        public static let stateAlreadyRegistered = Code("stateAlreadyRegistered")

        /// The requested state class is not registered with the machine.
        public static let unknownState = Code("unknownState")

        /// The current state's ``ObjectState/isValidNextState(_:)`` refused the move.
        public static let invalidNextState = Code("invalidNextState")

        /// A transition was requested while the machine was busy with another one: from
        /// ``ObjectState/willExit(to:)`` or from ``ObjectState/isValidNextState(_:)``.
        public static let reentrantTransition = Code("reentrantTransition")
    }
}
