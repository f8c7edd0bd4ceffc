extension SCXMLValue: CustomStringConvertible {
    /// The value as text, the form `+` uses when it joins a value to a string and the form
    /// `<log>` shows.
    ///
    /// A string is itself, without quotes. A whole number below 10^16 in magnitude prints
    /// without a fraction (`1`, `-20`); any other number prints as Swift's `Double.description` does
    /// (`0.5`, `1e+20`). Arrays and objects print in a compact JSON-like form in which strings
    /// are quoted: `[1,"a",true]`, `{"name":"x","data":null}`. `undefined` prints as
    /// `undefined`, also inside an array or an object.
    ///
    /// ```swift
    /// SCXMLValue.array([.number(1), .string("a")]).description   // [1,"a"]
    /// ```
    public var description: String {
        var text = ""
        SCXMLValueText.write(self, quotingStrings: false, into: &text)
        return text
    }
}

/// The text forms of values and numbers, without Foundation.
package enum SCXMLValueText {
    /// The magnitude below which a whole number prints as an integer; from there on, Swift's
    /// `description` uses an exponent.
    static let integerLimit = 1e16

    /// `number` as text: whole numbers without a fraction, others as `Double.description`.
    package static func number(_ number: Double) -> String {
        if number.isFinite, number.rounded(.towardZero) == number, abs(number) < integerLimit {
            return String(Int64(number))
        }
        return number.description
    }

    /// The name of the kind of `value`, as `typeof` answers it.
    static func typeName(_ value: SCXMLValue) -> String {
        switch value {
        case .undefined: "undefined"
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Appends the text of `value` to `text`; strings are quoted inside arrays and objects, and
    /// at the top when `quotingStrings` is set.
    static func write(_ value: SCXMLValue, quotingStrings: Bool, into text: inout String) {
        switch value {
        case .undefined: text += "undefined"
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += Self.number(number)
        case .string(let string):
            if quotingStrings { quote(string, into: &text) } else { text += string }
        case .array(let items):
            text += "["
            for (position, item) in items.enumerated() {
                if position > 0 { text += "," }
                write(item, quotingStrings: true, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                quote(member.name, into: &text)
                text += ":"
                write(member.value, quotingStrings: true, into: &text)
            }
            text += "}"
        }
    }

    /// Appends `string` in double quotes, with quotes, backslashes and control characters
    /// escaped.
    package static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    text += "\\u" + hex4(scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// `value` as four lowercase hexadecimal digits.
    package static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
