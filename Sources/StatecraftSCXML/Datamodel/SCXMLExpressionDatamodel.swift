/// The `statecraft` datamodel: variables that hold ``SCXMLValue``s, and a small expression
/// language over them, without a scripting engine.
///
/// A document selects it with `datamodel="statecraft"`. Expressions read like JavaScript
/// without its conversions: `Var1 + 1`, `_event.data.items[0]`, `In('s1') && count >= 3`,
/// `ready ? 'go' : 'wait'`. The article <doc:ExpressionDatamodel> describes the language in
/// full.
///
/// ```swift
/// let model = SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment { $0 == "s1" })
/// try model.declare("count", value: .number(1))
/// try model.assign("count", value: try model.evaluate("count + 1"))
/// try model.evaluateCondition("count == 2 && In('s1')")   // true
/// ```
///
/// Each source string is parsed once and kept, so evaluating the same `cond` again costs only
/// the evaluation. The instance holds mutable state and is not `Sendable`: a session uses it
/// from its own thread of control, as ``SCXMLDatamodel`` says.
public final class SCXMLExpressionDatamodel: SCXMLDatamodel {
    /// The system variables: only ``setSystemVariable(_:value:)`` writes them, and a document
    /// can neither declare nor assign them.
    public static let systemVariableNames: Set<String> = ["_event", "_sessionid", "_name", "_ioprocessors"]

    private let environment: SCXMLDatamodelEnvironment
    /// The session's evaluation meter and budgets.
    let meter: SCXMLEvaluationMeter
    /// The declared variables.
    var variables: [String: SCXMLValue] = [:]
    /// The size of each variable's value, counted against the value budget.
    var variableSizes: [String: ValueSize] = [:]
    private var systemVariables: [String: SCXMLValue] = [:]
    private var expressions = ParseCache<ExpressionNode>(what: "expression", limit: ExpressionLimits.maximumExpressionLength)
    private var locations = ParseCache<LocationNode>(what: "location", limit: ExpressionLimits.maximumExpressionLength)
    private var scripts = ParseCache<[ScriptStatement]>(what: "script", limit: ExpressionLimits.maximumScriptLength)

    /// Creates the datamodel of one session, with no variables.
    ///
    /// - Parameter environment: Answers `In()`.
    public init(environment: SCXMLDatamodelEnvironment) {
        self.environment = environment
        meter = environment.meter
    }

    // MARK: Variables

    /// Creates the variable `id` with `value`, or replaces its value.
    ///
    /// - Parameters:
    ///   - id: A name of the language: a letter or `_`, then letters, digits and `_`; not a
    ///     keyword (`true`, `false`, `null`, `undefined`, `var`) nor a system variable.
    ///   - value: Its value; ``SCXMLValue/undefined`` for a `<data>` without one.
    /// - Throws: ``SCXMLDatamodelError`` when `id` cannot name a variable, when `value` nests
    ///   more than 256 levels deep, or when it is larger than the value budget
    ///   (``SCXMLBudgets/valueNodes``, ``SCXMLBudgets/valueBytes``).
    public func declare(_ id: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        if Self.systemVariableNames.contains(id) {
            throw SCXMLDatamodelError("'\(id)' is a system variable and cannot be declared")
        }
        guard Self.isIdentifier(id) else {
            throw SCXMLDatamodelError(
                "'\(id)' cannot name a variable: use a letter or '_', then letters, digits and '_'"
            )
        }
        try Self.checkDepth(of: value, below: 0)
        variableSizes[id] = try size(of: value, what: "the value of '\(id)'")
        variables[id] = value
    }

    /// The value of a variable or a set system variable, or `nil` when there is none.
    ///
    /// Reading through this does not parse anything; ``evaluate(_:)`` reads locations with
    /// members and indices.
    ///
    /// - Parameter name: The variable's name.
    /// - Returns: Its value, or `nil`.
    public func value(ofVariable name: String) -> SCXMLValue? {
        Self.systemVariableNames.contains(name) ? systemVariables[name] : variables[name]
    }

