#if Inspector
import Foundation
import StatecraftSCXML

/// Writes JSON text piece by piece: what the inspector's routes and messages are made of.
///
/// Values that JSON cannot hold (`undefined`, a number that is not finite) are written as
/// `null`, so that a machine's odd value never breaks a page.
enum JSONText {
    /// A JSON string literal.
    static func string(_ text: String) -> String {
        // Most names need no escape: one pass over the bytes, then one concatenation.
        let plain = text.utf8.allSatisfy { byte in byte >= 0x20 && byte != 0x22 && byte != 0x5c && byte != 0x3c && byte != 0xe2 }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Written escaped so that the text can sit inside an HTML <script> safely too.
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A JSON string literal, or `null`.
    static func string(_ text: String?) -> String {
        text.map { string($0) } ?? "null"
    }

    /// A number: an integer without a fraction, `null` when not finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A duration in seconds, as a number.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return number(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// An object from members whose values are JSON text already.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// An array of JSON texts.
    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// An SCXML value (JSON-like) as JSON.
    static func value(_ value: SCXMLValue) -> String {
        switch value {
        case .undefined, .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items): array(items.map(self.value))
        case .object(let members): object(members.map { ($0.name, self.value($0.value)) })
        }
    }

    /// Any value as JSON when it is `Encodable` and encodes; `nil` otherwise.
    static func encoded(_ value: Any) -> String? {
        guard let encodable = value as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(encodable) else { return nil }
        // Re-read as a value so that `<` and friends are escaped as above.
        guard let parsed = try? JSONDecoder().decode(SCXMLValue.self, from: data) else { return nil }
        return self.value(parsed)
    }
}
#endif
