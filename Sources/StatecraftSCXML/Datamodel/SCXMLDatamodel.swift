import Statecraft

/// What a datamodel may ask of the session it serves. It is only valid on the session's own
/// thread of control, like the datamodel itself.
public struct SCXMLDatamodelEnvironment {
    /// Whether the state with this id is active now: the `In()` predicate.
    public var isActive: (String) -> Bool
    /// The session's evaluation meter and budgets (``SCXMLBudgets``): a datamodel calls
    /// ``SCXMLEvaluationMeter/beginEvaluation()`` as each evaluation starts, charges the meter
    /// while it works, and keeps its values within ``SCXMLEvaluationMeter/budgets``.
    public var meter: SCXMLEvaluationMeter

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - meter: The evaluation meter; by default a new one with the standard budgets, which
    ///     gives each evaluation a time budget of its own until a session drives it.
    ///   - isActive: Answers `In(id)`.
    public init(meter: SCXMLEvaluationMeter = SCXMLEvaluationMeter(), isActive: @escaping (String) -> Bool) {
        self.meter = meter
        self.isActive = isActive
    }
}

/// An error a datamodel reports: the session turns it into an `error.execution` event and goes
/// on, as the SCXML recommendation says.
public struct SCXMLDatamodelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words: `unknown variable 'Var9'`.
    public var message: String
    /// Where in the expression, from 0, when known.
    public var offset: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - offset: Where in the expression, counted in characters from 0.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message.escapingControlCharacters()
        self.offset = offset
    }

    /// The message, with the offset when known.
    public var description: String {
        offset.map { "\(message) (at character \($0 + 1))" } ?? message
    }
}

/// The data side of an SCXML session: it holds the variables and evaluates the expressions a
/// document writes in `expr`, `cond`, `location`, `<script>` and the `*expr` attributes.
///
/// A session makes one instance for itself when it starts. Every method runs on the session's
/// own thread of control, one at a time. A method that cannot do what it is asked throws; the
/// session raises `error.execution` with the error's description and goes on.
///
/// Two datamodels come with the package: ``SCXMLNullDatamodel`` (`datamodel="null"`: only
/// `In()`) and ``SCXMLExpressionDatamodel`` (`datamodel="statecraft"`, the default). Bring
/// your own by conforming to this protocol and registering a factory with the reader.
public protocol SCXMLDatamodel: AnyObject {
    /// Creates the datamodel of one session.
    ///
    /// - Parameter environment: What the datamodel may ask of its session.
    init(environment: SCXMLDatamodelEnvironment)

    /// Creates the variable `id` with `value`, as `<data>` does. Declaring a name again
    /// replaces its value.
    ///
    /// - Throws: When `id` cannot name a variable in this datamodel.
    func declare(_ id: String, value: SCXMLValue) throws

    /// Evaluates a value expression (`expr`, `delayexpr`, `targetexpr`...).
    ///
    /// - Returns: Its value.
    /// - Throws: When the expression is malformed or cannot be evaluated.
    func evaluate(_ expression: String) throws -> SCXMLValue

    /// Evaluates a condition (`cond`).
    ///
    /// - Returns: Its truth.
    /// - Throws: When it is malformed, cannot be evaluated, or is not a boolean where the
    ///   datamodel requires one.
    func evaluateCondition(_ expression: String) throws -> Bool

    /// Stores `value` at `location` (`assign`, `idlocation`, `foreach`'s `item` and `index`).
    ///
    /// - Throws: When `location` is malformed, names nothing that can be written, or names a
    ///   system variable.
    func assign(_ location: String, value: SCXMLValue) throws

    /// Whether `location` names something that ``assign(_:value:)`` can write.
    func isAssignable(_ location: String) -> Bool

    /// Runs a `<script>`.
    ///
    /// - Throws: When the script is malformed or fails.
    func run(script: String) throws

    /// Sets a system variable (`_event`, `_sessionid`, `_name`, `_ioprocessors`): the only way
    /// to write one; a document that assigns to one gets an error.
    func setSystemVariable(_ name: String, value: SCXMLValue)

    /// The value of inline content (`<data>` or `<content>` text, a file loaded by `src`): what
    /// this datamodel makes of the text. Content it cannot parse is kept as a string.
    func value(ofContent text: String) -> SCXMLValue

    /// Creates the variable `id` with the value of `expression`, as `<data expr>` does.
    ///
    /// The default evaluates the expression and calls ``declare(_:value:)``. A datamodel whose
    /// values are richer than ``SCXMLValue`` (functions, objects with a prototype) implements
    /// it to keep the value as the expression made it.
    ///
    /// - Parameters:
    ///   - id: The variable's name.
    ///   - expression: A value expression.
    /// - Throws: When the expression cannot be evaluated or `id` cannot name a variable.
    func declare(_ id: String, expression: String) throws