    /// Sets a system variable; the session calls this, a document cannot.
    ///
    /// The session sets `_sessionid` and `_name` (strings) and `_ioprocessors` (an object keyed
    /// by I/O processor type, each entry with a `location` member) when it starts, and `_event`
    /// (an object with `name`, `type`, `sendid`, `origin`, `origintype`, `invokeid` and `data`,
    /// a missing field being ``SCXMLValue/undefined``) before it processes each event. Until
    /// then, reading `_event` is an error and `isBound(_event)` is false. A name that is not a
    /// system variable is ignored. Values are trusted: they are not checked for depth.
    ///
    /// - Parameters:
    ///   - name: `_event`, `_sessionid`, `_name` or `_ioprocessors`.
    ///   - value: Its new value.
    public func setSystemVariable(_ name: String, value: SCXMLValue) {
        guard Self.systemVariableNames.contains(name) else { return }
        systemVariables[name] = value
    }

    // MARK: Evaluation

    /// Evaluates an expression.
    ///
    /// ```swift
    /// try model.evaluate("[1, 2, 3][1] * 10")   // .number(20)
    /// ```
    ///
    /// - Parameter expression: An expression of the `statecraft` language.
    /// - Returns: Its value.
    /// - Throws: ``SCXMLDatamodelError`` with the offset of the culprit, counted in characters,
    ///   when the expression is malformed or cannot be evaluated; naming the budget when the
    ///   macrostep's evaluation time is spent or the value is larger than the value budget
    ///   (``SCXMLBudgets``).
    public func evaluate(_ expression: String) throws(SCXMLDatamodelError) -> SCXMLValue {
        let value = try evaluateUnmeasured(expression)
        if value.isContainer {
            _ = try size(of: value, what: "the value of '\(Self.shortened(expression))'")
        }
        return value
    }

    /// The value of `expression`, its size not measured: for a condition, whose value is a
    /// boolean, and for a value that is measured where it is stored.
    func evaluateUnmeasured(_ expression: String) throws(SCXMLDatamodelError) -> SCXMLValue {
        try meter.beginEvaluation()
        let node = try expressions.parse(expression, with: ExpressionParser.expression)
        do {
            return try makeEvaluator(source: expression).evaluate(node)
        } catch {
            throw error.located(in: expression)
        }
    }

    /// The size of `value`, counted against the value budget; `what` names it in the error.
    func size(of value: SCXMLValue, what: String) throws(SCXMLDatamodelError) -> ValueSize {
        var tally = SCXMLValueTally(budgets: meter.budgets)
        try tally.add(value, what: what)
        return ValueSize(nodes: tally.nodes, bytes: tally.bytes)
    }

    /// Evaluates a condition, which must be a boolean: the language never converts other
    /// values to truth.
    ///
    /// - Parameter expression: An expression of the `statecraft` language.
    /// - Returns: Its truth.
    /// - Throws: ``SCXMLDatamodelError`` when ``evaluate(_:)`` throws or the value is not a
    ///   boolean; the session then takes the condition as false and raises `error.execution`.
    public func evaluateCondition(_ expression: String) throws(SCXMLDatamodelError) -> Bool {
        let value = try evaluateUnmeasured(expression)
        guard case .bool(let flag) = value else {
            throw SCXMLDatamodelError(
                "the condition '\(Self.shortened(expression))' is \(value.kindWithArticle), not a boolean",
                offset: 0
            )
        }
        return flag
    }

    /// An evaluator for nodes parsed from `source`, reading this datamodel's variables.
    func makeEvaluator(source: String) -> ExpressionEvaluator {
        ExpressionEvaluator(model: self, source: source)
    }

    /// Answers `In(id)` through the environment.
    func isActive(_ id: String) -> Bool {
        environment.isActive(id)
    }

