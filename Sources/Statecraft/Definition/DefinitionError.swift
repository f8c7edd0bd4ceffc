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
    public typealias Code = ErrorCode<DefinitionError>

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
    public typealias Code = ErrorCode<DefinitionWarning>

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

extension ErrorCode where Domain == DefinitionError {
    /// The chart declares no state.
    public static var emptyChart: Self { Self(name: "emptyChart") }
    /// Two states share one identity.
    public static var duplicateState: Self { Self(name: "duplicateState") }
    /// A transition targets a state the chart does not declare.
    public static var unknownTarget: Self { Self(name: "unknownTarget") }
    /// The initial state named is not a state of the chart.
    public static var unknownInitialState: Self { Self(name: "unknownInitialState") }
    /// A final state declares a transition; final states have none.
    public static var transitionFromFinalState: Self { Self(name: "transitionFromFinalState") }
    /// A compound state has no child state.
    public static var compoundWithoutChildren: Self { Self(name: "compoundWithoutChildren") }
    /// A parallel state has no region.
    public static var parallelWithoutRegions: Self { Self(name: "parallelWithoutRegions") }
    /// An initial state or a history default is not where it may be: not a descendant of its
    /// compound state, not a child (shallow) or descendant (deep) of the history's parent.
    public static var invalidInitial: Self { Self(name: "invalidInitial") }
    /// An element is written where it has no meaning: done data outside a final state, an
    /// initial transition in a parallel state, two initial transitions.
    public static var misplacedElement: Self { Self(name: "misplacedElement") }
    /// A transition targets states that cannot be active together.
    public static var conflictingTargets: Self { Self(name: "conflictingTargets") }
    /// An eventless transition (``Always``) has neither a target nor a guard: it would be
    /// taken again after every microstep, forever.
    public static var endlessEventlessTransition: Self { Self(name: "endlessEventlessTransition") }
    /// A ``When`` names a state the chart does not declare.
    public static var unknownState: Self { Self(name: "unknownState") }
}

extension ErrorCode where Domain == DefinitionWarning {
    /// No sequence of transitions from the initial state reaches this state.
    public static var unreachableState: Self { Self(name: "unreachableState") }
    /// An earlier transition without a guard, on the same event in the same state, is
    /// always taken first, so this one never is.
    public static var shadowedTransition: Self { Self(name: "shadowedTransition") }
}
