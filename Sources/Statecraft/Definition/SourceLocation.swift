/// A place in a source file: where a definition element was written.
///
/// Definition errors and rejections carry the location of the element they are about, so a
/// message can point at the line to fix.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` spells it (`Module/File.swift`).
    public var file: String
    /// The line, counting from 1.
    public var line: Int
    /// The column, counting from 1, or `nil` when unknown.
    public var column: Int?

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: The file, as `#fileID` spells it.
    ///   - line: The line, counting from 1.
    ///   - column: The column, counting from 1, when known.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    init(_ file: StaticString, _ line: UInt) {
        self.init(file: "\(file)", line: Int(line))
    }

    /// `file:line` or `file:line:column`.
    public var description: String {
        if let column { "\(file):\(line):\(column)" } else { "\(file):\(line)" }
    }
}