    /// The value of a variable or system variable, or why there is none; `span` is where the
    /// name was written.
    func read(_ name: String, at span: SourceSpan) throws(SCXMLDatamodelError) -> SCXMLValue {
        if name.utf8.first == UInt8(ascii: "_"), Self.systemVariableNames.contains(name) {
            guard let value = systemVariables[name] else {
                throw SCXMLDatamodelError("the system variable '\(name)' is not bound yet", offset: span.start)
            }
            return value
        }
        guard let value = variables[name] else {
            throw SCXMLDatamodelError("unknown variable '\(name)'", offset: span.start)
        }
        return value
    }

    // MARK: Syntax

    /// Checks that `expression` is well formed, without evaluating it.
    ///
    /// A session need not call this: ``evaluate(_:)`` reports malformed expressions too. It
    /// serves tools that check a document before it runs.
    ///
    /// - Parameter expression: An expression of the `statecraft` language.
    /// - Throws: ``SCXMLDatamodelError`` with the offset, in characters, of what is wrong.
    public static func checkSyntax(expression: String) throws(SCXMLDatamodelError) {
        var cache = ParseCache<ExpressionNode>(what: "expression", limit: ExpressionLimits.maximumExpressionLength)
        _ = try cache.parse(expression, with: ExpressionParser.expression)
    }

    /// Checks that `location` is a well-formed location, without looking at any variable.
    ///
    /// - Parameter location: A location: a variable, then any `.name` and `[index]` steps.
    /// - Throws: ``SCXMLDatamodelError`` with the offset, in characters, of what is wrong.
    public static func checkSyntax(location: String) throws(SCXMLDatamodelError) {
        var cache = ParseCache<LocationNode>(what: "location", limit: ExpressionLimits.maximumExpressionLength)
        _ = try cache.parse(location, with: ExpressionParser.location)
    }

    /// Checks that `script` is a well-formed script, without running it.
    ///
    /// - Parameter script: A script: assignments and `var` declarations.
    /// - Throws: ``SCXMLDatamodelError`` with the offset, in characters, of what is wrong.
    public static func checkSyntax(script: String) throws(SCXMLDatamodelError) {
        var cache = ParseCache<[ScriptStatement]>(what: "script", limit: ExpressionLimits.maximumScriptLength)
        _ = try cache.parse(script, with: ExpressionParser.script)
    }

    // MARK: Helpers

    /// Whether `name` can name a variable: a letter or `_`, then letters, digits and `_`, and
    /// not a keyword.
    package static func isIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), ExpressionLexer.isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard ExpressionLexer.isNamePart(scalar) else { return false }
        }
        return !ExpressionParser.keywords.contains(name)
    }

    /// Throws when `value`, stored `steps` levels below a variable, would nest too deeply.
    static func checkDepth(of value: SCXMLValue, below steps: Int) throws(SCXMLDatamodelError) {
        let limit = ExpressionLimits.maximumValueDepth - steps
        guard limit > 0, value.depth(limit: limit) != nil else {
            throw SCXMLDatamodelError(
                "the value nests more than \(ExpressionLimits.maximumValueDepth) levels deep and cannot be stored"
            )
        }
    }

    /// `text` cut to a length a message can show.
    static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    // MARK: Parsing

    /// The parsed form of a location, from the cache.
    func parsedLocation(_ location: String) throws(SCXMLDatamodelError) -> LocationNode {
        try locations.parse(location, with: ExpressionParser.location)
    }

    /// The parsed form of a script, from the cache.
    func parsedScript(_ script: String) throws(SCXMLDatamodelError) -> [ScriptStatement] {
        try scripts.parse(script, with: ExpressionParser.script)
    }
}

/// The size of a stored value: its nodes and bytes of text, as ``SCXMLValueTally`` counts them.
struct ValueSize {
    var nodes: Int
    var bytes: Int
}
