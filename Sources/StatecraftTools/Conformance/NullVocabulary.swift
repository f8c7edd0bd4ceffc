package import StatecraftSCXML

/// The W3C's `conf:` vocabulary in the null datamodel: the items that need no variable, value
/// expression or script, in plain SCXML; every other item refused.
///
/// The null datamodel (SCXML Appendix B.1) has no data and one condition, `In('state id')`.
/// So `conf:inState` is `In('s')`; `conf:false` is `In()` of a state id that no element of
/// the document uses, which is never active; `conf:true`, for which the null datamodel has no
/// expression, drops the condition of a `<transition>` and makes an `<elseif>` an `<else/>`;
/// `conf:delay` is the plain `delay` attribute; targets, types and content are the same as in
/// any datamodel. An item that needs what the null datamodel lacks is a
/// ``ConformanceMarkupError`` with code `ConformanceMarkupError.Code.notExpressible` that
/// says what it needs, so that a runner skips the test with that reason.
package struct NullVocabulary: ConformanceVocabulary {
    /// Creates the vocabulary.
    package init() {}

    /// `null`.
    package var datamodel: String { "null" }

    /// What an attribute item becomes in the null datamodel.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - context: Facts about the document: `conf:false` uses its unused state id.
    /// - Returns: The plain attribute, or ``ConformanceAttributeMeaning/alwaysTrue`` for
    ///   `conf:true`.
    /// - Throws: ``ConformanceMarkupError``: an unknown item, a malformed value, or an item
    ///   the null datamodel cannot express (code `notExpressible`).
    package func attribute(
        for item: ConformanceItem,
        in context: ConformanceContext
    ) throws(ConformanceMarkupError) -> ConformanceAttributeMeaning {
        guard let entry = item.entry, !entry.isElement else { throw item.unknownItemError }
        switch item.name {
        case "targetpass": return .attribute("target", "pass")
        case "targetfail": return .attribute("target", "fail")
        case "datamodel": return .attribute("datamodel", datamodel)
        case "illegalTarget": return .attribute("target", "baz")
        case "unreachableTarget": return .attribute("target", "#_scxml_foo")
        case "invalidSendType": return .attribute("type", "27")
        case "delay": return .attribute("delay", try item.seconds() + "s")
        case "inState": return .attribute("cond", "In(\(ConformanceItem.quoted(try item.nonEmptyValue())))")
        case "true": return .alwaysTrue
        case "false": return .attribute("cond", "In(\(ConformanceItem.quoted(context.unusedStateID)))")
        case "nonBoolean":
            // Any condition but In() is an error in the null datamodel, which is what the item
            // asks for: a condition that yields no boolean.
            return .attribute("cond", "7")
        default:
            throw refusal(item, entry)
        }
    }

    /// What an element item becomes in the null datamodel.
    ///
    /// - Parameters:
    ///   - item: The item's element.
    ///   - context: How to make elements.
    /// - Returns: The SCXML elements or text.
    /// - Throws: ``ConformanceMarkupError``: an unknown item, or one the null datamodel cannot
    ///   express (code `notExpressible`).
    package func nodes(for item: ConformanceItem, in context: ConformanceContext) throws(ConformanceMarkupError) -> [DocumentNode] {
        guard let entry = item.entry, entry.isElement else { throw item.unknownItemError }
        switch item.name {
        case "pass", "fail":
            return [StatecraftVocabulary.outcome(item.name, log: [("label", "Outcome: \(item.name)")], context: context, item: item)]
        case "illegalContent":
            return [context.element("content", [], children: [.text(" xyz ")], for: item)]
        case "contentFoo":
            return [context.element("content", [], children: [.text("foo")], for: item)]
        case "someInlineVal":
            return [.text("123")]
        case "setUpHTTPTest":
            return []
        default:
            throw refusal(item, entry)
        }
    }

    private func refusal(_ item: ConformanceItem, _ entry: ConformanceItem.Entry) -> ConformanceMarkupError {
        item.error(.notExpressible, entry.requirement.whyNotExpressible)
    }
}
