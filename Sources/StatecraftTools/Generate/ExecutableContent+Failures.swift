import StatecraftSCXML

/// What the session fails on every time it runs, which the generated machine does the same way:
/// it raises `error.execution` and runs no more of the block (SCXML 4.9), and the generator
/// reports it as a warning, since legal SCXML that always fails is most likely a mistake.
extension ExecutableContent {
    /// Statements that raise `error.execution` and end the block, as the session does when what
    /// `why` says happens; noted as a warning at `element`'s place.
    mutating func raisingErrorExecution(_ why: String, element: String, at position: TextPosition, survey: Bool) -> [String] {
        if survey { warnFailure(why, element: element, at: position) }
        endsBlock = true
        return [
            "do {  // \(why): the session raises error.execution, and runs no more of the block",
            "    \(raising("error.execution"))",
            "    return",
            "}",
        ]
    }
}

extension ExecutableContent {
    /// Notes that the generated machine raises `error.execution` at `element`'s place every time
    /// it runs there, as the session does, and warns of it: `why`, then what the machine does
    /// (`consequence`, by default that it raises `error.execution` there).
    mutating func warnFailure(
        _ why: String, element: String, at position: TextPosition,
        consequence: String = "the generated machine raises error.execution here"
    ) {
        noteInternal("error.execution", at: position)
        warnings.append(Refusal(element: element, position: position, reason: "\(why); \(consequence), as the session does"))
    }

    /// `guard condition else { ... }` that raises `error.execution` and ends the block when
    /// `condition` (a Swift condition, or `let name = optional`) does not hold when it runs.
    mutating func guardOrRaise(_ condition: String, at position: TextPosition, survey: Bool) -> [String] {
        if survey { noteInternal("error.execution", at: position) }
        return [
            "guard \(condition) else {",
            "    \(raising("error.execution"))",
            "    return",
            "}",
        ]
    }
}

extension ExecutableContent {
    /// The statement that raises the error event `name` (`error.execution`, `error.communication`).
    func raising(_ name: String) -> String { "effects.raise(\(errorEvent(name)))" }

    /// The error event `name`'s value: its case, carrying the id of the `<send>` being translated
    /// (``failingSendID``) when the error events carry ids (``EventDataShape/carriesSendID``).
    func errorEvent(_ name: String) -> String {
        guard eventData.shapes[name]?.carriesSendID == true else { return "." + (eventCases[name] ?? "_") }
        return eventValue(name, failingSendID.map { "sendid: \($0)" } ?? "")
    }

    /// The error the session raises when the host refuses an event for `target` (SCXML 6.2):
    /// `error.communication` for a `#_` target, `error.execution` for any other.
    static func refusalError(of target: String) -> String {
        target.hasPrefix("#_") ? "error.communication" : "error.execution"
    }

    /// The value of that error for a target known only when the code runs: `target` is the
    /// Swift of a `String`.
    func refusalError(ofTargetIn target: String) -> String {
        "\(target).hasPrefix(\"#_\") ? \(errorEvent("error.communication")) : \(errorEvent("error.execution"))"
    }
}

extension Action {
    /// Whether an error in evaluating this element fails it as a whole, raising `error.execution`
    /// and ending its block (SCXML 4.9); not `<if>`, whose condition that cannot be evaluated is
    /// false, and the next branch's is evaluated (SCXML 5.9), nor `<script>`, whose statements
    /// fail one by one.
    var failsAsAWhole: Bool {
        switch kind {
        case .branches, .script: false
        default: true
        }
    }
}
