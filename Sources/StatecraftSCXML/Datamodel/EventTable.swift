public import Statecraft

/// The events of a typed machine that a tool can make from a name and JSON-like data: the
/// inspector's page and `POST /events`, a simulation script's lines (`--simulate`), each name
/// with how to make its event from the data.
///
/// An SCXML session takes any event name, so it needs no table; a typed machine's events are
/// Swift values, and a tool makes only those listed here. The inspector answers a name not
/// listed with `422 Unprocessable Content`; a simulation script's line naming it is an error
/// that lists the names there are.
///
/// ```swift
/// let events = EventTable<Remote>.cases([.power, .play, .pause, .stop])
/// let coins = EventTable<Input>([
///     .init("push") { data in data == nil ? .push : nil },
///     .init("coin", example: #"{"cents": 25}"#) { data in
///         guard case .object(let members)? = data, let cents = members.first(where: { $0.name == "cents" }),
///               case .number(let value) = cents.value else { return nil }
///         return .coin(cents: Int(value))
///     },
/// ])
/// ```
public struct EventTable<Event: MachineEvent>: Sendable {
    /// One name and how to make its event.
    public struct Entry: Sendable {
        /// The name a request or a script line sends.
        public var name: String
        /// Example data, shown when the data given does not fit.
        public var example: String?
        /// Makes the event from the data (`nil` when the request or line has none), or
        /// returns `nil` when the data does not fit.
        public var make: @Sendable (SCXMLValue?) -> Event?

        /// Makes an entry.
        ///
        /// - Parameters:
        ///   - name: The name a request or a script line sends.
        ///   - example: Example data, shown when the data given does not fit.
        ///   - make: Makes the event from the data, or returns `nil` when it does not fit.
        public init(_ name: String, example: String? = nil, make: @escaping @Sendable (SCXMLValue?) -> Event?) {
            self.name = name
            self.example = example
            self.make = make
        }
    }

    /// The names, in the order the page lists them.
    public var entries: [Entry]

    /// Makes a table.
    ///
    /// - Parameter entries: The names and how each makes its event; of two entries with the
    ///   same name, the first is used.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// Events without data, each named as it prints (`String(describing:)`): `play`, `pause`.
    ///
    /// - Parameter events: The events.
    /// - Returns: A table that makes each of them when sent without data.
    public static func cases(_ events: [Event]) -> Self where Event: Sendable {
        Self(events.map { event in Entry("\(event)") { data in data == nil || data == .null ? event : nil } })
    }

    /// No event: the inspector's page shows the machine but cannot send it anything.
    public static var none: Self { Self([]) }

    /// The entry named `name`: the first, when two have it.
    ///
    /// - Parameter name: The name.
    /// - Returns: Its entry, or `nil` when the table has none.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
