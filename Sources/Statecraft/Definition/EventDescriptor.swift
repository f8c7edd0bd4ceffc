/// An SCXML event descriptor: which event names a transition matches.
///
/// A descriptor is one or more names separated by spaces. A name matches an event whose name
/// is the same or starts with it followed by a dot, token by token: `error` matches `error`,
/// `error.execution` and `error.communication.timeout`, but not `errors`. A trailing `.*` or
/// `.` changes nothing (`error.*` is `error`), and `*` alone matches every event.
///
/// ```swift
/// let chart = try Statechart<Step, NamedEvent<Int>, Void> {
///     Atomic(.working) {
///         On("done", to: .finished)
///         On("error.network error.timeout", to: .retrying)
///         On("*", to: .failed)
///     }
///     ...
/// }
/// machine.send(NamedEvent("error.network.dns"))   // takes the second transition
/// ```
///
/// It is the ``MachineEvent/Kind`` of ``NamedEvent`` and of any event type you write whose kind
/// is a descriptor; the engine then matches by prefix instead of by equality.
public struct EventDescriptor: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The names it matches, normalized: no trailing `.*` or `.`; `*` for every event.
    public let alternatives: [String]

    /// Parses a descriptor: names separated by white space.
    ///
    /// - Parameter text: The descriptor, as SCXML's `event` attribute writes it.
    public init(_ text: String) {
        alternatives = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .map { Self.normalize(String($0)) }
    }

    /// Parses a descriptor written as a string literal.
    ///
    /// - Parameter value: The descriptor.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Parses a descriptor written as a one-character literal.
    ///
    /// - Parameter value: The descriptor.
    public init(extendedGraphemeClusterLiteral value: String) {
        self.init(value)
    }

    /// Parses a descriptor written as a one-scalar literal.
    ///
    /// - Parameter value: The descriptor.
    public init(unicodeScalarLiteral value: String) {
        self.init(value)
    }

    /// Whether an event with this name is matched.
    ///
    /// - Parameter name: An event name, such as `error.execution`.
    /// - Returns: `true` when one of the alternatives matches it.
    public func matches(_ name: String) -> Bool {
        alternatives.contains { alternative in
            alternative == "*" || name == alternative
                || (name.hasPrefix(alternative) && name.dropFirst(alternative.count).first == ".")
        }
    }

    /// The alternatives, separated by spaces.
    public var description: String { alternatives.joined(separator: " ") }

    private static func normalize(_ name: String) -> String {
        var name = Substring(name)
        if name.hasSuffix(".*") { name = name.dropLast(2) }
        while name.hasSuffix(".") { name = name.dropLast() }
        return name.isEmpty ? "*" : String(name)
    }

}

/// An event known by a dotted name, with an optional payload: the generic form of event that
/// transitions match with ``EventDescriptor``s.
///
/// ```swift
/// machine.send(NamedEvent("upload.progress", payload: 0.5))
/// ```
public struct NamedEvent<Payload: Sendable>: MachineEvent {
    /// The event's name, tokens separated by dots.
    public var name: String
    /// The data the event carries.
    public var payload: Payload?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name, tokens separated by dots.
    ///   - payload: The data it carries.
    public init(_ name: String, payload: Payload? = nil) {
        self.name = name
        self.payload = payload
    }

    /// The event's name as a descriptor that matches only it.
    public var kind: EventDescriptor { EventDescriptor(name) }

    /// The event's name, which transitions' descriptors match.
    public var descriptorName: String? { name }
}

extension NamedEvent: Equatable where Payload: Equatable {}
extension NamedEvent: Hashable where Payload: Hashable {}
extension NamedEvent: Codable where Payload: Codable {}
