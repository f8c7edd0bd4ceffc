/// An event that leaves the machine after a delay (``Effects/send(_:to:after:id:)``), as the
/// chart's outbound handler receives it when it falls due: SCXML's `<send delay>` to a target
/// other than the session itself.
///
/// The machine does not take such an event. When its delay has passed on the machine's clock,
/// the handler given as the chart's `outbound:` argument (``Statechart/OutboundHandler``)
/// delivers it (to the app, another machine, a network) and may raise events in the machine,
/// such as an error when the target cannot be reached. Until then ``Effects/cancel(_:)`` removes it under its
/// `id`, and a machine that finishes drops it (SCXML 6.2: a session that terminates discards
/// the messages it has not sent yet).
public struct OutboundEvent<Event: MachineEvent>: Sendable {
    /// The event.
    public let event: Event
    /// Where it goes, as the action named it.
    public let target: String
    /// The name it was scheduled under, for ``Effects/cancel(_:)``; `nil` for none.
    public let id: String?

    /// Creates an outbound event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - target: Where it goes.
    ///   - id: The name it was scheduled under.
    public init(event: Event, target: String, id: String?) {
        self.event = event
        self.target = target
        self.id = id
    }
}

extension OutboundEvent: Equatable where Event: Equatable {}
extension OutboundEvent: Hashable where Event: Hashable {}
