extension SCXMLDocument {
    /// How much a document may hold when it is read: what keeps a hostile document from
    /// exhausting memory or the stack.
    ///
    /// ```swift
    /// let small = SCXMLDocument.Limits(maxBytes: 64 << 10, maxDepth: 50, maxElements: 2_000)
    /// let document = try SCXMLDocument(xml: untrusted, limits: small)
    /// ```
    ///
    /// A document past a limit is refused with an ``SCXMLError`` whose code is
    /// `SCXMLError.Code.limitExceeded`. Document type declarations are refused whatever the
    /// limits, so no DTD is loaded and no entity is expanded.
    public struct Limits: Hashable, Sendable {
        /// The largest document, in bytes of UTF-8.
        public var maxBytes: Int
        /// The deepest nesting of elements.
        public var maxDepth: Int
        /// The most elements.
        public var maxElements: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maxBytes: The largest document, in bytes (4 MiB by default).
        ///   - maxDepth: The deepest nesting (200 by default).
        ///   - maxElements: The most elements (100,000 by default).
        public init(maxBytes: Int = 4 << 20, maxDepth: Int = 200, maxElements: Int = 100_000) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxElements = maxElements
        }
    }
}
