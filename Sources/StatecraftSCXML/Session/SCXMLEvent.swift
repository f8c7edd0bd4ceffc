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
    /// The fields most events leave empty, in one shared box: `nil` when every one is empty,
    /// so that the engine copies an event of a name and a type without a retain.
    private var details: Details?

    /// The id of the `<send>` that sent it, when it had one.
    public var sendID: String? {
        get { details?.sendID }
        set { changeDetails { $0.sendID = newValue } }
    }
    /// Where a reply may be sent: `#_scxml_<sessionid>` for another session.
    public var origin: String? {
        get { details?.origin }
        set { changeDetails { $0.origin = newValue } }
    }
    /// The type of the event I/O processor that brought it.
    public var originType: String? {
        get { details?.originType }
        set { changeDetails { $0.originType = newValue } }
    }
    /// The id of the invocation it comes from, when an invoked session sent it.
    public var invokeID: String? {
        get { details?.invokeID }
        set { changeDetails { $0.invokeID = newValue } }
    }
    /// The data it carries; ``SCXMLValue/undefined`` when none.
    public var data: SCXMLValue {
        get { details?.data ?? .undefined }
        set { changeDetails { $0.data = newValue } }
    }
    /// The message as it arrived, for an event an I/O processor received from outside (the
    /// Basic HTTP processor's request line, headers and body); `_event.raw`, which `_event`
    /// has only when this is set. Not kept in a session's snapshot.
    public var raw: String? {
        get { details?.fields.raw }
        set { changeDetails { $0.raw = newValue } }
    }

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
        let fields = Fields(sendID: sendID, origin: origin, originType: originType, invokeID: invokeID, data: data, raw: raw)
        details = fields.isEmpty ? nil : Details(fields)
    }

    /// The optional fields.
    struct Fields: Hashable {
        var sendID: String?
        var origin: String?
        var originType: String?
        var invokeID: String?
        var data: SCXMLValue = .undefined
        var raw: String?

        var isEmpty: Bool {
            sendID == nil && origin == nil && originType == nil && invokeID == nil && data == .undefined && raw == nil
        }
    }

    /// The box of the optional fields, never changed once shared.
    private final class Details: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        var sendID: String? { fields.sendID }
        var origin: String? { fields.origin }
        var originType: String? { fields.originType }
        var invokeID: String? { fields.invokeID }
        var data: SCXMLValue { fields.data }
    }

    private var fields: Fields { details?.fields ?? Fields() }

    private mutating func changeDetails(_ change: (inout Fields) -> Void) {
        var fields = self.fields
        change(&fields)
        details = fields.isEmpty ? nil : Details(fields)
    }

    /// Two events are equal when every field is.
    public static func == (lhs: SCXMLEvent, rhs: SCXMLEvent) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && (lhs.details === rhs.details || lhs.fields == rhs.fields)
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(fields)
    }

    /// The name as a descriptor, which transitions' `event` attributes match by prefix.
    public var kind: EventDescriptor { EventDescriptor(name) }

    /// The name, which transitions' descriptors match: read by the engine instead of ``kind``.
    public var descriptorName: String? { name }

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
