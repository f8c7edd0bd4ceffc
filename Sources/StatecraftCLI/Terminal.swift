import Foundation

/// Output for the tools: unbuffered lines, so that a program driving a tool through a pipe
/// sees each line as it is made, and colour only on a terminal and never with `NO_COLOR`.
enum Terminal {
    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
    }

    /// Writes `text` to standard output and flushes it.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` and a line break to standard error.
    static func standardError(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((newline ? text + "\n" : text).utf8))
    }

    /// Whether output to `descriptor` may be coloured: it is a terminal, and `NO_COLOR` is not
    /// set (https://no-color.org).
    static func usesColour(for descriptor: Int32) -> Bool {
        isatty(descriptor) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// `text` in `style` when `colour` is on.
    static func paint(_ text: String, _ style: Style, when colour: Bool) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
