package import StatecraftSCXML

/// The W3C conformance markup: the datamodel-neutral `conf:` attributes and elements of the
/// SCXML 1.0 Implementation Report Plan tests, translated to plain SCXML for one datamodel.
///
/// The W3C tests (`.txml` files) write `conf:datamodel=""`, `<conf:pass/>`,
/// `conf:idVal="1=1"` and the like where a datamodel-specific expression belongs; the W3C's
/// sheet `confEcma.xsl` defines them for ECMAScript. Before a test runs,
/// ``translate(_:vocabulary:)`` replaces each of them by what a ``ConformanceVocabulary`` says
/// it means in its datamodel:
///
/// ```swift
/// let test = try DocumentReader().read(text)                  // the .txml
/// let document = try ConformanceMarkup.translate(test)        // plain SCXML, datamodel="statecraft"
/// let null = try ConformanceMarkup.translate(test, vocabulary: NullVocabulary())
/// if ConformanceMarkup.usesBasicHTTP(test) { /* skip: needs the Basic HTTP I/O processor */ }
/// ```
///
/// A test passes when the machine stops in the top-level final state `pass`, which
/// `<conf:pass/>` becomes, and fails in `fail`, which `<conf:fail/>` becomes.
package enum ConformanceMarkup {
    /// The namespace of the conformance markup.
    package static let namespace = "http://www.w3.org/2005/scxml-conformance"

    /// The SCXML namespace, given to the elements the translation creates.
    package static let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

    /// The type URI of the Basic HTTP event I/O processor.
    static let basicHTTPProcessorType = SCXMLNames.basicHTTPProcessor

    /// Returns `document` with every `conf:` attribute and element replaced by what
    /// `vocabulary` says it means.
    ///
    /// Attributes keep their order; a `conf:` attribute becomes an attribute without
    /// namespace in its place. A `conf:` element becomes the elements or text it stands for,
    /// in the SCXML namespace, with the prefix its parent uses for SCXML, at the item's
    /// position. Declarations of the conformance namespace are dropped. Where the vocabulary
    /// has no expression for a condition that always holds
    /// (``ConformanceAttributeMeaning/alwaysTrue``), a `<transition>` loses its `cond`, an
    /// `<elseif>` becomes `<else/>` (and the branches after it, which can never run, go), and
    /// an `<if>` gets the vocabulary's `conf:false` condition with its first branch moved
    /// after an `<else/>`. The item-by-item meanings are in the article
    /// "The expression datamodel" of `StatecraftSCXML`.
    ///
    /// - Parameters:
    ///   - document: A test's root element, as read.
    ///   - vocabulary: What the items mean; the `statecraft` datamodel's by default.
    /// - Returns: The translated tree.
    /// - Throws: ``ConformanceMarkupError`` for an item `confEcma.xsl` does not define, a
    ///   value that does not have the item's form, an item that is not where it can be, or an
    ///   item the vocabulary's datamodel cannot express; nothing is dropped silently.
    /// - Complexity: O(*n*) in the size of the tree.
    package static func translate(
        _ document: DocumentElement,
        vocabulary: any ConformanceVocabulary = StatecraftVocabulary()
    ) throws(ConformanceMarkupError) -> DocumentElement {
        if document.namespace == namespace {
            throw ConformanceMarkupError(
                code: .misplacedItem,
                message: "the document's root element is a conformance item, not SCXML",
                position: document.position,
                item: document.name
            )
        }
        var ids: Set<String> = []
        collectIDs(document, into: &ids)
        var unused = "conf-false"
        var suffix = 1
        while ids.contains(unused) {
            suffix += 1
            unused = "conf-false-\(suffix)"
        }
        let translation = Translation(vocabulary: vocabulary, unusedStateID: unused)
        return try translation.translateElement(document)
    }

    /// Whether the test needs the Basic HTTP event I/O processor: it sends with the Basic HTTP
    /// type, or uses an item that only makes sense with it (``ConformanceItem/Entry/isBasicHTTP``).
    ///
    /// - Parameter document: A test's root element, before or after translation.
    /// - Returns: `true` when the test cannot run without Basic HTTP.
    package static func usesBasicHTTP(_ document: DocumentElement) -> Bool {
        for attribute in document.attributes {
            if attribute.namespace == namespace,
                ConformanceItem.entry(named: attribute.localName, isElement: false)?.isBasicHTTP == true
            {
                return true
            }
            if attribute.namespace == nil, attribute.localName == "type" {
                let type = SCXMLExpressionDatamodel.trimmingWhitespace(attribute.value)
                if type == basicHTTPProcessorType || type == "basichttp" { return true }
            }
        }
        if document.namespace == namespace,
            ConformanceItem.entry(named: document.name, isElement: true)?.isBasicHTTP == true
        {
            return true
        }
        return document.elements.contains(where: usesBasicHTTP)
    }

    /// Every `conf:` item a document uses, attributes by name and elements as `<name`.
    ///
    /// - Parameter document: A test's root element, as read.
    /// - Returns: The items' names.
    package static func items(in document: DocumentElement) -> Set<String> {
        var items: Set<String> = []
        func visit(_ element: DocumentElement) {
            if element.namespace == namespace { items.insert("<" + element.name) }
            for attribute in element.attributes where attribute.namespace == namespace {
                items.insert(attribute.localName)
            }
            element.elements.forEach(visit)
        }
        visit(document)
        return items
    }

    private static func collectIDs(_ element: DocumentElement, into ids: inout Set<String>) {
        if let id = element.attribute("id") { ids.insert(id) }
        for child in element.elements { collectIDs(child, into: &ids) }
    }
}

