/// For a chart whose event kinds are ``EventDescriptor``s: the column of each single name its
/// transitions are written against, so that an event's name finds the columns it matches
/// without building a descriptor.
///
/// An event named `a.b.c` matches the names `a.b.c`, `a.b`, `a` and `*` (SCXML 1.0, 3.12.1:
/// a descriptor matches a name when it is a prefix of it token by token). Only prefixes of at
/// most as many tokens as the chart's longest name can match, so the work per event is bounded
/// by the chart, not by the name: a name of a thousand dots costs as much as a name of as many
/// tokens as the chart's longest descriptor.
@usableFromInline
struct DescriptorNames: Sendable {
    /// Each single name (not `*`) to its column.
    @usableFromInline let columns: [String: Int]
    /// The column of `*`, or -1 when no transition is written against it.
    @usableFromInline let wildcard: Int
    /// The most tokens in one of the names.
    @usableFromInline let maxTokens: Int

    /// The names of `kinds`, when they are descriptors; empty otherwise.
    init<Kind>(_ kinds: KindIndex<Kind>) {
        var columns: [String: Int] = [:]
        var wildcard = -1
        var maxTokens = 0
        for (column, kind) in kinds.kinds.enumerated() {
            // Each column of a descriptor chart is one name (`ChartCompilation.columnKinds`).
            guard let name = (kind as? EventDescriptor)?.alternatives.first else { continue }
            if name == "*" {
                wildcard = column
            } else {
                columns[name] = column
                maxTokens = max(maxTokens, name.utf8.count { $0 == UInt8(ascii: ".") } + 1)
            }
        }
        self.columns = columns
        self.wildcard = wildcard
        self.maxTokens = maxTokens
    }

    /// Calls `body` with each column an event named `name` matches, shortest name first and
    /// `*` last.
    @inlinable
    func forEachColumn(of name: String, _ body: (Int) -> Void) {
        if !columns.isEmpty {
            let utf8 = name.utf8
            var tokens = 1
            var index = utf8.startIndex
            while index != utf8.endIndex, tokens <= maxTokens {
                if utf8[index] == UInt8(ascii: ".") {
                    if let column = columns[String(name[..<index])] { body(column) }
                    tokens &+= 1
                }
                index = utf8.index(after: index)
            }
            if index == utf8.endIndex, tokens <= maxTokens, let column = columns[name] { body(column) }
        }
        if wildcard >= 0 { body(wildcard) }
    }
}
