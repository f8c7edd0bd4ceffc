#if Durable
import Statecraft

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
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, for logs.
        public let name: String

        /// No machine has the id.
        public static let unknownMachine = Code(name: "unknownMachine")
        /// The machine exists already, of another chart.
        public static let machineExists = Code(name: "machineExists")
        /// The row names a chart this process has not registered: a foreign row.
        public static let unknownChart = Code(name: "unknownChart")
        /// The stored snapshot was written by another version of the chart and no migration
        /// was given (or the migration failed).
        public static let versionMismatch = Code(name: "versionMismatch")
        /// A stored row (snapshot, event, message) does not decode, or contradicts the chart.
        public static let corruptRow = Code(name: "corruptRow")
        /// An event's payload does not decode as an event of the machine's chart.
        public static let invalidEvent = Code(name: "invalidEvent")
        /// The machine's snapshot could not be encoded.
        public static let unsavable = Code(name: "unsavable")
        /// The database refused or failed an operation.
        public static let database = Code(name: "database")
        /// Another process changed the machine first; the operation can be retried.
        public static let conflict = Code(name: "conflict")
        /// The machines were closed.
        public static let closed = Code(name: "closed")
        /// An argument was out of range (an empty id, a store URL that cannot be read).
        public static let invalidArgument = Code(name: "invalidArgument")

        /// The code's name.
        public var description: String { name }
    }

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
#endif
