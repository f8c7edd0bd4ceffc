#if Inspector
import Synchronization

/// Each value's name, `String(describing:)`, made once per distinct value: describing an enum
/// case reflects on it, which would otherwise be most of a record's cost. Holds one entry per
/// state or event kind the machine has met, a number its chart bounds.
final class Names<Value: Hashable & Sendable>: Sendable {
    private let names = Mutex<[Value: String]>([:])

    /// The value's name.
    func callAsFunction(_ value: Value) -> String {
        if let known = names.withLock({ $0[value] }) { return known }
        let name = String(describing: value)
        names.withLock { $0[value] = name }
        return name
    }
}

/// Writes values of one type as JSON when the type is `Encodable`: the check is made once, for
/// the type, rather than for every value.
struct JSONWriter<Value>: Sendable {
    private let write: (@Sendable (Value) -> String?)?

    init() {
        if Value.self is any Encodable.Type {
            let writer: @Sendable (Value) -> String? = { value in JSONText.encoded(value) }
            write = writer
        } else {
            write = nil
        }
    }

    /// Whether the type is `Encodable`.
    var encodes: Bool { write != nil }

    /// The value as JSON, or `nil` when its type is not `Encodable` or it does not encode.
    func callAsFunction(_ value: Value) -> String? {
        write?(value)
    }
}
#endif
