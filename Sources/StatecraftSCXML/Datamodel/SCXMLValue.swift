/// A value of an SCXML session: what its datamodel holds, what events carry as data, and what
/// `param`, `content`, `namelist` and `donedata` produce. JSON-like, plus `undefined` for a
/// location that is declared but holds nothing.
public enum SCXMLValue: Hashable, Sendable {
    /// Declared, no value (a `data` element without `expr`, `src` or content).
    case undefined
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; integers are exact up to 2^53.
    case number(Double)
    /// A string.
    case string(String)
    /// An ordered list.
    case array([SCXMLValue])
    /// Named members. Member order is the order of ``SCXMLValue/object(_:)``'s pairs; names are
    /// unique.
    case object([SCXMLMember])
}

/// A named member of an ``SCXMLValue/object(_:)``.
public struct SCXMLMember: Hashable, Sendable {
    /// The member's name.
    public var name: String
    /// Its value.
    public var value: SCXMLValue

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - name: The member's name.
    ///   - value: Its value.
    public init(_ name: String, _ value: SCXMLValue) {
        self.name = name
        self.value = value
    }
}