/// One translation: the vocabulary and what it knows of the document.
private struct Translation {
    let vocabulary: any ConformanceVocabulary
    let unusedStateID: String
    let namespace = ConformanceMarkup.namespace

    // MARK: The tree

    func translateElement(_ element: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
        var translated = element
        let (attributes, alwaysTrue) = try translateAttributes(of: element)
        translated.attributes = attributes
        translated.namespaceDeclarations = element.namespaceDeclarations.filter { $0.value != namespace }
        let prefix = element.namespace == ConformanceMarkup.scxmlNamespace ? element.prefix : nil
        let context = ConformanceContext(unusedStateID: unusedStateID, prefix: prefix)
        var children: [DocumentNode] = []
        children.reserveCapacity(element.children.count)
        // An <elseif> whose condition always holds becomes <else/>: the branches after its own
        // can never run.
        var lastBranch = false
        nodes: for child in element.children {
            switch child {
            case .text(let text):
                Self.append(.text(text), to: &children)
            case .element(let inner) where inner.namespace == namespace:
                for node in try expand(inner, context: context) { Self.append(node, to: &children) }
            case .element(let inner):
                let isBranch = element.name == "if" && (inner.name == "elseif" || inner.name == "else")
                if isBranch, lastBranch { break nodes }
                let translated = try translateElement(inner)
                children.append(.element(translated))
                if isBranch, translated.name == "else" { lastBranch = true }
            }
        }
        translated.children = children
        if let item = alwaysTrue { try applyAlwaysTrue(item, to: &translated, context: context) }
        return translated
    }

    /// The translated attributes, and the item whose condition always holds, if any.
    private func translateAttributes(
        of element: DocumentElement
    ) throws(ConformanceMarkupError) -> ([DocumentAttribute], ConformanceItem?) {
        var attributes: [DocumentAttribute] = []
        attributes.reserveCapacity(element.attributes.count)
        var names = Set(element.attributes.filter { $0.namespace == nil }.map(\.localName))
        var alwaysTrue: ConformanceItem?
        let context = ConformanceContext(unusedStateID: unusedStateID, prefix: element.prefix)
        for attribute in element.attributes {
            guard attribute.namespace == namespace else {
                attributes.append(attribute)
                continue
            }
            let item = ConformanceItem(name: attribute.localName, value: attribute.value, element: element, isElement: false)
            switch try vocabulary.attribute(for: item, in: context) {
            case .attribute(let name, let value):
                guard names.insert(name).inserted else {
                    throw item.error(.conflictingAttribute, "it makes a '\(name)' attribute, but the element already has one")
                }
                attributes.append(DocumentAttribute(localName: name, value: value))
            case .nothing:
                continue
            case .alwaysTrue:
                guard ["transition", "if", "elseif"].contains(element.name) else {
                    throw item.error(
                        .misplacedItem,
                        "it stands for a condition, but <\(element.name)> has none; write it on <transition>, <if> or <elseif>"
                    )
                }
                guard !names.contains("cond") else {
                    throw item.error(.conflictingAttribute, "it makes a 'cond' attribute, but the element already has one")
                }
                names.insert("cond")
                alwaysTrue = item
            }
        }
        return (attributes, alwaysTrue)
    }

    /// Says "always" without a condition: see ``ConformanceMarkup/translate(_:vocabulary:)``.
    private func applyAlwaysTrue(
        _ item: ConformanceItem,
        to element: inout DocumentElement,
        context: ConformanceContext
    ) throws(ConformanceMarkupError) {
        switch element.name {
        case "elseif":
            element.name = "else"
        case "if":
            let never = ConformanceItem(name: "false", element: element, isElement: false)
            guard case .attribute("cond", let condition) = try vocabulary.attribute(for: never, in: context) else {
                throw item.error(
                    .notExpressible,
                    "the \(vocabulary.datamodel) datamodel has neither an always-true nor an always-false condition for <if>"
                )
            }
            element.attributes.append(DocumentAttribute(localName: "cond", value: condition))
            let firstBranchEnd = element.children.firstIndex {
                if case .element(let child) = $0 { child.name == "elseif" || child.name == "else" } else { false }
            } ?? element.children.endIndex
            let elseElement = DocumentElement(
                name: "else", namespace: element.namespace, prefix: element.prefix, position: element.position
            )
            element.children = [.element(elseElement)] + element.children[..<firstBranchEnd]
        default:
            // A <transition> without `cond` is enabled whenever its event matches.
            break
        }
    }

    /// Appends `node`, joining it to a text node before it.
    private static func append(_ node: DocumentNode, to children: inout [DocumentNode]) {
        if case .text(let text) = node, case .text(let previous)? = children.last {
            children[children.count - 1] = .text(previous + text)
        } else {
            children.append(node)
        }
    }

    private func expand(_ element: DocumentElement, context: ConformanceContext) throws(ConformanceMarkupError) -> [DocumentNode] {
        let item = ConformanceItem(name: element.name, element: element, isElement: true)
        if element.hasElementChildren {
            throw item.error(.misplacedItem, "a conformance element cannot have child elements")
        }
        if let stray = element.attributes.first(where: { $0.namespace == namespace }) {
            throw item.error(.misplacedItem, "a conformance element cannot carry conf:\(stray.localName)")
        }
        return try vocabulary.nodes(for: item, in: context)
    }
}
