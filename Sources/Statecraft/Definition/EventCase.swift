/// One case of an event type, with its payload typed: what `On(\.coin)` names.
///
/// A transition written with a case receives the case's payload instead of the whole event,
/// in its guard and its action:
///
/// ```swift
/// On(\.coin, to: .unlocked, guard: { _, cents in cents >= 25 }) { till, cents in
///     till.cents += cents
/// }
/// ```
///
/// The `@MachineEvent` macro (product `StatecraftMacros`) writes one for every case of an
/// enum. Without the macro, declare them in your event's ``PayloadCases/Cases``:
///
/// ```swift
/// extension Input: PayloadCases {
///     struct Cases: Sendable {
///         let coin = EventCase<Input, Int>(.coin) { event in
///             if case .coin(let cents) = event { cents } else { nil }
///         }
///     }
///     static let cases = Cases()
/// }
/// ```
public struct EventCase<Event: MachineEvent, Payload>: Sendable {
    /// The kind of the events of this case: what the transition is looked up by.
    public let kind: Event.Kind
    /// The payload of an event of this case, or `nil` for an event of another case.
    @usableFromInline let extract: @Sendable (Event) -> Payload?

    /// Names a case.
    ///
    /// - Parameters:
    ///   - kind: The kind of the case's events.
    ///   - extract: The payload of an event of the case; `nil` for any other event. It is only
    ///     asked about events of `kind`; an answer of `nil` there makes the transition decline.
    public init(_ kind: Event.Kind, extract: @escaping @Sendable (_ event: Event) -> Payload?) {
        self.kind = kind
        self.extract = extract
    }

    /// The payload of `event`, or `nil` when it is not of this case.
    ///
    /// - Parameter event: An event.
    /// - Returns: Its payload.
    @inlinable
    public func payload(of event: Event) -> Payload? {
        extract(event)
    }
}

/// An event type whose cases are named with their payloads, for transitions written as
/// `On(\.coin)` and `OnDone(\.receipt)`: ``Cases`` has one ``EventCase`` property per case.
///
/// The `@MachineEvent` macro (product `StatecraftMacros`) conforms an enum for you; see
/// ``EventCase`` for the hand-written form.
public protocol PayloadCases: MachineEvent {
    /// A type with one ``EventCase`` property per case of the event.
    associatedtype Cases: Sendable

    /// The cases, which `\.name` key paths read.
    static var cases: Cases { get }
}
