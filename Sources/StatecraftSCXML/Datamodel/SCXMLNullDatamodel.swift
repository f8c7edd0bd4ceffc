/// The SCXML null datamodel (`datamodel="null"`): no variables and no expressions, only the
/// `In()` predicate in conditions.
///
/// A condition is `In('id')` or `In("id")`, with any whitespace around the parts; it is true
/// when the state with that id is active. Everything else a document could ask of a datamodel
/// fails with an error that says the null datamodel has no expressions, and the session raises
/// `error.execution`.
///
/// ```swift
/// let model = SCXMLNullDatamodel(environment: SCXMLDatamodelEnvironment { $0 == "idle" })
/// try model.evaluateCondition("In('idle')")   // true
/// try model.evaluate("1 + 1")                 // throws
/// ```
public final class SCXMLNullDatamodel: SCXMLDatamodel {
    private let environment: SCXMLDatamodelEnvironment
    private var conditions: [String: Result<String, SCXMLDatamodelError>] = [:]

    /// Creates the datamodel of one session.
    ///
    /// - Parameter environment: Answers `In()`.
    public init(environment: SCXMLDatamodelEnvironment) {
        self.environment = environment
    }

    private static func unsupported(_ what: String) -> SCXMLDatamodelError {
        SCXMLDatamodelError("the null datamodel has no expressions; \(what)")
    }

    /// Always throws: the null datamodel has no variables.
    ///
    /// - Throws: ``SCXMLDatamodelError``.
    public func declare(_ id: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        throw Self.unsupported("it cannot declare '\(id)': use datamodel=\"statecraft\" for variables")
    }

    /// Always throws: the null datamodel has no value expressions.
    ///
    /// - Throws: ``SCXMLDatamodelError``.
    public func evaluate(_ expression: String) throws(SCXMLDatamodelError) -> SCXMLValue {
        throw Self.unsupported(
            "it cannot evaluate '\(SCXMLExpressionDatamodel.shortened(expression))': use datamodel=\"statecraft\""
        )
    }

    /// Answers `In('id')`, the only condition of the null datamodel.
    ///
    /// - Parameter expression: `In('id')` or `In("id")`, whitespace allowed around the parts.
    /// - Returns: Whether the state `id` is active.
    /// - Throws: ``SCXMLDatamodelError`` for any other condition, and naming the budget when
    ///   the macrostep's evaluation time (``SCXMLBudgets/evaluationTime``) is spent.
    public func evaluateCondition(_ expression: String) throws(SCXMLDatamodelError) -> Bool {
        try environment.meter.beginEvaluation()
        try environment.meter.tick()
        let id: String
        if let known = conditions[expression] {
            id = try known.get()
        } else {
            let result = Self.stateID(in: expression)
            if conditions.count >= ExpressionLimits.maximumCachedEntries { conditions.removeAll() }
            if expression.utf8.count <= ExpressionLimits.maximumCachedLength { conditions[expression] = result }
            id = try result.get()
        }
        return environment.isActive(id)
    }

    /// The state id of a condition that is `In('id')` (the null datamodel's only one), or `nil`
    /// for any other: what a tool that translates the document reads a `cond` with.
    ///
    /// - Parameter expression: A `cond` attribute.
    /// - Returns: The id, or `nil`.
    package static func inStateID(_ expression: String) -> String? {
        try? stateID(in: expression).get()
    }

    /// The state id of `In('id')`, or why the condition is not one.
    private static func stateID(in expression: String) -> Result<String, SCXMLDatamodelError> {
        let refusal = unsupported(
            "a condition must be In('state id'), but it is '\(SCXMLExpressionDatamodel.shortened(expression))'"
        )
        guard expression.utf8.count <= ExpressionLimits.maximumExpressionLength,
            let node = try? ExpressionParser.expression(Array(expression.unicodeScalars)),
            case .call(.inState, let arguments) = node.kind,
            case .literal(.string(let id)) = arguments[0].kind
        else { return .failure(refusal) }
        return .success(id)
    }

    /// Always throws: the null datamodel has no locations.
    ///
    /// - Throws: ``SCXMLDatamodelError``.
    public func assign(_ location: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        throw Self.unsupported("it cannot assign to '\(SCXMLExpressionDatamodel.shortened(location))'")
    }

    /// Always `false`: the null datamodel has no locations.
    public func isAssignable(_ location: String) -> Bool {
        false
    }

    /// Always throws: the null datamodel has no scripts.
    ///
    /// - Throws: ``SCXMLDatamodelError``.
    public func run(script: String) throws(SCXMLDatamodelError) {
        throw Self.unsupported("it cannot run a <script>")
    }

    /// Ignores the value: the null datamodel has no variables, system ones included.
    public func setSystemVariable(_ name: String, value: SCXMLValue) {}

    /// The text itself, as a string.
    ///
    /// - Parameter text: The content's text.
    /// - Returns: `.string(text)`, unchanged.
    public func value(ofContent text: String) -> SCXMLValue {
        .string(text)
    }
}
