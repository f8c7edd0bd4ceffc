#if Durable
public import Statecraft

/// Why a durable machine could not be created, loaded, sent an event or saved.
///
/// Every problem with stored data (a row that does not decode, a snapshot of another chart
/// version, a chart the process does not know) is one of these, never a crash:
///
/// ```swift
/// do {
///     _ = try await machines.send(payload, to: "order-7", id: "evt-1")
/// } catch let error as DurableError where error.code == .versionMismatch {
///     print(error.message)   // says which versions, and how to supply a migration
/// }
/// ```
public struct DurableError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added.
    public typealias Code = ErrorCode<DurableError>

    /// What went wrong.
    public let code: Code
    /// What went wrong and, where it helps, what to do about it.
    public let message: String
    /// The machine concerned, when there is one.
    public let machineID: String?
    /// The error that caused this one, when there is one.
    public let cause: (any Error & Sendable)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A sentence for people.
    ///   - machineID: The machine concerned.
    ///   - cause: The underlying error.
    public init(code: Code, message: String, machineID: String? = nil, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message.escapingControlCharacters()
        self.machineID = machineID
        self.cause = cause
    }

    /// `code: message (machine ID)`, and the cause when there is one.
    public var description: String {
        var text = "\(code): \(message)"
        if let machineID { text += " (machine '\(machineID)')" }
        if let cause { text += "; cause: \(cause)" }
        return text
    }
}

extension ErrorCode where Domain == DurableError {
    /// No machine has the id.
    public static var unknownMachine: Self { Self(name: "unknownMachine") }
    /// The machine exists already, of another chart.
    public static var machineExists: Self { Self(name: "machineExists") }
    /// The row names a chart this process has not registered: a foreign row.
    public static var unknownChart: Self { Self(name: "unknownChart") }
    /// The stored snapshot was written by another version of the chart and no migration
    /// was given (or the migration failed).
    public static var versionMismatch: Self { Self(name: "versionMismatch") }
    /// A stored row (snapshot, event, message) does not decode, or contradicts the chart.
    public static var corruptRow: Self { Self(name: "corruptRow") }
    /// An event's payload does not decode as an event of the machine's chart.
    public static var invalidEvent: Self { Self(name: "invalidEvent") }
    /// The machine's snapshot could not be encoded.
    public static var unsavable: Self { Self(name: "unsavable") }
    /// The database refused or failed an operation.
    public static var database: Self { Self(name: "database") }
    /// Another process changed the machine first; the operation can be retried.
    public static var conflict: Self { Self(name: "conflict") }
    /// The machines were closed.
    public static var closed: Self { Self(name: "closed") }
    /// An argument was out of range (an empty id, a store URL that cannot be read).
    public static var invalidArgument: Self { Self(name: "invalidArgument") }
}
#endif
