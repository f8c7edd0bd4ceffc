/// The W3C conformance markup: the datamodel-neutral `conf:` attributes and elements of the
/// SCXML 1.0 Implementation Report Plan tests, mapped to plain SCXML for the `statecraft`
/// datamodel.
///
/// The W3C tests (`.txml` files) write `conf:datamodel=""`, `<conf:pass/>`,
/// `conf:idVal="1=1"` and the like where a datamodel-specific expression belongs. Before a
/// test runs, ``translate(_:)`` replaces each of them by what it means in
/// ``SCXMLExpressionDatamodel``'s language:
///
/// ```swift
/// let test = try reader.read(contentsOf: url)            // the .txml as a DocumentElement
/// let document = try ConformanceMarkup.translate(test)   // plain SCXML, datamodel="statecraft"
/// if ConformanceMarkup.usesBasicHTTP(test) { /* skip: needs the Basic HTTP I/O processor */ }
/// ```
///
/// A test passes when the machine stops in the top-level final state `pass`, which
/// `<conf:pass/>` becomes, and fails in `fail`, which `<conf:fail/>` becomes. Variables are
/// named `Var` and the number the test gives: `conf:id="1"` declares `Var1`.
public enum ConformanceMarkup {
    /// The namespace of the conformance markup.
    public static let namespace = "http://www.w3.org/2005/scxml-conformance"

    /// The SCXML namespace, given to the elements the translation creates.
    static let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

    /// The type URI of the SCXML event I/O processor.
    static let scxmlProcessorType = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"

    /// The type URI of the Basic HTTP event I/O processor.
    static let basicHTTPProcessorType = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"

    /// Items that only make sense with the Basic HTTP event I/O processor.
    static let basicHTTPItems: Set<String> = [
        "basicHTTPAccessURITarget", "methodIsPost", "messageBodyEquals", "eventIdParamHasValue",
        "eventNamedParamHasValue",
    ]

    /// Returns `document` with every `conf:` attribute and element replaced by plain SCXML for
    /// the `statecraft` datamodel.
    ///
    /// Attributes keep their order; a `conf:` attribute becomes an attribute without
    /// namespace in its place. A `conf:` element becomes the elements or text it stands for,
    /// in the SCXML namespace, with the prefix its parent uses for SCXML, at the item's
    /// position. Declarations of the conformance namespace are dropped. The item-by-item
    /// mapping is in the article <doc:ExpressionDatamodel>.
    ///
    /// - Parameter document: A test's root element, as read.
    /// - Returns: The translated tree.
    /// - Throws: ``ConformanceMarkupError`` for an item the mapping does not know, a value that
    ///   does not have the item's form, or an item that is not where it can be; nothing is
    ///   dropped silently.
    /// - Complexity: O(*n*) in the size of the tree.
    public static func translate(_ document: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
        if document.namespace == namespace {
            throw ConformanceMarkupError(
                code: .misplacedItem,
                message: "the document's root element is a conformance item, not SCXML",
                position: document.position,
                item: document.name
            )
        }
        return try translateElement(document)
    }

    /// Whether the test needs the Basic HTTP event I/O processor: it sends with the Basic HTTP
    /// type, or uses an item that reads the HTTP access URI or the raw HTTP message.
    ///
    /// - Parameter document: A test's root element, before or after ``translate(_:)``.
    /// - Returns: `true` when the test cannot run without Basic HTTP.
    public static func usesBasicHTTP(_ document: DocumentElement) -> Bool {
        for attribute in document.attributes {
            if attribute.namespace == namespace, basicHTTPItems.contains(attribute.localName) { return true }
            if attribute.namespace == nil, attribute.localName == "type" {
                let type = SCXMLExpressionDatamodel.trimmingWhitespace(attribute.value)
                if type == basicHTTPProcessorType || type == "basichttp" { return true }
            }
        }
        if document.namespace == namespace, basicHTTPItems.contains(document.name) { return true }
        return document.elements.contains(where: usesBasicHTTP)
    }

    // MARK: The tree

    private static func translateElement(_ element: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
        var translated = element
        translated.attributes = try translateAttributes(of: element)
        translated.namespaceDeclarations = element.namespaceDeclarations.filter { $0.value != namespace }
        var children: [DocumentNode] = []
        children.reserveCapacity(element.children.count)
        let prefix = element.namespace == scxmlNamespace ? element.prefix : nil
        for child in element.children {
            switch child {
            case .text(let text):
                append(.text(text), to: &children)
            case .element(let inner) where inner.namespace == namespace:
                for node in try expand(inner, prefix: prefix) { append(node, to: &children) }
            case .element(let inner):
                children.append(.element(try translateElement(inner)))
            }
        }
        translated.children = children
        return translated
    }

    /// Appends `node`, joining it to a text node before it.
    private static func append(_ node: DocumentNode, to children: inout [DocumentNode]) {
        if case .text(let text) = node, case .text(let previous)? = children.last {
            children[children.count - 1] = .text(previous + text)
        } else {
            children.append(node)
        }
    }

    private static func translateAttributes(of element: DocumentElement) throws(ConformanceMarkupError) -> [DocumentAttribute] {
        var attributes: [DocumentAttribute] = []
        attributes.reserveCapacity(element.attributes.count)
        var names = Set(element.attributes.filter { $0.namespace == nil }.map(\.localName))
        for attribute in element.attributes {
            guard attribute.namespace == namespace else {
                attributes.append(attribute)
                continue
            }
            let item = ConformanceItem(name: attribute.localName, value: attribute.value, position: element.position)
            let (name, value) = try item.attribute()
            guard names.insert(name).inserted else {
                throw item.error(
                    .conflictingAttribute,
                    "it makes a '\(name)' attribute, but the element already has one"
                )
            }
            attributes.append(DocumentAttribute(localName: name, value: value))
        }
        return attributes
    }

    private static func expand(_ element: DocumentElement, prefix: String?) throws(ConformanceMarkupError) -> [DocumentNode] {
        let item = ConformanceItem(name: element.name, value: "", position: element.position)
        if element.hasElementChildren {
            throw item.error(.misplacedItem, "a conformance element cannot have child elements")
        }
        if let stray = element.attributes.first(where: { $0.namespace == namespace }) {
            throw item.error(.misplacedItem, "a conformance element cannot carry conf:\(stray.localName)")
        }
        return try item.nodes(attributes: element, prefix: prefix)
    }
}
