/// Line starts of a text, to turn byte offsets into positions and back.
///
/// The parser reports where it is as a line and a column (in characters). Turning that into a
/// byte offset walks the line; a ``Cursor`` remembers where the last walk stopped, so that the
/// next one on the same line (the parser reports tags in document order) starts there: reading
/// a document with every element on one line stays linear in its length.
package struct LineTable: Sendable {
    /// Where the last walk along a line stopped.
    package struct Cursor: Sendable {
        var line = 0
        var column = 0
        var offset = 0
        /// How many bytes the walks have stepped over, forwards and back: for tests that check
        /// the work stays proportional to the text.
        package internal(set) var walked = 0

        /// A cursor at no line.
        package init() {}
    }

    private var starts: [Int] = [0]
    private let bytes: [UInt8]
    /// Offsets of spaces the reader put into the text it parses, in order; positions leave
    /// them out, so that they are those of the text given.
    private let inserted: [Int]

    /// Creates the table of `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The text.
    ///   - inserted: The offsets, in order, of bytes the reader added to the text it was given.
    package init(_ bytes: [UInt8], inserted: [Int] = []) {
        self.bytes = bytes
        self.inserted = inserted
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
    }

    /// How many inserted bytes lie in `range`.
    private func insertedCount(in range: Range<Int>) -> Int {
        guard !inserted.isEmpty, !range.isEmpty else { return 0 }
        return firstInserted(atOrAfter: range.upperBound) - firstInserted(atOrAfter: range.lowerBound)
    }

    /// The index in `inserted` of the first offset at or after `offset`.
    private func firstInserted(atOrAfter offset: Int) -> Int {
        var low = 0, high = inserted.count
        while low < high {
            let middle = (low + high) / 2
            if inserted[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    package func position(ofOffset offset: Int) -> TextPosition {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let added = insertedCount(in: starts[low]..<max(offset, starts[low]))
        return TextPosition(line: low + 1, column: offset - starts[low] + 1 - added)
    }

    /// The position the parser reports as `line`/`column` (a column in characters), in the text
    /// given.
    func position(line: Int, column: Int) -> TextPosition {
        let reported = TextPosition(line: max(line, 1), column: max(column, 1))
        guard !inserted.isEmpty, line >= 1, line <= starts.count else { return reported }
        var cursor = Cursor()
        let offset = walk(line: line, column: column, cursor: &cursor, stopBeforeEnd: false)
        let added = insertedCount(in: starts[line - 1]..<max(offset, starts[line - 1]))
        return TextPosition(line: reported.line, column: max(reported.column - added, 1))
    }

    /// The position of the `<` that opens the tag the parser reports at `line`/`column` (the
    /// parser gives the end of the start tag).
    func tagStart(line: Int, column: Int, cursor: inout Cursor) -> TextPosition {
        guard let offset = tagStartOffset(line: line, column: column, cursor: &cursor) else {
            return position(line: line, column: column)
        }
        return position(ofOffset: offset)
    }

    /// The byte offset of the `<` that opens the tag reported at `line`/`column`.
    ///
    /// The parser counts columns in characters, not bytes: the column is walked one UTF-8
    /// sequence at a time, or text with multi-byte characters earlier on the line would put the
    /// offset in an earlier tag (whose attributes would then be taken for this one's).
    ///
    /// - Parameters:
    ///   - line: The line the parser reports, from 1.
    ///   - column: The column it reports, in characters, from 1.
    ///   - cursor: Where the last walk stopped; updated.
    /// - Returns: The offset, or `nil` for a line the text does not have.
    package func tagStartOffset(line: Int, column: Int, cursor: inout Cursor) -> Int? {
        guard line >= 1, line <= starts.count, !bytes.isEmpty else { return nil }
        var offset = min(walk(line: line, column: column, cursor: &cursor, stopBeforeEnd: true), bytes.count - 1)
        while offset > 0, bytes[offset] != UInt8(ascii: "<") {
            offset -= 1
            cursor.walked += 1
        }
        return offset
    }

    /// The byte offset of the character at `line`/`column`, walked from the cursor when it is
    /// on that line at or before that column, else from the line's start; the cursor is left
    /// where the walk stopped.
    private func walk(line: Int, column: Int, cursor: inout Cursor, stopBeforeEnd: Bool) -> Int {
        let end = stopBeforeEnd ? bytes.count - 1 : bytes.count
        var offset = starts[line - 1]
        var reached = 1
        if cursor.line == line, cursor.column >= 1, cursor.column <= column {
            offset = cursor.offset
            reached = cursor.column
        }
        while reached < column, offset < end, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            cursor.walked += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 {
                offset += 1
                cursor.walked += 1
            }
            reached += 1
        }
        cursor.line = line
        cursor.column = reached
        cursor.offset = offset
        return offset
    }

    /// The attribute names of the start tag at `offset`, in the order written.
    func attributeNames(ofTagAt offset: Int) -> [String] {
        var names: [String] = []
        var index = offset + 1
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        // Skip the element name.
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { break }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            names.append(String(decoding: bytes[start..<index], as: UTF8.self))
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
            guard index < bytes.count else { break }
            let quote = bytes[index]
            index += 1
            while index < bytes.count, bytes[index] != quote { index += 1 }
            index += 1
        }
        return names
    }
}
