package import StatecraftSCXML

/// What the W3C's `conf:` items mean in one datamodel: the half of a ``ConformanceProfile``
/// that ``ConformanceMarkup/translate(_:vocabulary:)`` asks, item by item.
///
/// The W3C defines the vocabulary for ECMAScript in `confEcma.xsl`; a vocabulary gives every
/// item of that sheet (``ConformanceItem/catalog``) a meaning in its own datamodel, or refuses
/// it with `ConformanceMarkupError.Code.notExpressible` when the datamodel has no way to say
/// it. ``StatecraftVocabulary`` and ``NullVocabulary`` come with the package; a module that
/// adds a datamodel adds its vocabulary next to it.
package protocol ConformanceVocabulary: Sendable {
    /// The datamodel's name: what `conf:datamodel` becomes.
    var datamodel: String { get }

    /// What an attribute item becomes on the element that carries it.
    ///
    /// - Parameters:
    ///   - item: The item; ``ConformanceItem/element`` is the element that carries it.
    ///   - context: Facts about the whole document.
    /// - Returns: The plain attribute, nothing, or a condition that always holds.
    /// - Throws: ``ConformanceMarkupError``: an unknown item, a malformed value, or an item
    ///   the datamodel cannot express.
    func attribute(
        for item: ConformanceItem,
        in context: ConformanceContext
    ) throws(ConformanceMarkupError) -> ConformanceAttributeMeaning

    /// What an element item becomes: SCXML elements and text, in its place.
    ///
    /// - Parameters:
    ///   - item: The item; ``ConformanceItem/element`` is the item's element, with its
    ///     attributes.
    ///   - context: Facts about the whole document, and how to make elements.
    /// - Returns: The nodes, possibly none.
    /// - Throws: ``ConformanceMarkupError`` as for attributes.
    func nodes(for item: ConformanceItem, in context: ConformanceContext) throws(ConformanceMarkupError) -> [DocumentNode]
}

/// What an attribute item becomes.
package enum ConformanceAttributeMeaning: Hashable, Sendable {
    /// A plain attribute: its name and value.
    case attribute(String, String)
    /// Nothing: the attribute is dropped.
    case nothing
    /// A condition that always holds, for a datamodel that has no expression for one: the
    /// translation drops the `cond` of a `<transition>` (which then always holds) and turns an
    /// `<elseif>` into `<else/>` and an `<if>` into one whose branch always runs.
    case alwaysTrue
}

/// Facts about the document being translated, and the way to make SCXML elements in it.
package struct ConformanceContext: Sendable {
    /// A state id that no element of the document uses, so that `In()` of it is always false.
    package let unusedStateID: String
    /// The prefix the parent element uses for the SCXML namespace, given to elements made
    /// here.
    package let prefix: String?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - unusedStateID: A state id no element of the document uses.
    ///   - prefix: The SCXML prefix for new elements.
    package init(unusedStateID: String, prefix: String?) {
        self.unusedStateID = unusedStateID
        self.prefix = prefix
    }

    /// An SCXML element made at `item`'s position.
    ///
    /// - Parameters:
    ///   - name: The element's name: `assign`, `final`…
    ///   - attributes: Its attributes, names and values, in order.
    ///   - children: Its children.
    ///   - item: The item it is made for, whose position it takes.
    /// - Returns: The element as a node.
    package func element(
        _ name: String,
        _ attributes: [(String, String)],
        children: [DocumentNode] = [],
        for item: ConformanceItem
    ) -> DocumentNode {
        .element(
            DocumentElement(
                name: name,
                namespace: ConformanceMarkup.scxmlNamespace,
                prefix: prefix,
                attributes: attributes.map { DocumentAttribute(localName: $0.0, value: $0.1) },
                children: children,
                position: item.position
            )
        )
    }
}
