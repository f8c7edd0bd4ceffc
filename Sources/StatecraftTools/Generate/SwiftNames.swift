/// Swift names for what an SCXML document names (state ids, event names, the document's name),
/// made so that a reader sees where each came from: `error.execution` becomes `errorExecution`,
/// `red-light` becomes `redLight`, `default` becomes `` `default` ``.
///
/// Everything here is deterministic: the same names in the same order give the same Swift names.
package enum SwiftNames {
    /// Swift's keywords, which a name can use only between backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "await", "async", "any", "some", "each", "_",
    ]

    /// Names that backticks do not make usable as a member: given a trailing `_` instead.
    static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"]

    /// The words of `text`: runs of ASCII letters, digits and `_`; any other character separates
    /// words, and a character outside ASCII becomes a word of its own (`u` and its hexadecimal
    /// code), so that names written in other scripts stay distinct.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                current.unicodeScalars.append(scalar)
                continue
            }
            if !current.isEmpty { words.append(current) }
            current = ""
            if !scalar.isASCII { words.append("u" + String(scalar.value, radix: 16, uppercase: true)) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A lower-camel-case identifier for `text` (a state id or an event name), not yet escaped:
    /// `error.execution` → `errorExecution`, `S1` → `s1`, `1st` → `_1st`; `fallback` when `text`
    /// has no letter or digit at all.
    static func member(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return fallback }
        var name = first.prefix(1).lowercased() + first.dropFirst()
        for part in parts.dropFirst() { name += part.prefix(1).uppercased() + part.dropFirst() }
        if let head = name.unicodeScalars.first, ("0"..."9").contains(head) { name = "_" + name }
        return name
    }

    /// An upper-camel-case type name for `text` (the document's name): `traffic-light` →
    /// `TrafficLight`; `fallback` when `text` has no letter or digit. A name the generated code
    /// needs for itself (`Statechart`, `State`...) gets `Chart` appended.
    package static func typeName(_ text: String, fallback: String = "GeneratedChart") -> String {
        var name = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = fallback }
        if let head = name.unicodeScalars.first, ("0"..."9").contains(head) { name = "_" + name }
        if keywords.contains(name) || unusable.contains(name) || usedByGeneratedCode.contains(name) { name += "Chart" }
        return name
    }

    /// The names the generated file refers to, which a type of that name would hide.
    static let usedByGeneratedCode: Set<String> = [
        "Statecraft", "Statechart", "StatechartOptions", "Atomic", "Compound", "Parallel", "Final", "History",
        "Initial", "On", "Always", "After", "When", "OnEntry", "OnExit", "DoneData", "EventDescriptor", "MachineEvent", "DefinitionError", "Machine", "State",
        "Event", "Void", "String", "Hashable", "Sendable", "CaseIterable", "Swift",
        // An interpreted (ecmascript) document's file.
        "StatecraftSCXML", "StatecraftECMAScript", "SCXMLSession", "SCXMLDocument", "SCXMLEvent", "SCXMLDatamodels",
    ]

    /// Whether `text` is a type name that can be copied into code as it is: identifiers of ASCII
    /// letters, digits and `_`, not starting with a digit, separated by `.`.
    static func isTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !text.isEmpty && text.count <= 200 && parts.allSatisfy { part in
            guard let head = part.unicodeScalars.first, !("0"..."9").contains(head), !keywords.contains(String(part)) else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }

    /// `name` as written in code: between backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `text` as a Swift string literal, quotes included: every character outside printable
    /// ASCII, and `"` and `\`, escaped, so that no text of the document can end the literal,
    /// start an interpolation or hide in the source.
    static func literal(_ text: String) -> String {
        "\"" + escapedText(text) + "\""
    }

    /// `text` with what a string literal or a one-line comment cannot hold escaped.
    static func escapedText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }
}

/// Gives each of a list of texts a distinct Swift member name, in the order they are added:
/// the first text to want a name gets it, a later one that would collide (with an earlier
/// name, or a name the type declares for itself) gets `_2`, `_3`... appended.
struct SwiftNameTable {
    private var taken: Set<String>
    private(set) var names: [String: String] = [:]
    /// Per base name, the next suffix to try, so that many texts with one base (`a.b`, `a-b`,
    /// `a..b`...) take linear time, not quadratic.
    private var nextSuffix: [String: Int] = [:]

    /// - Parameter reserved: Names the enclosing type uses itself (`rawValue`, `kind`...).
    init(reserved: Set<String>) {
        taken = reserved
    }

    /// The name of `text`, made on first use.
    mutating func name(for text: String, fallback: String) -> String {
        if let name = names[text] { return name }
        var base = SwiftNames.member(text, fallback: fallback)
        if SwiftNames.unusable.contains(base) { base += "_" }
        var name = base
        var suffix = nextSuffix[base] ?? 2
        while taken.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        nextSuffix[base] = suffix
        taken.insert(name)
        names[text] = name
        return name
    }
}
