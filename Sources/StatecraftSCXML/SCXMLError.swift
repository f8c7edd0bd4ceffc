public import Statecraft

/// Why an SCXML document could not be read, checked or run, and where.
///
/// ```
/// machine.scxml:12:5: <transition> in <state id="idle"> targets 'gone', which no state declares
/// ```
public struct SCXMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for code that reacts to some of them.
    public typealias Code = ErrorCode<SCXMLError>

    /// What kind of problem it is.
    public let code: Code
    /// What is wrong, in words.
    public let message: String
    /// Where in the document, when known.
    public let position: TextPosition?
    /// The document's file, when it was read from one.
    public var file: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem it is.
    ///   - message: What is wrong.
    ///   - position: Where, if known.
    ///   - file: The document's file, if any.
    public init(code: Code, message: String, position: TextPosition? = nil, file: String? = nil) {
        self.code = code
        self.message = message.escapingControlCharacters()
        self.position = position
        self.file = file
    }

    /// `file:line:column: message`, with the parts that are known.
    public var description: String {
        var prefix = file ?? ""
        if let position { prefix += prefix.isEmpty ? "\(position)" : ":\(position)" }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}

extension ErrorCode where Domain == SCXMLError {
    /// The text is not well-formed XML.
    public static var malformedXML: Self { Self(name: "malformedXML") }
    /// The document uses markup that is refused for safety: a document type declaration,
    /// entity declarations, external entities.
    public static var forbiddenMarkup: Self { Self(name: "forbiddenMarkup") }
    /// The document is larger, deeper or has more elements than the reader's limits allow.
    public static var limitExceeded: Self { Self(name: "limitExceeded") }
    /// The document is XML but not valid SCXML: an unknown or misplaced element, a missing or
    /// invalid attribute.
    public static var invalidDocument: Self { Self(name: "invalidDocument") }
    /// The states and transitions do not make a valid chart (unknown target, duplicate id).
    public static var invalidChart: Self { Self(name: "invalidChart") }
    /// A file the document names could not be read.
    public static var unreadableFile: Self { Self(name: "unreadableFile") }
}
