#if Tools
import Foundation

/// How the tool writes to a terminal: colour only when the stream is a terminal, `TERM` is not
/// `dumb`, and `NO_COLOR` is unset or empty (https://no-color.org).
struct Terminal {
    /// A colour or weight for a word.
    enum Style: String {
        case error = "1;31"
        case warning = "1;33"
        case success = "32"
        case note = "2"
        case emphasis = "1"
    }

    let usesColor: Bool

    /// The manners of standard output.
    static let standardOutput = Terminal(fileDescriptor: STDOUT_FILENO)
    /// The manners of standard error.
    static let standardError = Terminal(fileDescriptor: STDERR_FILENO)

    init(fileDescriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        usesColor = Self.allowsColor(isTerminal: isatty(fileDescriptor) != 0, environment: environment)
    }

    init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Whether colour may be written to a stream.
    static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `text` in `style`, or `text` alone without colour.
    func paint(_ text: String, _ style: Style) -> String {
        usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Writes a line to standard error, or `text` as it is without `newline`.
    static func writeError(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((newline ? text + "\n" : text).utf8))
    }

    /// Writes `text` to standard output as it is, at once (a prompt has no newline to flush it).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
#endif
