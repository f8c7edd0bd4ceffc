extension SCXMLValue {
    /// How deeply the value nests, counting a scalar as 1, or `nil` when that passes `limit`.
    /// Recursion never goes deeper than `limit`.
    func depth(limit: Int) -> Int? {
        guard limit > 0 else { return nil }
        switch self {
        case .array(let items):
            var deepest = 0
            for item in items {
                guard let depth = item.depth(limit: limit - 1) else { return nil }
                deepest = max(deepest, depth)
            }
            return deepest + 1
        case .object(let members):
            var deepest = 0
            for member in members {
                guard let depth = member.value.depth(limit: limit - 1) else { return nil }
                deepest = max(deepest, depth)
            }
            return deepest + 1
        default:
            return 1
        }
    }

    /// Structural equality: the same kind and the same content, with no conversion between
    /// kinds. Numbers compare as doubles (`0 == -0`, `NaN` equals nothing); arrays compare
    /// element by element; objects are equal when they have the same member names with equal
    /// values, in any order.
    func isEquivalent(to other: SCXMLValue) -> Bool {
        switch (self, other) {
        case (.undefined, .undefined), (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            for (leftItem, rightItem) in zip(left, right) where !leftItem.isEquivalent(to: rightItem) {
                return false
            }
            return true
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for member in left {
                guard let match = right.first(where: { $0.name == member.name }),
                    member.value.isEquivalent(to: match.value)
                else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// The kind of the value with an article, for messages: `a number`, `an array`, `null`.
    var kindWithArticle: String {
        switch self {
        case .undefined: "undefined"
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether the value holds `undefined` anywhere.
    var containsUndefined: Bool {
        switch self {
        case .undefined: true
        case .array(let items): items.contains { $0.containsUndefined }
        case .object(let members): members.contains { $0.value.containsUndefined }
        default: false
        }
    }
}
