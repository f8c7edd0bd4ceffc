import StatecraftSCXML

/// What the generator reads of a `<data>`'s value without translating it: the type and text of
/// a literal, its content's value, and the files `<data src>` names.
extension ContextFields {
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

    /// The text of a literal number, string or boolean (a negated number too), as the session
    /// writes the value as text (`SCXMLValue.description`); `nil` for anything else.
    static func text(ofLiteral node: ExpressionNode) -> String? {
        let value: SCXMLValue
        switch node.kind {
        case .literal(let literal): value = literal
        case .unary(.negate, let operand):
            guard case .literal(.number(let number)) = operand.kind else { return nil }
            value = .number(-number)
        default: return nil
        }
        switch value {
        case .string(let text): return text
        case .number, .bool: return value.description
        default: return nil
        }
    }

    /// What a `<data src>` gives when generating: the file's text, or why it cannot be read.
    enum Source {
        case text(String)
        case failure(String)
    }

    /// What each early-bound `<data src>` of `document` reads, by the element's position: the
    /// file's text, read through the document's read policy as the session reads it, or why not.
    static func sources(of document: SCXMLDocument) -> [TextPosition: Source] {
        var sources: [TextPosition: Source] = [:]
        let model = document.model
        var all = model.data
        func collect(_ state: StateModel) {
            if model.binding != .late { all += state.data }
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        for data in all {
            guard let src = data.src else { continue }
            do throws(SCXMLError) {
                sources[data.position] = .text(try document.dataSourceText(src))
            } catch {
                sources[data.position] = .failure(error.message)
            }
        }
        return sources
    }

    /// The value of a `<data>`'s text content, as the statecraft datamodel reads it (a literal, else
    /// the text with its white space normalized); markup as its text, serialized as the session
    /// serializes it; `nil` without content.
    static func contentValue(_ content: ContentModel?) -> SCXMLValue? {
        // Markup is its text, as the session serializes it (an <assign> of a document to invoke).
        if case .markup(let nodes)? = content { return .string(DocumentWriter.serialize(nodes)) }
        guard case .text(let text)? = content else { return nil }
        let datamodel = SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment(isActive: { _ in false }))
        return datamodel.value(ofContent: text)
    }

    static func type(of value: SCXMLValue) -> String? {
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
