public import Statecraft

/// Why a session could not be saved as a snapshot, or a snapshot could not become a session.
///
/// ```
/// cannot save the session: the datamodel's variables: handler is a function, which cannot leave the ecmascript datamodel
/// ```
public struct SCXMLSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is. New codes may be added.
    public typealias Code = ErrorCode<SCXMLSnapshotError>

    /// What kind of problem it is.
    public let code: Code
    /// What is wrong, naming what is at fault.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem it is.
    ///   - message: What is wrong.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message.escapingControlCharacters()
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode where Domain == SCXMLSnapshotError {
    /// The session holds data a snapshot cannot keep: a variable whose value JSON cannot
    /// hold (a function, a cycle, `undefined` inside a value), or a datamodel that cannot
    /// list its variables.
    public static var unsavableData: Self { Self(name: "unsavableData") }
    /// The snapshot was taken of another document than the one given to restore it.
    public static var foreignDocument: Self { Self(name: "foreignDocument") }
    /// The snapshot's contents contradict each other or the document: an unknown state, a
    /// configuration the chart cannot be in, a timer for a session it does not hold.
    public static var corruptSnapshot: Self { Self(name: "corruptSnapshot") }
    /// A number of the snapshot breaks its rule: the clock or a delayed send's due time
    /// outside `0 ... MachineClock.limit`, a counter below zero or past 2^53, a counter
    /// below what the snapshot's lists show it has counted.
    public static var outOfRange: Self { Self(name: "outOfRange") }
    /// The snapshot was written in a format this version does not read.
    public static var unsupportedFormat: Self { Self(name: "unsupportedFormat") }
}
