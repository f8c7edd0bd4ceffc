import StatecraftSCXML

/// Conditions (`cond`) as guards. A condition the session cannot evaluate as a boolean (SCXML
/// 5.9: "an expression that cannot be interpreted as a boolean ... evaluates to false"; the
/// session raises `error.execution`) becomes a guard that throws: the chart is built with
/// `StatechartOptions(guardErrorEvent:)`, which takes a throwing guard as false and raises
/// `error.execution` at once, as the session does. What throws:
/// - a condition whose value is certainly not a boolean (`cond="7"`, a number field): the
///   statecraft datamodel's rule;
/// - in a `null` document, a condition other than a whole `In('id')` (which is a `When`): the null
///   datamodel evaluates no other;
/// - a read of data unbound until assigned, as a value (`Var1 > 1` while `Var1` has none).
extension ExecutableContent {
    /// The Swift expression of a transition's `cond`, for a guard: `try ...` when it may throw.
    func condition(_ cond: String, eventIsOptional: Bool, event: String? = nil) throws(Untranslatable) -> String {
        let guarded = try guardExpression(cond, eventIsOptional: eventIsOptional, event: event)
        return guarded.throws ? "try " + guarded.swift : guarded.swift
    }

    /// Notes that the chart raises `error.execution` for the guards among `transitions` that may
    /// throw, so that `Event` has the case and the chart the option.
    mutating func surveyConditions(_ transitions: [TransitionModel]) {
        for transition in transitions {
            guard let cond = transition.cond, SCXMLNullDatamodel.inStateID(cond) == nil,
                let guarded = try? guardExpression(cond, eventIsOptional: transition.event == nil, event: transition.event),
                guarded.throws else { continue }
            conditionsThrow = true
            noteInternal("error.execution", at: transition.position)
        }
    }

    /// The guard's Swift and whether it may throw.
    private func guardExpression(
        _ cond: String, eventIsOptional: Bool, event: String?
    ) throws(Untranslatable) -> (swift: String, throws: Bool) {
        if datamodel == "null" {
            return (Self.conditionError("a condition must be In('state id'), but it is '\(cond)'"), true)
        }
        if isSwift { return ("(\(cond))", false) }
        let node: ExpressionNode
        do {
            node = try StatecraftExpressionSyntax.expression(cond)
        } catch {
            throw Untranslatable(reason: "the condition '\(SwiftNames.escapedText(cond))' does not parse: \(error.message)")
        }
        if let kind = Self.nonBooleanKind(node, fields) {
            return (Self.conditionError("the condition '\(cond)' is \(kind), not a boolean"), true)
        }
        var expressions = translator(eventIsOptional: eventIsOptional, inAction: false)
        expressions.eventDescriptor = event
        let reads = ThrowingReads()
        expressions.throwingReads = reads
        let swift = try expressions.translate(node)
        return (swift, reads.any)
    }

    /// Why an `<if>` or `<elseif>` condition never has a boolean value (the branch is then false
    /// and `error.execution` raised, as the session does): in the statecraft datamodel, a value
    /// that is certainly not a boolean; in the null datamodel, any condition, asked after the
    /// caller has generated a whole `In('id')`, the one the null datamodel evaluates. `nil`
    /// otherwise, and in the swift datamodel, whose conditions are translated as they are.
    func failingCondition(_ cond: String) -> String? {
        if datamodel == "null" {
            return "the null datamodel evaluates no condition but In('state id'), and not '\(SwiftNames.escapedText(cond))'"
        }
        guard !isSwift, let node = try? StatecraftExpressionSyntax.expression(cond),
            let kind = Self.nonBooleanKind(node, fields) else { return nil }
        return "the condition '\(SwiftNames.escapedText(cond))' is \(kind), not a boolean"
    }

    /// A call that throws `reason` (the generated `scxmlConditionError`).
    private static func conditionError(_ reason: String) -> String {
        "scxmlConditionError(\(SwiftNames.literal(reason)))"
    }

    /// The kind of a condition's value, with an article, when it is certainly not a boolean, as
    /// the statecraft datamodel names it; `nil` when it is a boolean or its type is not known here.
    static func nonBooleanKind(_ node: ExpressionNode, _ fields: [String: ContextField]) -> String? {
        if case .literal(let value) = node.kind {
            switch value {
            case .bool: return nil
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            case .null: return "null"
            case .undefined: return "undefined"
            }
        }
        switch ExpressionTypes.type(of: node, fields) {
        case nil, "Bool"?: return nil
        case "Double"?: return "a number"
        case "String"?: return "a string"
        case let type? where type.hasPrefix("["): return "an array"
        default: return nil
        }
    }
}

extension SwiftChartWriter {
    /// `ConditionError` and the functions that throw it, for a chart whose guards may throw.
    mutating func writeConditionHelpers() {
        guard let content, content.conditionsThrow else { return }
        lines.append("    /// Why a condition has no boolean value: the chart takes it as false and raises `error.execution`,")
        lines.append("    /// as the session does (`StatechartOptions.guardErrorEvent`).")
        lines.append("    struct ConditionError: Error, CustomStringConvertible {")
        lines.append("        /// What was wrong, as the session says it.")
        lines.append("        let description: String")
        lines.append("    }")
        lines.append("")
        lines.append("    /// Throws `reason`: a condition that is not a boolean.")
        lines.append("    static func scxmlConditionError(_ reason: String) throws(ConditionError) -> Bool {")
        lines.append("        throw ConditionError(description: reason)")
        lines.append("    }")
        lines.append("")
        lines.append("    /// The value of data unbound until assigned, or a throw when it has none (`undefined`).")
        lines.append("    static func scxmlBound<Value>(_ value: Value?, _ id: String) throws(ConditionError) -> Value {")
        lines.append("        guard let value else { throw ConditionError(description: \"'\\(id)' is undefined\") }")
        lines.append("        return value")
        lines.append("    }")
        lines.append("")
    }
}
