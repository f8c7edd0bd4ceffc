package import Statecraft
package import StatecraftSCXML

/// Why ``ConformanceMarkup/translate(_:vocabulary:)`` could not translate a W3C test.
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
package struct ConformanceMarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem the markup has. New codes may be added.
    package typealias Code = ErrorCode<ConformanceMarkupError>

    /// What kind of problem this is.
    package let code: Code
    /// What was wrong, in words.
    package let message: String
    /// Where the element that carries the item starts.
    package let position: TextPosition
    /// The item's local name: `idVal` for `conf:idVal`.
    package let item: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem this is.
    ///   - message: What was wrong.
    ///   - position: Where the element carrying the item starts.
    ///   - item: The item's local name.
    package init(code: Code, message: String, position: TextPosition, item: String) {
        self.code = code
        self.message = message
        self.position = position
        self.item = item
    }

    /// `line:column: conf:item: message`.
    package var description: String {
        "\(position): conf:\(item): \(message)"
    }
}

extension ErrorCode where Domain == ConformanceMarkupError {
    /// The item is not one the W3C's `confEcma.xsl` defines.
    package static var unknownItem: Self { Self(name: "unknownItem") }
    /// The item is well formed, but the vocabulary's datamodel has no way to say what it
    /// means (a variable in the null datamodel): a runner skips the test.
    package static var notExpressible: Self { Self(name: "notExpressible") }
    /// The item's value does not have the form the item needs (`1=2` for `conf:idVal`).
    package static var malformedValue: Self { Self(name: "malformedValue") }
    /// An element item lacks an attribute it needs (`id` for `conf:incrementID`).
    package static var missingAttribute: Self { Self(name: "missingAttribute") }
    /// The item produces an attribute the element already has.
    package static var conflictingAttribute: Self { Self(name: "conflictingAttribute") }
    /// An element item has child elements, or the document's root is an item.
    package static var misplacedItem: Self { Self(name: "misplacedItem") }
}
