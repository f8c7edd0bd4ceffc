/// An event as name-value pairs, `application/x-www-form-urlencoded`: the one form both event
/// I/O processors give an event as text. The Basic HTTP processor (SCXML C.2) posts it as a
/// request's body; the SCXML processor (C.1) gives it as `_event.raw` of the events it delivers,
/// since C.1 leaves the raw form of its messages to the platform.
package enum EventForm {
    /// The parameter that names the event (C.2).
    package static let eventNameParameter = "_scxmleventname"

    /// The event as a form: its name as `_scxmleventname` (when it has one), then each member of
    /// its data (from `<param>` and `namelist`, in order, a name given twice kept twice) as a
    /// parameter. Data that is not an object (from `<content>`) is the body itself, encoded as
    /// one value, and the name cannot be a parameter of it.
    ///
    /// - Returns: The body, and the event's name when the body cannot carry it.
    package static func body(of event: SCXMLEvent) -> (body: String, nameOutside: String?) {
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

    /// `_event.raw` of an event the SCXML processor delivers: the form of ``body(of:)``, with
    /// the name first as a parameter when the body is `<content>` (`_scxmleventname=e&this%20is`
    /// is not a form, so such a raw form is the name, a blank line, and the content encoded).
    package static func raw(of event: SCXMLEvent) -> String {
        let (body, nameOutside) = body(of: event)
        guard let nameOutside else { return body }
        return encode(eventNameParameter) + "=" + encode(nameOutside) + "\n\n" + body
    }

    /// A value as a parameter carries it: a string as it is, anything else as the datamodel
    /// prints it.
    package static func text(_ value: SCXMLValue) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }

    /// Form-encodes: letters, digits and `*-._` as they are, every other byte of the UTF-8 as
    /// `%XX`, space as `%20` (which every form decoder reads, as it reads `+`; the W3C test 520
    /// looks for `%20` as a regular expression, in which `+` would not match itself).
    package static func encode(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
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
    package static func decode(_ text: Substring) -> String? {
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
}
