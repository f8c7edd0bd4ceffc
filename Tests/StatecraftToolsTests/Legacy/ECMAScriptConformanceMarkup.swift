@testable import StatecraftSCXML
@testable import StatecraftTools
import StatecraftECMAScript

/// The W3C conformance markup translated for the `ecmascript` datamodel: the meaning
/// `confEcma.xsl`, the W3C's own stylesheet for that profile, gives every `conf:` attribute and
/// element.
///
/// The SCXML 1.0 Implementation Report Plan writes its tests (`.txml`) with datamodel-neutral
/// markup: `conf:datamodel=""`, `<conf:pass/>`, `conf:idVal="1=1"`. The W3C turns a test into
/// an ECMAScript document with `confEcma.xsl`; ``translate(_:)`` does what each template of
/// that sheet does, item by item, without an XSLT processor:
///
/// ```swift
/// let test = try DocumentReader().read(text, file: "test144.txml")
/// let document = try ECMAScriptConformanceMarkup.translate(test)   // datamodel="ecmascript"
/// ```
///
/// `conf:idVal="1=1"` becomes `cond="Var1==1"`, `<conf:pass/>` a final state `pass` that logs
/// `Outcome: pass`, `conf:datamodel` `datamodel="ecmascript"`. The sheet's templates that the
/// shipped tests do not use (`conf:arrayVal`, `<conf:incrementArray>`, the Basic HTTP
/// items...) are translated too.
enum ECMAScriptConformanceMarkup {
    /// The namespace of the conformance markup.
    static let namespace = "http://www.w3.org/2005/scxml-conformance"

    /// The SCXML namespace, given to the elements the translation creates.
    static let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

    /// Returns `document` with every `conf:` attribute and element replaced as `confEcma.xsl`
    /// replaces it.
    ///
    /// Attributes keep their order; a `conf:` attribute becomes an attribute without a
    /// namespace in its place. A `conf:` element becomes the elements or text it stands for, in
    /// the SCXML namespace with the prefix its parent uses for SCXML. Declarations of the
    /// conformance namespace are dropped.
    ///
    /// - Parameter document: A test's root element, as read.
    /// - Returns: The translated tree.
    /// - Throws: `ConformanceMarkupError` for an item the sheet does not define, a value that
    ///   does not have the form its template matches (`1=1` for `conf:idVal`), an element item
    ///   without the attribute it needs, or an item that makes an attribute the element
    ///   already has. Nothing is dropped silently.
    /// - Complexity: O(*n*) in the size of the tree.
    static func translate(_ document: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
        if document.namespace == namespace {
            throw ConformanceMarkupError(
                code: .misplacedItem, message: "the document's root element is a conformance item, not SCXML",
                position: document.position, item: document.name
            )
        }
        return try translateElement(document)
    }

    private static func translateElement(_ element: DocumentElement) throws(ConformanceMarkupError) -> DocumentElement {
        var translated = element
        translated.attributes = try translateAttributes(of: element)
        translated.namespaceDeclarations = element.namespaceDeclarations.filter { $0.value != namespace }
        let prefix = element.namespace == scxmlNamespace ? element.prefix : nil
        var children: [DocumentNode] = []
        for child in element.children {
            switch child {
            case .text(let text):
                append(.text(text), to: &children)
            case .element(let inner) where inner.namespace == namespace:
                if inner.hasElementChildren {
                    throw ECMAScriptConformanceItem(name: inner.name, value: "", position: inner.position)
                        .error(.misplacedItem, "a conformance element cannot have child elements")
                }
                let item = ECMAScriptConformanceItem(name: inner.name, value: "", position: inner.position)
                for node in try item.nodes(of: inner, prefix: prefix) { append(node, to: &children) }
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
        var names = Set(element.attributes.filter { $0.namespace == nil }.map(\.localName))
        for attribute in element.attributes {
            guard attribute.namespace == namespace else {
                attributes.append(attribute)
                continue
            }
            let item = ECMAScriptConformanceItem(name: attribute.localName, value: attribute.value, position: element.position)
            let (name, value) = try item.attribute()
            guard names.insert(name).inserted else {
                throw item.error(.conflictingAttribute, "it makes a '\(name)' attribute, but the element already has one")
            }
            attributes.append(DocumentAttribute(localName: name, value: value))
        }
        return attributes
    }
}
