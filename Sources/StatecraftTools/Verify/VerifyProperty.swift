/// A property a user states about an SCXML document, for `statecraft verify`.
///
/// The syntax, one per line of a properties file or one per option:
///
/// ```text
/// never ajar, on            # these states are never active together
/// eventually opening: open  # whenever opening is active, every run goes on to open
/// within lock: locked: 2    # after the event lock, locked is active within 2 steps
/// always tries < 3           # a condition on the datamodel, true in every configuration
/// ```
///
/// Blank lines and text after `#` are ignored.
package enum VerifyProperty: Hashable, Sendable, CustomStringConvertible {
    /// These states are never all active at once.
    case never([String])
    /// Whenever the first state is active, every run from there reaches the second (a run
    /// that cycles or stops without it is a counterexample).
    case eventually(whenIn: String, reach: String)
    /// After the event, the state is active within this many further steps on every run.
    case within(event: String, state: String, steps: Int)
    /// The condition, in the document's datamodel (`statecraft` or `null`), holds in every
    /// configuration, evaluated on its variables (`_event` is not bound; `In()` works).
    case always(String)

    /// The property as a line of a properties file.
    package var description: String {
        switch self {
        case .never(let states): "never \(states.joined(separator: ", "))"
        case .eventually(let from, let to): "eventually \(from): \(to)"
        case .within(let event, let state, let steps): "within \(event): \(state): \(steps)"
        case .always(let condition): "always \(condition)"
        }
    }

    /// The states the property names, to check against the document.
    package var states: [String] {
        switch self {
        case .never(let states): states
        case .eventually(let from, let to): [from, to]
        case .within(_, let state, _): [state]
        case .always: []
        }
    }

    /// Reads a property from its kind and its argument (`never` and `ajar,on`).
    ///
    /// - Throws: ``VerifyPropertyError`` naming what is wrong.
    package static func parse(kind: String, argument: String) throws(VerifyPropertyError) -> VerifyProperty {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        switch kind {
        case "never":
            let states = argument.split(separator: ",").map(\.trimmingSpaces).filter { !$0.isEmpty }
            guard states.count >= 2 else {
                throw VerifyPropertyError(message: "'never' names two or more states, separated by commas: 'never a, b'")
            }
            return .never(states)
        case "eventually":
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw VerifyPropertyError(message: "'eventually' names two states: 'eventually A: B' (whenever in A, eventually in B)")
            }
            return .eventually(whenIn: parts[0], reach: parts[1])
        case "within":
            guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw VerifyPropertyError(message: "'within' is 'within EVENT: STATE: N' (after EVENT, in STATE within N steps)")
            }
            guard let steps = Int(parts[2]), (0 ... 1_000).contains(steps) else {
                throw VerifyPropertyError(message: "'within': the number of steps '\(parts[2])' is not a whole number from 0 to 1000")
            }
            return .within(event: parts[0], state: parts[1], steps: steps)
        case "always":
            let condition = argument.trimmingSpaces
            guard !condition.isEmpty else {
                throw VerifyPropertyError(message: "'always' is followed by a condition on the datamodel: 'always n < 3'")
            }
            return .always(condition)
        default:
            throw VerifyPropertyError(message: "unknown property '\(kind)'; the properties are never, eventually, within and always")
        }
    }

    /// Reads the properties of a properties file.
    ///
    /// - Throws: ``VerifyPropertyError`` with the line of the first mistake.
    package static func parse(file text: String) throws(VerifyPropertyError) -> [VerifyProperty] {
        var properties: [VerifyProperty] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = (rawLine.firstIndex(of: "#").map { rawLine[..<$0] } ?? rawLine).trimmingSpaces
            guard !line.isEmpty else { continue }
            let kind = line.prefix { !$0.isWhitespace }
            let argument = line.dropFirst(kind.count).trimmingSpaces
            do {
                properties.append(try parse(kind: String(kind), argument: argument))
            } catch {
                throw VerifyPropertyError(line: number + 1, message: error.message)
            }
        }
        return properties
    }
}

/// A mistake in a stated property.
package struct VerifyPropertyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the properties file, or `nil` for an option.
    package var line: Int?
    /// What is wrong.
    package var message: String

    /// Makes an error.
    package init(line: Int? = nil, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 3: ...`, or the message alone.
    package var description: String { line.map { "line \($0): \(message)" } ?? message }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
