import StatecraftSCXML

/// One field of the generated context: a `<data>` of the document.
struct ContextField: Hashable {
    /// The `<data>`'s id.
    var id: String
    /// The field's Swift name.
    var swiftName: String
    /// The field's Swift type, as written in the generated code.
    var type: String
    /// The initial value, as Swift.
    var initial: String
    /// Whether the type is optional (`nil` stands for SCXML's unbound value).
    var isOptional: Bool
    /// Where the `<data>` is.
    var position: TextPosition
}

/// The generated context's fields: every `<data>` of the document, in document order (SCXML's
/// early binding: all are made when the machine starts), each with a Swift type, stated with
/// `statecraft:type` or inferred from a literal `expr`.
struct ContextFields {
    typealias Refusal = SCXMLGenerationError.Refusal

    private(set) var fields: [ContextField] = []
    private(set) var refusals: [Refusal] = []

    init(model: DocumentModel) {
        var all = model.data
        func collect(_ state: StateModel) {
            all += state.data
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        var names = SwiftNameTable(reserved: ["host"])
        let literals = ExpressionTranslator(fields: [:], states: [:], eventIsOptional: true, inAction: false)
        for data in all {
            func refuse(_ reason: String) {
                refusals.append(Refusal(element: "data", position: data.position, reason: reason))
            }
            if data.src != nil || data.content != nil {
                refuse("a <data> with 'src' or content is not generated yet; give its value with a literal 'expr'")
                continue
            }
            var node: ExpressionNode?
            if let expr = data.expr {
                do {
                    node = try StatecraftExpressionSyntax.expression(expr)
                } catch {
                    refuse("the expression '\(SwiftNames.escapedText(expr))' does not parse: \(error.message)")
                    continue
                }
            }
            var initial = "nil"
            if let node {
                do {
                    initial = try literals.translate(node)
                } catch {
                    refuse("a <data>'s expr is generated when it is a literal (a number, string, boolean, array of "
                        + "them, null), not an expression over other data (\(error.reason)); assign it in <onentry>")
                    continue
                }
            }
            var type: String
            var optional = false
            if let stated = data.statedType?.trimmedBlanks(), !stated.isEmpty {
                type = stated
                if data.expr == nil, !stated.hasSuffix("?") { type += "?" }
                optional = type.hasSuffix("?")
            } else if let node, let inferred = Self.inferredType(node) {
                type = inferred
            } else {
                refuse(data.expr == nil
                    ? "a <data> without 'expr' needs its Swift type in statecraft:type (xmlns:statecraft=\"\(SCXMLNames.statecraft)\")"
                    : "the type of '\(SwiftNames.escapedText(data.expr ?? ""))' cannot be inferred; state it with statecraft:type")
                continue
            }
            let name = SwiftNames.escaped(names.name(for: data.id, fallback: "data"))
            fields.append(ContextField(
                id: data.id, swiftName: name, type: type, initial: initial, isOptional: optional, position: data.position
            ))
        }
    }

    /// The type of a literal: a number is `Double` (the datamodel's numbers are), a string
    /// `String`, a boolean `Bool`, an array of one of those an array of it.
    static func inferredType(_ node: ExpressionNode) -> String? {
        switch node.kind {
        case .literal(let value): return type(of: value)
        case .unary(.negate, let operand):
            if case .literal(.number) = operand.kind { return "Double" }
            return nil
        default: return nil
        }
    }

    private static func type(of value: SCXMLValue) -> String? {
        switch value {
        case .number: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .array(let elements):
            guard let first = elements.first.flatMap(type(of:)) else { return nil }
            return elements.allSatisfy({ type(of: $0) == first }) ? "[\(first)]" : nil
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing white space.
    func trimmedBlanks() -> String {
        let blank: Set<Character> = [" ", "\t", "\n", "\r"]
        return String(drop(while: blank.contains).reversed().drop(while: blank.contains).reversed())
    }
}
