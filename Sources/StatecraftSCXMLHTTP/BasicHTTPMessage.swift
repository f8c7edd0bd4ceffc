#if HTTP
import StatecraftSCXML
import Statecraft

/// The messages of the Basic HTTP Event I/O Processor (SCXML C.2): what a `<send>` posts, and
/// the event a received POST becomes. Pure functions of their input, so that hostile input is
/// tested without a server.
enum BasicHTTPMessage {
    /// The parameter that names the event (C.2): in the body, or as a header.
    static let eventNameParameter = EventForm.eventNameParameter
    /// The header that carries the sending session's location, so that `_event.origin` can
    /// answer it (SCXML 5.10.1); a POST without it has no origin.
    static let originHeader = "SCXML-Origin"

    /// The body of a `<send>`'s POST, `application/x-www-form-urlencoded` (``EventForm``): the
    /// event's name as `_scxmleventname` (when it has one), then each member of its data (from
    /// `<param>` and `namelist`) as a parameter; data that is not an object (from `<content>`) is
    /// the body itself, encoded as a value, with the name moved to the `_scxmleventname` header.
    ///
    /// - Returns: The body, and the name for the header when the body cannot carry it.
    static func body(for event: SCXMLEvent) -> (body: String, nameHeader: String?) {
        let (body, nameOutside) = EventForm.body(of: event)
        return (body, nameOutside)
    }

    /// Decodes a form-encoded component (``EventForm/decode(_:)``).
    static func decode(_ text: Substring) -> String? { EventForm.decode(text) }

    /// Why a received message cannot be an event: the text of a `400 Bad Request`.
    struct Malformed: Error, Equatable {
        var message: String
    }

    /// The event a received POST becomes (SCXML C.2): named by a single `_scxmleventname`
    /// parameter (or header), else `HTTP.<method>`; its data the other parameters as an object
    /// (a parameter given more than once keeps its last value), or the decoded body as a string
    /// when the body is not `name=value` pairs; its origin the `SCXML-Origin` header, when
    /// that is an `http://` address; `raw` the request line, headers (all but
    /// `Authorization`) and body.
    ///
    /// - Parameters:
    ///   - method: The request's method: `POST`.
    ///   - path: The target's path, without its query (which holds the token).
    ///   - headers: The header fields, in the order received.
    ///   - body: The body, UTF-8.
    ///   - originType: `_event.origintype`.
    /// - Throws: ``Malformed`` when the body is not UTF-8 or a parameter is badly encoded,
    ///   or `_scxmleventname` is given more than once or is empty.
    static func event(
        method: String, path: String, headers: [(name: String, value: String)], body: [UInt8], originType: String
    ) throws(Malformed) -> SCXMLEvent {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw Malformed(message: "the body is not UTF-8 text")
        }
        var names: [String] = []
        var members: [SCXMLMember] = []
        var data = SCXMLValue.undefined
        let pairs = text.split(separator: "&", omittingEmptySubsequences: true)
        let isForm = !pairs.isEmpty && pairs.allSatisfy { $0.contains("=") }
        if isForm {
            for pair in pairs {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = decode(parts[0]), let value = decode(parts[1]) else {
                    throw Malformed(message: "the parameter '\(parts[0].excerpt())' is not form-encoded (a '%' needs two hexadecimal digits, and the text UTF-8)")
                }
                if name == eventNameParameter {
                    names.append(value)
                } else if let index = members.firstIndex(where: { $0.name == name }) {
                    members[index].value = .string(value)
                } else {
                    members.append(SCXMLMember(name, .string(value)))
                }
            }
            data = members.isEmpty ? .undefined : .object(members)
        } else if !text.isEmpty {
            data = .string(decode(Substring(text)) ?? text)
        }
        if names.isEmpty {
            names = headers.filter { $0.name.lowercased() == eventNameParameter }.map(\.value)
        }
        guard names.count <= 1 else {
            throw Malformed(message: "give \(eventNameParameter) once, not \(names.count) times")
        }
        let name = names.first ?? "HTTP.\(method)"
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" || $0.isNewline }) else {
            throw Malformed(message: "\(eventNameParameter) must be an event name: not empty, without spaces")
        }
        let origin = headers.last { $0.name.lowercased() == originHeader.lowercased() }?.value
        var raw = "\(method) \(path) HTTP/1.1\n"
        for (name, value) in headers where name.lowercased() != "authorization" { raw += "\(name): \(value)\n" }
        raw += "\n" + text
        return SCXMLEvent(
            name, type: .external, origin: origin.flatMap { $0.hasPrefix("http://") ? $0 : nil }, originType: originType,
            data: data, raw: raw
        )
    }
}
#endif
