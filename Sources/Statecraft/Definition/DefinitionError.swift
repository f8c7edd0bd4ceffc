/// Why a chart definition was refused when it was built.
///
/// A definition is checked once, when the ``Statechart`` is created, so that every machine
/// made from it is sound. The error names the state or transition at fault, where it was
/// written, and what to do.
///
/// ```swift
/// do {
///     let chart = try Statechart<Light, Input, Void> { ... }
/// } catch {
///     print(error)   // "Main.swift:12: the transition on 'toggle' from 'off' targets 'dim', ..."
/// }
/// ```
public struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake the definition holds. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for logs.
        public let name: String

        /// The chart declares no state.
        public static let emptyChart = Code(name: "emptyChart")
        /// Two states share one identity.
        public static let duplicateState = Code(name: "duplicateState")
        /// A transition targets a state the chart does not declare.
        public static let unknownTarget = Code(name: "unknownTarget")
        /// The initial state named is not a state of the chart.
        public static let unknownInitialState = Code(name: "unknownInitialState")
        /// A final state declares a transition; final states have none.
        public static let transitionFromFinalState = Code(name: "transitionFromFinalState")
        /// A compound state has no child state.
        public static let compoundWithoutChildren = Code(name: "compoundWithoutChildren")
        /// A parallel state has no region.
        public static let parallelWithoutRegions = Code(name: "parallelWithoutRegions")
        /// An initial state or a history default is not where it may be: not a descendant of its
        /// compound state, not a child (shallow) or descendant (deep) of the history's parent.
        public static let invalidInitial = Code(name: "invalidInitial")
        /// An element is written where it has no meaning: done data outside a final state, an
        /// initial transition in a parallel state, two initial transitions.
        public static let misplacedElement = Code(name: "misplacedElement")
        /// A transition targets states that cannot be active together.
        public static let conflictingTargets = Code(name: "conflictingTargets")
        /// An eventless transition (``Always``) has neither a target nor a guard: it would be
        /// taken again after every microstep, forever.
        public static let endlessEventlessTransition = Code(name: "endlessEventlessTransition")
        /// A ``When`` names a state the chart does not declare.
        public static let unknownState = Code(name: "unknownState")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of mistake this is.
    public let code: Code
    /// What was wrong and what to do about it.
    public let message: String
    /// Where the faulty element was written, when known.
    public let location: SourceLocation?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of mistake this is.
    ///   - message: What was wrong and what to do about it.
    ///   - location: Where the faulty element was written.
    public init(code: Code, message: String, location: SourceLocation? = nil) {
        self.code = code
        self.message = message.escapingControlCharacters()
        self.location = location
    }

    /// The message, preceded by the location when there is one.
    public var description: String {
        if let location { "\(location): \(message)" } else { message }
    }
}

/// Something a definition allows but that is probably a mistake, found when the chart was built.
public struct DefinitionWarning: Hashable, Sendable, CustomStringConvertible {
    /// What kind of oddity this is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for logs.
        public let name: String

        /// No sequence of transitions from the initial state reaches this state.
        public static let unreachableState = Code(name: "unreachableState")
        /// An earlier transition without a guard, on the same event in the same state, is
        /// always taken first, so this one never is.
        public static let shadowedTransition = Code(name: "shadowedTransition")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of oddity this is.
    public let code: Code
    /// What was found.
    public let message: String
    /// Where the element in question was written.
    public let location: SourceLocation?

    /// The message, preceded by the location when there is one.
    public var description: String {
        if let location { "\(location): \(message)" } else { message }
    }
}
