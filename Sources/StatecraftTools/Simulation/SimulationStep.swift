package import Statecraft
import StatecraftSCXML

/// What a simulation prints after the start and after each command: where the machine is.
///
/// Text: `<line>: <command> -> <active atomic states>`, the start as `0: (start) -> ...`.
/// JSON, one object a line: `{"line": 3, "input": "go", "configuration": ["a", "b"], "done": false}`,
/// with `"trace"` added when the microsteps are traced and `"faults"` when a limit cut something
/// short during the command.
package struct SimulationStep: Hashable, Sendable {
    /// The script line of the command, from 1; 0 for the start.
    package var line: Int
    /// The command as written, trimmed; `nil` for the start.
    package var input: String?
    /// The active atomic states, in document order.
    package var configuration: [String]
    /// Whether a top-level final state has been reached.
    package var done: Bool
    /// The microsteps, when traced: `exit s1`, `transition s1 -> s2 on go`, `enter s2`,
    /// `raise e`, `send e to #_parent after 1s`, and what `<log>` says: `log display: 30`.
    package var trace: [String]?
    /// The faults reported during the command, each `<code>: <location>: <message>`: every
    /// time a limit cut something short (`EngineFault` in module `Statecraft`).
    package var faults: [String]

    package init(
        line: Int, input: String?, configuration: [String], done: Bool, trace: [String]? = nil, faults: [String] = []
    ) {
        self.line = line
        self.input = input
        self.configuration = configuration
        self.done = done
        self.trace = trace
        self.faults = faults
    }

    /// The line of a fault: `fault: <code>: <location>: <message>`.
    package static func faultLine(_ fault: EngineFault) -> String {
        "\(fault.code): \(fault)"
    }

    /// `3: go -> a, b`: the trace lines, indented, come first, then a `fault: ...` line for
    /// each fault.
    package var text: String {
        var text = ""
        for entry in trace ?? [] { text += "  \(entry)\n" }
        for fault in faults { text += "  fault: \(fault)\n" }
        text += "\(line): \(input ?? "(start)") -> \(configuration.joined(separator: ", "))"
        return text
    }

    /// The JSON object, on one line.
    package var json: String {
        var text = "{\"line\": \(line), \"input\": "
        if let input { SCXMLValueText.quote(input, into: &text) } else { text += "null" }
        text += ", \"configuration\": ["
        for (index, state) in configuration.enumerated() {
            if index > 0 { text += ", " }
            SCXMLValueText.quote(state, into: &text)
        }
        text += "], \"done\": \(done)"
        if let trace {
            text += ", \"trace\": ["
            for (index, entry) in trace.enumerated() {
                if index > 0 { text += ", " }
                SCXMLValueText.quote(entry, into: &text)
            }
            text += "]"
        }
        if !faults.isEmpty {
            text += ", \"faults\": ["
            for (index, fault) in faults.enumerated() {
                if index > 0 { text += ", " }
                SCXMLValueText.quote(fault, into: &text)
            }
            text += "]"
        }
        return text + "}"
    }
}
