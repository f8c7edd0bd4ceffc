#if HTTP
import StatecraftSCXML
import Statecraft

/// The messages of the Basic HTTP Event I/O Processor (SCXML C.2): what a `<send>` posts, and
/// the event a received POST becomes. Pure functions of their input, so that hostile input is
/// tested without a server.
enum BasicHTTPMessage {
    /// The parameter that names the event (C.2): in the body, or as a header.
    static let eventNameParameter = "_scxmleventname"
    /// The header that carries the sending session's location, so that `_event.origin` can
    /// answer it (SCXML 5.10.1); a POST without it has no origin.
    static let originHeader = "SCXML-Origin"

    /// The body of a `<send>`'s POST, `application/x-www-form-urlencoded`: the event's name
    /// as `_scxmleventname` (when it has one), then each member of its data (from `<param>` and
    /// `namelist`) as a parameter; data that is not an object (from `<content>`) is the body
    /// itself, encoded as a value, with the name moved to the `_scxmleventname` header.
    ///
    /// - Returns: The body, and the name for the header when the body cannot carry it.
    static func body(for event: SCXMLEvent) -> (body: String, nameHeader: String?) {
        var pairs: [(String, String)] = []
        if !event.name.isEmpty { pairs.append((eventNameParameter, event.name)) }
        switch event.data {
        case .undefined, .null:
            break
        case .object(let members):
            for member in members { pairs.append((member.name, text(member.value))) }
        default:
            return (encode(text(event.data)), event.name.isEmpty ? nil : event.name)
        }
        return (pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&"), nil)
    }

    /// A value as a parameter carries it: a string as it is, anything else as the datamodel
    /// prints it.
    static func text(_ value: SCXMLValue) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }

    /// Form-encodes: letters, digits and `*-._` as they are, every other byte of the UTF-8 as
    /// `%XX`, space as `%20` (which every form decoder reads, as it reads `+`; the W3C test 520
    /// looks for `%20` as a regular expression, in which `+` would not match itself).
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                out.append("%")
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0f)])
            }
        }
        return out
    }

    /// Decodes a form-encoded component: `+` as space, `%XX` as that byte.
    ///
    /// - Returns: The text, or `nil` when a `%` is not followed by two hexadecimal digits or
    ///   the bytes are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

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
