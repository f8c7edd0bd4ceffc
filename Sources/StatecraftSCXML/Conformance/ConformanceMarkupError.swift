/// Why ``ConformanceMarkup/translate(_:)`` could not translate a W3C test.
///
/// It names the `conf:` item at fault and where it was written:
///
/// ```swift
/// do {
///     let document = try ConformanceMarkup.translate(test)
/// } catch {
///     print(error)   // "12:5: conf:idVal: the value '1~2' is not 'number operator value'..."
/// }
/// ```
public struct ConformanceMarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem the markup has. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for logs.
        public let name: String

        /// The item is not one the mapping knows.
        public static let unknownItem = Code(name: "unknownItem")
        /// The item's value does not have the form the item needs (`1=2` for `conf:idVal`).
        public static let malformedValue = Code(name: "malformedValue")
        /// An element item lacks an attribute it needs (`id` for `conf:incrementID`).
        public static let missingAttribute = Code(name: "missingAttribute")
        /// The item produces an attribute the element already has.
        public static let conflictingAttribute = Code(name: "conflictingAttribute")
        /// An element item has child elements, or the document's root is an item.
        public static let misplacedItem = Code(name: "misplacedItem")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of problem this is.
    public let code: Code
    /// What was wrong, in words.
    public let message: String
    /// Where the element that carries the item starts.
    public let position: TextPosition
    /// The item's local name: `idVal` for `conf:idVal`.
    public let item: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem this is.
    ///   - message: What was wrong.
    ///   - position: Where the element carrying the item starts.
    ///   - item: The item's local name.
    public init(code: Code, message: String, position: TextPosition, item: String) {
        self.code = code
        self.message = message
        self.position = position
        self.item = item
    }

    /// `line:column: conf:item: message`.
    public var description: String {
        "\(position): conf:\(item): \(message)"
    }
}
