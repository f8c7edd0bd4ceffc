import Foundation

/// An external event as bytes: its name and data as JSON, the form in which an
/// ``SCXMLMachine`` reads events (``SCXMLMachine/decodeEvent(_:)``) and writes the messages it
/// sends other machines (``SCXMLMachine/takeMessages()``); the durable store keeps SCXML
/// events so.
///
/// ```json
/// {"name": "go", "data": {"speed": 3}}
/// ```
public struct SCXMLDurableEvent: Codable, Hashable, Sendable {
    /// The event's name.
    public var name: String
    /// Its data, `_event.data` in the session.
    public var data: SCXMLValue

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name.
    ///   - data: Its data.
    public init(_ name: String, data: SCXMLValue = .undefined) {
        self.name = name
        self.data = data
    }

    enum CodingKeys: String, CodingKey { case name, data }

    /// Decodes an event; a missing `data` is `undefined`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        data = try container.decodeIfPresent(SCXMLValue.self, forKey: .data) ?? .undefined
    }

    /// Encodes an event, leaving out `data` when it is `undefined` (which JSON cannot hold).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if data != .undefined { try container.encode(data, forKey: .data) }
    }
}
