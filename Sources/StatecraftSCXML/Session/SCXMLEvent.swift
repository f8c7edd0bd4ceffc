public import Statecraft

/// An event of an SCXML session: its name and the fields SCXML's `_event` variable exposes.
public struct SCXMLEvent: MachineEvent, Hashable {
    /// Who made the event, as `_event.type` says.
    public enum EventType: String, Hashable, Sendable {
        /// Made by the processor itself: `error.*` events.
        case platform
        /// Raised by `<raise>`, `<send target="#_internal">`, or a done event.
        case `internal`
        /// Sent by `<send>`, an invoked session, or from outside.
        case external
    }

    /// The name, tokens separated by dots: `done.state.s1`.
    public var name: String
    /// Who made it.
    public var type: EventType
    /// The id of the `<send>` that sent it, when it had one.
    public var sendID: String?
    /// Where a reply may be sent: `#_scxml_<sessionid>` for another session.
    public var origin: String?
    /// The type of the event I/O processor that brought it.
    public var originType: String?
    /// The id of the invocation it comes from, when an invoked session sent it.
    public var invokeID: String?
    /// The data it carries; ``SCXMLValue/undefined`` when none.
    public var data: SCXMLValue
    /// The message as it arrived, for an event an I/O processor received from outside (the
    /// Basic HTTP processor's request line, headers and body); `_event.raw`, which `_event`
    /// has only when this is set. Not kept in a session's snapshot.
    public var raw: String?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name.
    ///   - type: Who made it; `external` by default.
    ///   - sendID: The id of the send that sent it.
    ///   - origin: Where a reply may be sent.
    ///   - originType: The type of the I/O processor that brought it.
    ///   - invokeID: The invocation it comes from.
    ///   - data: The data it carries.
    ///   - raw: The message as it arrived from outside, when an I/O processor received it.
    public init(
        _ name: String,
        type: EventType = .external,
        sendID: String? = nil,
        origin: String? = nil,
        originType: String? = nil,
        invokeID: String? = nil,
        data: SCXMLValue = .undefined,
        raw: String? = nil
    ) {
        self.name = name
        self.type = type
        self.sendID = sendID
        self.origin = origin
        self.originType = originType
        self.invokeID = invokeID
        self.data = data
        self.raw = raw
    }

    /// The name as a descriptor, which transitions' `event` attributes match by prefix.
    public var kind: EventDescriptor { EventDescriptor(name) }

    /// The event as the `_event` system variable shows it.
    var systemValue: SCXMLValue {
        func text(_ value: String?) -> SCXMLValue { value.map { .string($0) } ?? .undefined }
        var members = [
            SCXMLMember("name", .string(name)),
            SCXMLMember("type", .string(type.rawValue)),
            SCXMLMember("sendid", text(sendID)),
            SCXMLMember("origin", text(origin)),
            SCXMLMember("origintype", text(originType)),
            SCXMLMember("invokeid", text(invokeID)),
            SCXMLMember("data", data),
        ]
        if let raw { members.append(SCXMLMember("raw", .string(raw))) }
        return .object(members)
    }
}

extension SCXMLEvent: CustomStringConvertible {
    /// The event's name, followed by its data when it has any (`undefined` and `null` are
    /// none): `pedestrian`,
    /// `digit {"value":3}` (a string's data in quotes, so that it reads as data).
    public var description: String {
        switch data {
        case .null, .undefined: name
        case .string(let text): "\(name) \"\(text)\""
        default: "\(name) \(data)"
        }
    }
}
