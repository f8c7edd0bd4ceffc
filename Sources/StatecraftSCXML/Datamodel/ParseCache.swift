/// Parsed sources by their text, so that a datamodel parses each expression once.
///
/// Failures are kept too. Sources longer than ``ExpressionLimits/maximumCachedLength`` are
/// parsed at each use instead of kept, and the cache starts over when it holds
/// ``ExpressionLimits/maximumCachedEntries``, so a document that builds ever new expressions
/// cannot make it grow without bound.
struct ParseCache<Node> {
    /// What the sources are, for messages: `expression`, `location`, `script`.
    let what: String
    /// The longest source accepted, in UTF-8 bytes.
    let limit: Int
    private var entries: [String: Result<Node, SCXMLDatamodelError>] = [:]

    /// Creates an empty cache.
    init(what: String, limit: Int) {
        self.what = what
        self.limit = limit
    }

    /// The parsed form of `source`, from the cache or from `parser`; errors carry offsets in
    /// characters.
    mutating func parse(
        _ source: String,
        with parser: ([Unicode.Scalar]) throws(SCXMLDatamodelError) -> Node
    ) throws(SCXMLDatamodelError) -> Node {
        if let cached = entries[source] { return try cached.get() }
        let length = source.utf8.count
        guard length <= limit else {
            throw SCXMLDatamodelError("the \(what) is \(length) bytes long; the limit is \(limit) bytes")
        }
        let result: Result<Node, SCXMLDatamodelError>
        do {
            result = .success(try parser(Array(source.unicodeScalars)))
        } catch {
            result = .failure(error.located(in: source))
        }
        if length <= ExpressionLimits.maximumCachedLength {
            if entries.count >= ExpressionLimits.maximumCachedEntries { entries.removeAll(keepingCapacity: true) }
            entries[source] = result
        }
        return try result.get()
    }
}
