/// The manual tests of the W3C suite whose outcome a program can judge: each is run like any
/// other test, and instead of reaching `pass` it is judged by the check a person would make on
/// what it logged.
extension ConformanceRunner {
    /// One line a test, or a session it invoked, logged.
    package struct LogLine: Hashable, Sendable {
        /// The `<log>`'s label, as written (the W3C tests end some with a space).
        package var label: String
        /// The value it logged.
        package var message: String
    }

    /// How a program judges a manual test: from what the test and the sessions it invoked
    /// logged, and the top-level final state it ended in, `nil` when it passes, or why it fails.
    package struct ManualJudge: Sendable {
        /// What a person would check, in words.
        package var check: String
        /// Per datamodel, why the check does not apply to it (the test is then skipped).
        package var notApplicable: [String: String] = [:]
        /// The judgement.
        package var judge: @Sendable (_ log: [LogLine], _ finalState: String?) -> String?
    }

    /// The manual tests a program judges, by document name: 230 (an autoforwarded event keeps
    /// every field), 250 (a cancelled invocation runs its onexit handlers) and 307 (late-bound
    /// data read before it is loaded behaves like a missing part of a value). The other manual
    /// tests are skipped.
    package static let manualJudges: [String: ManualJudge] = [
        "test230": ManualJudge(check: "the child logs the same seven fields of the forwarded event as the parent") { log, final in
            if let wrong = endedIn("final", final) { return wrong }
            let fields = ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"].map { "\($0) is " }
            let lines = log.filter { fields.contains($0.label) }
            guard lines.count == 2 * fields.count else {
                return "expected the parent and the child to log the \(fields.count) fields of the event once each; "
                    + "\(lines.count) lines were logged"
            }
            for (parent, child) in zip(lines.prefix(fields.count), lines.suffix(fields.count)) where parent != child {
                return "the event differs between the sessions: '\(parent.label)\(parent.message)' and "
                    + "'\(child.label)\(child.message)'"
            }
            return nil
        },
        "test250": ManualJudge(check: "the cancelled child logs its onexit handlers, innermost first") { log, final in
            if let wrong = endedIn("final", final) { return wrong }
            let messages = log.map(\.message)
            if messages.contains("entering final state, invocation was not cancelled") {
                return "the invocation was not cancelled: its child reached its final state"
            }
            guard let inner = messages.firstIndex(of: "Exiting sub01"), let outer = messages.firstIndex(of: "Exiting sub0"),
                inner < outer
            else {
                return "the cancelled child did not log 'Exiting sub01' and then 'Exiting sub0'; it logged \(messages)"
            }
            return nil
        },
        "test307": ManualJudge(
            check: "reading late-bound data before it is loaded and reading a missing part of it behave alike",
            notApplicable: [
                "statecraft": "a manual test judged by whether reading a missing member of a value and reading late-bound "
                    + "data before it is loaded behave alike: in the statecraft datamodel the first is an error by design "
                    + "and the second is undefined (SCXML 5.3), so the two differ",
            ]
        ) { log, final in
            if let wrong = endedIn("final", final) { return wrong }
            // Each read is a <log> of the value: a read that fails logs nothing (the log's
            // expression raised error.execution). The labels that follow the reads cannot tell,
            // since the test writes them with an empty expression, itself an error in some datamodels.
            let before = log.first { $0.label == "entering s0 value of Var 1 is: " }
            let missing = log.first { $0.label == "entering s1, value of non-existent substructure of Var 1 is: " }
            if before?.message == missing?.message { return nil }
            func outcome(_ line: LogLine?) -> String { line.map { "gave '\($0.message)'" } ?? "failed" }
            return "reading the variable before it is bound \(outcome(before)), reading a missing part of it \(outcome(missing))"
        },
    ]

    private static func endedIn(_ expected: String, _ final: String?) -> String? {
        final == expected ? nil : "ended in \(final.map { "the final state '\($0)'" } ?? "no final state"), not '\(expected)'"
    }
}
