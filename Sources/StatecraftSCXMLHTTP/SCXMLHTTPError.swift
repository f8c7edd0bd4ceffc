#if HTTP
import Statecraft

/// Why an ``SCXMLHTTPProcessor`` could not do what it was asked, or refused a request.
public struct SCXMLHTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// It could not listen on the configured address, or is already running.
        case cannotListen
        /// The configured token cannot be carried in an address.
        case unusableToken
        /// An endpoint was asked for before ``SCXMLHTTPProcessor/start()``.
        case notRunning
        /// ``SCXMLHTTPConfiguration/maxEndpoints`` endpoints are open.
        case tooManyEndpoints
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong and what to do, in words.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: In words.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message.escapingControlCharacters()
    }

    /// The message.
    public var description: String { message }
}
#endif
