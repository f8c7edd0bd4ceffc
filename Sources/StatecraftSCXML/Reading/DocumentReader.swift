import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XML text into a ``DocumentElement`` tree, refusing what an untrusted document could
/// use against its reader.
///
/// Refused, with an ``SCXMLError`` that says where: any document type declaration (so no DTD is
/// loaded, no external entity is resolved and no entity can be expanded into a bomb), an XML
/// declaration naming an encoding other than UTF-8 (the text is a Swift string, so its bytes are
/// UTF-8 whatever it declares), a NUL character (which XML forbids), text
/// larger than ``Limits/maxBytes``, nesting deeper than ``Limits/maxDepth``, and more than
/// ``Limits/maxElements`` elements.
///
/// A processing instruction without data (`<?name?>`) is read with a space before its `?>`:
/// the system's XML parser on Linux crashes on one (FoundationXML takes the length of the data
/// libxml2 reports as missing). Processing instructions are dropped anyway, and positions are
/// reported as in the text given.
package struct DocumentReader: Sendable {
    /// How much a document may hold.
    package typealias Limits = SCXMLDocument.Limits

    /// The limits this reader enforces.
    package var limits: Limits

    /// Creates a reader.
    ///
    /// - Parameter limits: The limits to enforce.
    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - text: The XML text.
    ///   - file: The file it came from, for messages.
    /// - Returns: The root element.
    /// - Throws: ``SCXMLError`` with code `SCXMLError.Code.malformedXML`,
    ///   `SCXMLError.Code.forbiddenMarkup` or `SCXMLError.Code.limitExceeded`.
    package func read(_ text: String, file: String? = nil) throws(SCXMLError) -> DocumentElement {
        var walked = 0
        return try read(text, file: file, walked: &walked)
    }

    /// Reads a document, counting the bytes walked to turn the parser's lines and columns into
    /// offsets: the count stays proportional to the text's length, however long its lines.
    ///
    /// - Parameters:
    ///   - text: The XML text.
    ///   - file: The file it came from, for messages.
    ///   - walked: Set to the bytes walked.
    /// - Returns: The root element.
    /// - Throws: ``SCXMLError`` as ``read(_:file:)`` does.
    package func read(_ text: String, file: String? = nil, walked: inout Int) throws(SCXMLError) -> DocumentElement {
        let bytes = Array(text.utf8)
        guard bytes.count <= limits.maxBytes else {
            throw SCXMLError(
                code: .limitExceeded,
                message: "the document has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)",
                file: file
            )
        }
        let lines = LineTable(bytes)
        if let forbidden = Self.findForbiddenMarkup(bytes) {
            throw SCXMLError(
                code: .forbiddenMarkup,
                message: "the document contains \(forbidden.what); document type declarations and entity "
                    + "declarations are refused, so nothing external is loaded and no entity is expanded",
                position: lines.position(ofOffset: forbidden.offset), file: file
            )
        }
        if let declared = Self.declaredEncoding(bytes), !Self.readableEncodings.contains(declared.name.lowercased()) {
            throw SCXMLError(
                code: .malformedXML,
                message: "the XML declaration names the encoding '\(declared.name)', but the document is read as "
                    + "UTF-8 text: declare encoding=\"UTF-8\" or leave the encoding out",
                position: lines.position(ofOffset: declared.offset), file: file
            )
        }
        // XML allows no NUL character, and at the start, NULs make libxml2 take the text for
        // UTF-16 or UTF-32 and switch encodings, which crashes it.
        if let nul = bytes.firstIndex(of: 0) {
            throw SCXMLError(
                code: .malformedXML,
                message: "the document contains a NUL character (U+0000), which XML does not allow anywhere",
                position: lines.position(ofOffset: nul), file: file
            )
        }
        let (parsed, inserted) = Self.spacingEmptyProcessingInstructions(bytes)
        let parsedLines = inserted.isEmpty ? lines : LineTable(parsed, inserted: inserted)
        let builder = TreeBuilder(limits: limits, lines: parsedLines)
        let parser = XMLParser(data: Data(parsed))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        walked = builder.cursor.walked
        if var error = builder.failure {
            error.file = file
            throw error
        }
        guard succeeded, let root = builder.root else {
            let position = parsedLines.position(line: parser.lineNumber, column: parser.columnNumber)
            let reason = parser.parserError.map { Self.describeParserError(code: ($0 as NSError).code) }
                ?? "the document has no root element"
            throw SCXMLError(code: .malformedXML, message: "the document is not well-formed XML: \(reason)", position: position, file: file)
        }
        return root
    }

    /// The encodings an XML declaration may name. The parser is always handed the text's UTF-8
    /// bytes, whatever the declaration says, so only UTF-8 and its ASCII subset describe them;
    /// naming another would make the parser decode them as something they are not (and with
    /// some, UTF-7 among them, crash the system's libxml2).
    static let readableEncodings: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// The encoding the XML declaration at the start of the text names, with the offset of its
    /// `encoding` attribute; `nil` when there is no declaration or it names none.
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = Array("<?xml".utf8)
        guard bytes.count > index + opening.count, Array(bytes[index..<index + opening.count]) == opening,
            isSpace(bytes[index + opening.count])
        else { return nil }
        index += opening.count
        let key = Array("encoding".utf8)
        while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">")) {
            guard index + key.count <= bytes.count, Array(bytes[index..<index + key.count]) == key else {
                index += 1
                continue
            }
            let offset = index
            var cursor = index + key.count
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[cursor]
            let start = cursor + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
            return (String(decoding: bytes[start..<end], as: UTF8.self), offset)
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The text with a space put before the `?>` of each processing instruction that has no
    /// data (`<?name?>`, outside comments and CDATA sections), and the offsets of those spaces
    /// in the new text, in order.
    static func spacingEmptyProcessingInstructions(_ bytes: [UInt8]) -> (bytes: [UInt8], inserted: [Int]) {
        let lt = UInt8(ascii: "<"), question = UInt8(ascii: "?"), gt = UInt8(ascii: ">")
        func starts(_ pattern: [UInt8], at offset: Int) -> Bool {
            offset + pattern.count <= bytes.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
        }
        func skip(past terminator: [UInt8], from offset: Int) -> Int {
            var offset = offset
            while offset < bytes.count, !starts(terminator, at: offset) { offset += 1 }
            return offset + terminator.count
        }
        let comment = Array("<!--".utf8), commentEnd = Array("-->".utf8)
        let cdata = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8), piEnd = Array("?>".utf8)
        var spaceBefore: [Int] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == lt else {
                index += 1
                continue
            }
            if starts(comment, at: index) {
                index = skip(past: commentEnd, from: index + comment.count)
            } else if starts(cdata, at: index) {
                index = skip(past: cdataEnd, from: index + cdata.count)
            } else if index + 1 < bytes.count, bytes[index + 1] == question {
                var end = index + 2
                while end < bytes.count, !isSpace(bytes[end]), bytes[end] != question { end += 1 }
                if end > index + 2, end + 1 < bytes.count, bytes[end] == question, bytes[end + 1] == gt {
                    spaceBefore.append(end)
                }
                index = skip(past: piEnd, from: end)
            } else {
                index += 1
            }
        }
        guard !spaceBefore.isEmpty else { return (bytes, []) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + spaceBefore.count)
        var inserted: [Int] = []
        var copied = 0
        for offset in spaceBefore {
            result += bytes[copied..<offset]
            inserted.append(result.count)
            result.append(UInt8(ascii: " "))
            copied = offset
        }
        result += bytes[copied...]
        return (result, inserted)
    }

    /// The first `<!DOCTYPE` or `<!ENTITY` outside comments and CDATA sections.
    static func findForbiddenMarkup(_ bytes: [UInt8]) -> (what: String, offset: Int)? {
        let lt = UInt8(ascii: "<"), bang = UInt8(ascii: "!")
        var index = 0
        func starts(_ text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard offset + pattern.count <= bytes.count else { return false }
            for (position, byte) in pattern.enumerated() {
                let actual = bytes[offset + position]
                // Case-insensitive for letters, so that `<!doctype` is caught too.
                if actual != byte && actual | 0x20 != byte | 0x20 { return false }
            }
            return true
        }
        func skip(past terminator: String, from offset: Int) -> Int {
            var offset = offset
            while offset < bytes.count, !starts(terminator, at: offset) { offset += 1 }
            return offset + terminator.utf8.count
        }
        while index < bytes.count {
            guard bytes[index] == lt, index + 1 < bytes.count, bytes[index + 1] == bang else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if starts("<!DOCTYPE", at: index) {
                return ("a document type declaration (<!DOCTYPE)", index)
            } else if starts("<!ENTITY", at: index) {
                return ("an entity declaration (<!ENTITY)", index)
            } else {
                return ("markup declaration '<!'", index)
            }
        }
        return nil
    }
}

