/// A line and column in a document, both counted from 1.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Whether `lhs` comes before `rhs` in the document.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// An attribute of a ``DocumentElement``, with its namespace resolved.
package struct DocumentAttribute: Hashable, Sendable {
    /// The name without prefix: `expr` for `conf:expr`.
    package var localName: String
    /// The prefix as written (`conf`), or `nil`.
    package var prefix: String?
    /// The namespace the prefix stands for; `nil` for an attribute without prefix.
    package var namespace: String?
    /// The value, with entity and character references replaced.
    package var value: String

    /// Creates an attribute.
    ///
    /// - Parameters:
    ///   - localName: The name without prefix.
    ///   - prefix: The prefix as written, if any.
    ///   - namespace: The namespace of the prefix, if any.
    ///   - value: The value.
    package init(localName: String, prefix: String? = nil, namespace: String? = nil, value: String) {
        self.localName = localName
        self.prefix = prefix
        self.namespace = namespace
        self.value = value
    }

    /// The name as written: `prefix:localName`, or `localName`.
    package var qualifiedName: String {
        prefix.map { "\($0):\(localName)" } ?? localName
    }
}

/// A child of a ``DocumentElement``: an element, or text (character data and CDATA sections,
/// adjacent runs joined). Comments and processing instructions are not kept.
package enum DocumentNode: Hashable, Sendable {
    /// A child element.
    case element(DocumentElement)
    /// Text.
    case text(String)
}

/// An element of an XML document, as the SCXML reader sees it: its name with the namespace
/// resolved, its attributes in the order written, its children, and where it starts.
package struct DocumentElement: Hashable, Sendable {
    /// The name without prefix: `state` for `<state>` and for `<sc:state>`.
    package var name: String
    /// The namespace of the element; `nil` when none is in scope.
    package var namespace: String?
    /// The prefix as written, or `nil`.
    package var prefix: String?
    /// The attributes, in the order written; namespace declarations are not included.
    package var attributes: [DocumentAttribute]
    /// The children, in document order.
    package var children: [DocumentNode]
    /// Where the element's start tag is.
    package var position: TextPosition
    /// The namespace declarations made on this element, prefix (`""` for the default) to URI,
    /// so that a writer can put them back.
    package var namespaceDeclarations: [String: String]

    /// Creates an element.
    ///
    /// - Parameters:
    ///   - name: The name without prefix.
    ///   - namespace: The element's namespace, if any.
    ///   - prefix: The prefix as written, if any.
    ///   - attributes: The attributes, in order.
    ///   - children: The children, in order.
    ///   - position: Where its start tag is.
    ///   - namespaceDeclarations: The `xmlns` declarations written on it.
    package init(
        name: String,
        namespace: String? = nil,
        prefix: String? = nil,
        attributes: [DocumentAttribute] = [],
        children: [DocumentNode] = [],
        position: TextPosition = TextPosition(line: 1, column: 1),
        namespaceDeclarations: [String: String] = [:]
    ) {
        self.name = name
        self.namespace = namespace
        self.prefix = prefix
        self.attributes = attributes
        self.children = children
        self.position = position
        self.namespaceDeclarations = namespaceDeclarations
    }

    /// The value of the attribute `localName` in `namespace` (`nil`: an attribute without
    /// prefix), or `nil` when the element has none.
    ///
    /// - Parameters:
    ///   - localName: The attribute's name without prefix.
    ///   - namespace: Its namespace; `nil` for an attribute written without prefix.
    /// - Returns: The value, or `nil`.
    package func attribute(_ localName: String, namespace: String? = nil) -> String? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
    }

    /// The child elements, in document order.
    package var elements: [DocumentElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The text children joined, without the text of child elements.
    package var text: String {
        children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// Whether the element has child elements.
    package var hasElementChildren: Bool {
        children.contains { if case .element = $0 { true } else { false } }
    }
}
