import Statecraft
package import StatecraftSCXML

/// One command of a simulation script, and one step of a path that `paths` and `verify`
/// print: its ``text`` is the script's line.
package enum SimulationCommand: Hashable, Sendable {
    /// `NAME` or `NAME JSON`: send the external event `name`, with `data` as `_event.data`
    /// when given.
    case send(name: String, data: SCXMLValue? = nil)
    /// `wait DURATION`: move the virtual clock on, delivering what falls due in order.
    case wait(Duration)
    /// `wait for NAME`: deliver the soonest waiting delayed event `name` now, whatever its
    /// delay and whatever is due before it; the clock does not move (`TimerOrder.any`).
    case fire(name: String)

    /// `go`, `go {"speed": 2}`, `wait 1.5s` or `wait for timeout`.
    package var text: String {
        switch self {
        case .send(let name, nil): name
        case .send(let name, let data?): "\(name) \(data.jsonText)"
        case .wait(let duration): "wait \(SimulationScript.format(duration))"
        case .fire(let name): "wait for \(name)"
        }
    }
}

/// Why a line of a simulation script could not be read: the line, the column (from 1) and
/// what was wrong.
package struct SimulationScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the script, from 1.
    package var line: Int
    /// The column, from 1, counted in Unicode scalars.
    package var column: Int
    /// What was wrong.
    package var message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message.escapingControlCharacters()
    }

    /// `script:3:7: message`.
    package var description: String { "script:\(line):\(column): \(message)" }
}

/// The grammar of `statecraft simulate` scripts, one command a line:
///
/// - `NAME`: send the external event `NAME` (tokens of letters, digits, `_`, `-` and `:`,
///   separated by dots, as SCXML event names are);
/// - `NAME JSON`: send it with the JSON value as `_event.data`;
/// - `wait DURATION`: advance the virtual clock (`150ms`, `2s`, `1.5s`), delivering delayed
///   events as they fall due;
/// - `wait for NAME`: deliver the waiting delayed event `NAME` now, ahead of its delay and
///   of the events due before it, without moving the clock: what a delay that came out
///   shorter would do (the steps of `statecraft verify --timers any`). For a typed machine
///   NAME is the timer as `SnapshotTimer.Kind` prints it (`push`, `after #0 of locked`) or
///   its send id;
/// - blank lines and lines whose first visible character is `#` are skipped.
///
/// The word `wait` always starts a wait: an event of that name cannot be sent from a script.
package enum SimulationScript {
    /// Reads one line.
    ///
    /// - Parameters:
    ///   - text: The line, without its line break.
    ///   - line: Its number, from 1, for errors.
    /// - Returns: The command, or `nil` for a blank line or a comment.
    /// - Throws: ``SimulationScriptError`` naming the line and column at fault.
    package static func command(in text: String, line: Int) throws(SimulationScriptError) -> SimulationCommand? {
        let scalars = Array(text.unicodeScalars)
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\r" }
        var start = 0
        while start < scalars.count, isSpace(scalars[start]) { start += 1 }
        if start == scalars.count || scalars[start] == "#" { return nil }
        var end = start
        while end < scalars.count, !isSpace(scalars[end]) { end += 1 }
        var word = ""
        word.unicodeScalars.append(contentsOf: scalars[start..<end])
        var restStart = end
        while restStart < scalars.count, isSpace(scalars[restStart]) { restStart += 1 }
        var restEnd = scalars.count
        while restEnd > restStart, isSpace(scalars[restEnd - 1]) { restEnd -= 1 }
        var rest = ""
        rest.unicodeScalars.append(contentsOf: scalars[restStart..<restEnd])

        if word == "wait" {
            if rest == "for" || rest.hasPrefix("for ") || rest.hasPrefix("for\t") {
                let name = String(String(rest.dropFirst(3)).trimmingWhitespace)
                guard !name.isEmpty else {
                    throw SimulationScriptError(
                        line: line, column: restStart + 4,
                        message: "'wait for' needs the name of a waiting delayed event, such as 'wait for timeout'"
                    )
                }
                return .fire(name: name)
            }
            guard !rest.isEmpty else {
                throw SimulationScriptError(line: line, column: end + 1, message: "'wait' needs a duration such as 150ms, 2s or 1.5s")
            }
            guard let duration = parseDuration(rest) else {
                throw SimulationScriptError(
                    line: line, column: restStart + 1,
                    message: "'\(rest)' is not a duration: write a number and 'ms' or 's', such as 150ms, 2s or 1.5s"
                )
            }
            return .wait(duration)
        }
        if let (offset, problem) = nameProblem(word) {
            throw SimulationScriptError(line: line, column: start + offset + 1, message: problem)
        }
        guard !rest.isEmpty else { return .send(name: word, data: nil) }
        do {
            return .send(name: word, data: try ScriptJSON.parse(rest[...]))
        } catch {
            throw SimulationScriptError(
                line: line, column: restStart + error.offset + 1,
                message: "the data of '\(word)' is not JSON: \(error.message)"
            )
        }
    }

    /// Reads a whole script.
    ///
    /// - Parameter script: The script's text.
    /// - Returns: Each command with its line number and its text (trimmed).
    /// - Throws: ``SimulationScriptError`` for the first line that cannot be read.
    package static func commands(in script: String) throws(SimulationScriptError) -> [(line: Int, text: String, command: SimulationCommand)] {
        var result: [(line: Int, text: String, command: SimulationCommand)] = []
        var number = 0
        for text in script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = String(text)
            if let command = try command(in: line, line: number) {
                result.append((number, String(line.trimmingWhitespace), command))
            }
        }
        return result
    }

    /// `150ms`, `2s`, `1.5s`: a non-negative number of milliseconds or seconds.
    ///
    /// - Parameter text: The duration.
    /// - Returns: The duration, or `nil` when the text is not one.
    package static func parseDuration(_ text: String) -> Duration? {
        guard text.first?.isNumber == true || text.first == "." else { return nil }
        return Duration(scxmlDelay: text)
    }

    /// Where the event name goes wrong and why, or `nil` when it is a name.
    static func nameProblem(_ name: String) -> (offset: Int, message: String)? {
        var offset = 0
        var tokenLength = 0
        for scalar in name.unicodeScalars {
            if scalar == "." {
                if tokenLength == 0 {
                    return (offset, "'\(name)' is not an event name: a name is tokens separated by single dots, none empty")
                }
                tokenLength = 0
            } else if scalar == "*" {
                return (offset, "'\(name)' is not an event name: '*' matches events in a transition, it is not part of a name")
            } else if !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                || scalar == ":")
            {
                return (offset, "'\(name)' is not an event name: '\(scalar)' is not a letter, a digit, '_', '-', ':' or '.'")
            } else {
                tokenLength += 1
            }
            offset += 1
        }
        if tokenLength == 0 {
            return (max(0, offset - 1), "'\(name)' is not an event name: a name cannot end with a dot")
        }
        return nil
    }

    /// `1.5s`, `150ms`, `2s`: the shortest of the script's forms that says `duration` exactly.
    ///
    /// - Parameter duration: A non-negative duration.
    /// - Returns: Its text.
    package static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds >= 1000, milliseconds % 100 == 0 { return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)s" }
        return "\(milliseconds)ms"
    }
}

extension String {
    /// The line without leading and trailing white space, as a script's line is echoed.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
