#if Inspector
public import Statecraft
public import StatecraftSCXML

/// The events of a typed machine that the inspector's page and `POST /events` can send, by
/// name: each name with how to make the event from the request's data.
///
/// An SCXML session takes any event name, so it needs no table; a typed machine's events are
/// Swift values, and the inspector makes only those listed here. A name not listed gets
/// `422 Unprocessable Content` and reaches no machine.
///
/// ```swift
/// let events = InspectorEvents<Remote>.cases([.power, .play, .pause, .stop])
/// let coins = InspectorEvents<Input>([
///     .init("push") { data in data == nil ? .push : nil },
///     .init("coin", example: #"{"cents": 25}"#) { data in
///         guard case .object(let members)? = data, let cents = members.first(where: { $0.name == "cents" }),
///               case .number(let value) = cents.value else { return nil }
///         return .coin(cents: Int(value))
///     },
/// ])
/// ```
public struct InspectorEvents<Event: MachineEvent>: Sendable {
    /// One name and how to make its event.
    public struct Entry: Sendable {
        /// The name a request sends.
        public var name: String
        /// Example data, shown when the data given does not fit.
        public var example: String?
        /// Makes the event from the request's data (`nil` when the request has none), or
        /// returns `nil` when the data does not fit.
        public var make: @Sendable (SCXMLValue?) -> Event?

        /// Makes an entry.
        ///
        /// - Parameters:
        ///   - name: The name a request sends.
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

    /// No event: the page shows the machine but cannot send it anything.
    public static var none: Self { Self([]) }

    /// The entry named `name`.
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
#endif
