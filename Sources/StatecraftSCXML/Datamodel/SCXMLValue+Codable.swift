/// A value as JSON: `null`, booleans, numbers, strings, arrays and objects as themselves.
///
/// JSON has no `undefined` and no number that is not finite: encoding one throws
/// `EncodingError.invalidValue`. Where a value may be `undefined` (a variable declared
/// without a value, an event without data), the types that hold it leave it out instead.
/// Decoding an object gives its members in the order the decoder lists them.
extension SCXMLValue: Codable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the value as JSON.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError.invalidValue` for `undefined` and for numbers that are not
    ///   finite.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .undefined:
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "undefined cannot be written as JSON"
            ))
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            guard number.isFinite else {
                throw EncodingError.invalidValue(number, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "\(number) cannot be written as JSON"
                ))
            }
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.name)) }
        }
    }

    /// Reads a JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the data is not JSON.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            self = .object(try object.allKeys.map { SCXMLMember($0.stringValue, try object.decode(SCXMLValue.self, forKey: $0)) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [SCXMLValue] = []
            while !array.isAtEnd { items.append(try array.decode(SCXMLValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Where the value holds something JSON cannot (`undefined`, a number that is not
    /// finite), each named from `path`: `Var1.items[2] is undefined`.
    func jsonProblems(at path: String, allowingUndefined: Bool = false) -> [String] {
        var problems: [String] = []
        collectJSONProblems(at: path, allowingUndefined: allowingUndefined, into: &problems)
        return problems
    }

    private func collectJSONProblems(at path: String, allowingUndefined: Bool, into problems: inout [String]) {
        switch self {
        case .undefined where !allowingUndefined:
            problems.append("\(path) is undefined, which JSON cannot hold")
        case .number(let number) where !number.isFinite:
            problems.append("\(path) is \(number), which JSON cannot hold")
        case .array(let items):
            for (index, item) in items.enumerated() {
                item.collectJSONProblems(at: "\(path)[\(index)]", allowingUndefined: false, into: &problems)
            }
        case .object(let members):
            for member in members {
                member.value.collectJSONProblems(at: "\(path).\(member.name)", allowingUndefined: false, into: &problems)
            }
        default:
            break
        }
    }
}
