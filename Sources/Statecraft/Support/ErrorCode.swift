/// What kind of problem an error is: one shape for the codes of every Statecraft error.
///
/// Each error type names its codes `Code`, an `ErrorCode` of its own domain, so codes of two
/// errors never compare equal by mistake:
///
/// ```swift
/// if error.code == .unknownState { registerMissingState() }   // SnapshotError.Code
/// ```
///
/// A code is a name rather than an enum case so that new kinds can be added without breaking
/// code that switches over the existing ones: compare codes with `==`, or match them in a
/// `switch` with a `default` case.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `unknownState`: stable, for logs and for matching.
    public let name: String

    /// Makes a code; each error type declares its own as static members.
    ///
    /// - Parameter name: The code's name.
    @inlinable
    package init(name: String) {
        self.name = name
    }

    /// The name.
    public var description: String { name }
}