    /// Stores the value of `expression` at `location`, as `<assign expr>` does.
    ///
    /// The default evaluates the expression and calls ``assign(_:value:)``; a datamodel with
    /// richer values implements it to store the value itself, not a copy.
    ///
    /// - Parameters:
    ///   - location: A location expression.
    ///   - expression: A value expression.
    /// - Throws: When either cannot be evaluated, or `location` cannot be written.
    func assign(_ location: String, expression: String) throws

    /// Runs `body` once per item of the collection `array` evaluates to, as `<foreach>` does:
    /// before each run, the item is stored at `item` and its position, from 0, at `index`.
    ///
    /// `item` and `index` are declared first when ``isAssignable(_:)`` says they are not. The
    /// collection is copied before the first run, so a body that changes it does not change
    /// the iteration. The default iterates an ``SCXMLValue/array(_:)``; a datamodel with richer
    /// values implements it to hand the body the items themselves.
    ///
    /// - Parameters:
    ///   - array: A value expression that must give an array.
    ///   - item: A variable name: where each item goes.
    ///   - index: A variable name for the position, if any.
    ///   - body: The `<foreach>` children; an error it throws ends the iteration and is
    ///     rethrown.
    /// - Throws: When `array` is not an array, `item` or `index` cannot be declared, or `body`
    ///   throws.
    func iterate(array: String, item: String, index: String?, body: () throws -> Void) throws

    /// The declared variables and their values, for a session snapshot, in declaration order.
    ///
    /// A variable declared without a value is ``SCXMLValue/undefined``. System variables are
    /// not included: the session sets them again when it is restored.
    ///
    /// - Returns: One member per variable.
    /// - Throws: ``SCXMLDatamodelError`` naming every variable whose value cannot be written as
    ///   JSON (a function, a cycle), rather than leaving it out. The default throws, for
    ///   datamodels that cannot be saved.
    func exportVariables() throws -> [SCXMLMember]

    /// Declares each variable with its value, as ``exportVariables()`` gave them, when a
    /// session is restored from a snapshot.
    ///
    /// - Parameter variables: The variables, in declaration order.
    /// - Throws: ``SCXMLDatamodelError`` when one cannot be declared. The default throws, for
    ///   datamodels that cannot be restored.
    func importVariables(_ variables: [SCXMLMember]) throws
}

extension SCXMLDatamodel {
    /// Evaluates `expression` and declares `id` with its value.
    ///
    /// - Parameters:
    ///   - id: The variable's name.
    ///   - expression: A value expression.
    /// - Throws: What ``evaluate(_:)`` or ``declare(_:value:)`` throws.
    public func declare(_ id: String, expression: String) throws {
        try declare(id, value: evaluate(expression))
    }

    /// Evaluates `expression` and stores its value at `location`.
    ///
    /// - Parameters:
    ///   - location: A location expression.
    ///   - expression: A value expression.
    /// - Throws: What ``evaluate(_:)`` or ``assign(_:value:)`` throws.
    public func assign(_ location: String, expression: String) throws {
        try assign(location, value: evaluate(expression))
    }

    /// Iterates the ``SCXMLValue/array(_:)`` that `array` evaluates to.
    ///
    /// - Parameters:
    ///   - array: A value expression that must give an array.
    ///   - item: Where each item goes.
    ///   - index: Where its position goes, if anywhere.
    ///   - body: Run once per item.
    /// - Throws: ``SCXMLDatamodelError`` when `array` is not an array; what the datamodel or
    ///   `body` throws.
    public func iterate(array: String, item: String, index: String?, body: () throws -> Void) throws {
        guard case .array(let items) = try evaluate(array) else {
            throw SCXMLDatamodelError("<foreach> array '\(array)' is not an array")
        }
        if !isAssignable(item) { try declare(item, value: .undefined) }
        if let index, !isAssignable(index) { try declare(index, value: .undefined) }
        for (position, value) in items.enumerated() {
            try assign(item, value: value)
            if let index { try assign(index, value: .number(Double(position))) }
            try body()
        }
    }

    /// Throws: this datamodel does not say how to save its variables.
    ///
    /// - Returns: Never returns.
    /// - Throws: ``SCXMLDatamodelError``, always.
    public func exportVariables() throws -> [SCXMLMember] {
        throw SCXMLDatamodelError(
            "the datamodel \(type(of: self)) cannot save its variables: it does not implement exportVariables()"
        )
    }

    /// Throws: this datamodel does not say how to restore its variables.
    ///
    /// - Parameter variables: Ignored.
    /// - Throws: ``SCXMLDatamodelError``, always.
    public func importVariables(_ variables: [SCXMLMember]) throws {
        throw SCXMLDatamodelError(
            "the datamodel \(type(of: self)) cannot restore variables: it does not implement importVariables(_:)"
        )
    }
}