/// Builds the tree from the parser's callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let limits: DocumentReader.Limits
    let lines: LineTable
    var stack: [DocumentElement] = []
    /// Text of the innermost open element not yet added to its children: appended to in place
    /// as the parser delivers it in pieces, and added whole when an element starts or ends.
    var pendingText = ""
    /// Where the last walk along a line to a tag stopped.
    var cursor = LineTable.Cursor()
    var root: DocumentElement?
    var failure: SCXMLError?
    var elementCount = 0
    /// Prefix bindings: one frame per open element, plus the ones announced for the next element.
    var scopes: [[String: String]] = [[:]]
    var pending: [String: String] = [:]

    init(limits: DocumentReader.Limits, lines: LineTable) {
        self.limits = limits
        self.lines = lines
    }

    func fail(_ parser: XMLParser, _ message: String, code: SCXMLError.Code = .limitExceeded) {
        guard failure == nil else { return }
        let position = lines.tagStart(line: parser.lineNumber, column: parser.columnNumber, cursor: &cursor)
        failure = SCXMLError(code: code, message: message, position: position)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        pending[prefix] = namespaceURI
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        elementCount += 1
        if elementCount > limits.maxElements {
            return fail(parser, "the document has more than \(limits.maxElements) elements")
        }
        if stack.count >= limits.maxDepth {
            return fail(parser, "elements are nested more than \(limits.maxDepth) deep")
        }
        addPendingText()
        var scope = scopes.last ?? [:]
        scope.merge(pending) { _, new in new }
        scopes.append(scope)
        let declarations = pending
        pending = [:]
        var resolved: [DocumentAttribute] = []
        let start = lines.tagStartOffset(line: parser.lineNumber, column: parser.columnNumber, cursor: &cursor)
        let written = start.map { lines.attributeNames(ofTagAt: $0) } ?? []
        let rank = Dictionary(written.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = attributes.sorted { (rank[$0.key] ?? Int.max, $0.key) < (rank[$1.key] ?? Int.max, $1.key) }
        for (name, value) in ordered {
            if name == "xmlns" || name.hasPrefix("xmlns:") { continue }
            if let colon = name.firstIndex(of: ":") {
                let prefix = String(name[..<colon])
                let local = String(name[name.index(after: colon)...])
                resolved.append(DocumentAttribute(localName: local, prefix: prefix, namespace: scope[prefix], value: value))
            } else {
                resolved.append(DocumentAttribute(localName: name, value: value))
            }
        }
        let prefix = qualifiedName.flatMap { name in name.firstIndex(of: ":").map { String(name[..<$0]) } }
        let namespace = (namespaceURI?.isEmpty ?? true) ? nil : namespaceURI
        stack.append(DocumentElement(
            name: elementName, namespace: namespace, prefix: prefix, attributes: resolved,
            position: start.map(lines.position(ofOffset:)) ?? lines.position(line: parser.lineNumber, column: parser.columnNumber),
            namespaceDeclarations: declarations
        ))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        addPendingText()
        guard let element = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(.element(element))
        }
    }

    func appendText(_ text: String) {
        guard failure == nil, !stack.isEmpty else { return }
        pendingText += text
    }

    /// Adds the pending text to the innermost open element, joined to a text child it ends
    /// with (text on both sides of a dropped comment is one text).
    func addPendingText() {
        guard !pendingText.isEmpty, !stack.isEmpty else { return }
        let last = stack.count - 1
        if case .text(let earlier)? = stack[last].children.last {
            stack[last].children[stack[last].children.count - 1] = .text(earlier + pendingText)
        } else {
            stack[last].children.append(.text(pendingText))
        }
        pendingText = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        appendText(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        appendText(String(decoding: CDATABlock, as: UTF8.self))
    }

    /// The parser's first error: where it is, and what it is in words. The parser recovers from
    /// some errors and would otherwise go on, so a malformed document could be read as another.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        guard failure == nil, !DocumentReader.parserWarnings.contains(code) else { return }
        var message = "the document is not well-formed XML: " + DocumentReader.describeParserError(code: code)
        if code == DocumentReader.tagNameMismatch, let open = stack.last {
            let name = open.prefix.map { "\($0):\(open.name)" } ?? open.name
            message += "; the element still open is <\(name)>, from \(open.position)"
        }
        let position = lines.position(line: parser.lineNumber, column: parser.columnNumber)
        failure = SCXMLError(code: .malformedXML, message: message, position: position)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(parser, "the document refers to the entity '\(name)', which is not declared; only XML's own entities and character references are read", code: .malformedXML)
        return nil
    }
}
