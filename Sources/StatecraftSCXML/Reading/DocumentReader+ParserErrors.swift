extension DocumentReader {
    /// The XML parser's code for an end tag that does not match the open element.
    static let tagNameMismatch = 76

    /// The codes the parser reports as warnings: the document is still read (an XML version
    /// other than 1.0, a relative or odd namespace URI, an `xml:lang` or `xml:space` value it
    /// does not know).
    static let parserWarnings: Set<Int> = [93, 97, 98, 99, 100, 102, 106, 107]

    /// What an XML parser error code means, in words a document's author can act on.
    ///
    /// The codes are libxml2's (`xmlParserErrors`), which `XMLParser` reports on every
    /// platform; the parser's own descriptions are empty on Linux.
    ///
    /// - Parameter code: The code of the parser's error.
    /// - Returns: The description, with the code for the rarer errors.
    static func describeParserError(code: Int) -> String {
        switch code {
        case 4: "the document is empty, or does not start with an element"
        case 5, 86: "there is content after the end of the root element; a document has one root element"
        case 9: "a character that XML does not allow in a document"
        case 22, 24: "an '&' without a name after it; write '&amp;' for the character itself"
        case 23, 25: "an '&' that does not start an entity reference ending in ';'; write '&amp;' for the character itself"
        case 26, 27: "a reference to an entity that is not declared"
        case 38: "a '<' in an attribute value: write '&lt;', or close the value's quotes before it"
        case 39: "an attribute value without quotes"
        case 40: "an attribute value whose closing quote is missing"
        case 41: "an attribute without a value"
        case 42: "the same attribute written twice on one element"
        case 45: "a comment that is not closed with '-->'"
        case 46, 47: "a processing instruction that is not closed with '?>'"
        case 57: "an XML declaration that is not closed with '?>'"
        case 63: "a CDATA section that is not closed with ']]>'"
        case 65: "a space is missing between attributes"
        case 68: "a name is missing where an element or attribute name belongs"
        case 73: "a tag that is not closed with '>'"
        case 74: "a closing tag '</' is missing"
        case 75: "an attribute name without '=' and a value"
        case tagNameMismatch: "an end tag that does not match the element it should close"
        case 77: "the document ends inside an element that is not closed"
        case 80: "'--' inside a comment"
        case 85: "the document ends before every element is closed"
        case 201: "a namespace prefix that is not declared"
        default: "the XML parser stopped with error \(code)"
        }
    }
}
