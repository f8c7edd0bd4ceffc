package import StatecraftSCXML

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
        /// How a refusal of the document when it is read is judged (`nil` when it passes, or
        /// why it fails); `nil` when a refusal fails the test, as for any test.
        package var refusal: (@Sendable (SCXMLError) -> String?)? = nil
        /// The document run instead of the published file, in `conf:` markup (513 publishes
        /// prose only); `nil` runs the published file.
        package var document: String? = nil
        /// What a client outside the session posts (513); the test stays manual unless the
        /// runner has both ``ConformanceRunner/basicHTTP`` and ``ConformanceRunner/basicHTTPClient``.
        package var post: OutsidePost? = nil
        /// The judgement of a run.
        package var judge: @Sendable (_ log: [LogLine], _ finalState: String?) -> String?
    }

    /// The manual tests a program judges, by document name: 230 (an autoforwarded event keeps
    /// every field), 250 (a cancelled invocation runs its onexit handlers), 301 (a script that
    /// cannot be loaded: the document is refused), 307 (late-bound data read before it is loaded
    /// behaves like a missing part of a value), 313 and 314 (an illegal expression: refused when
    /// read, or `error.execution` when evaluated, and not before), 415 (a machine whose initial
    /// state is a top-level final state halts at once), 513 (an event posted from outside to the
    /// session's Basic HTTP location is answered 200 and delivered, judged with a document of the
    /// runner's own, since the published test is prose), 178 (two `<param>`s of one name: the
    /// logged event shows both values, where the datamodel's log expression shows them).
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
        "test301": ManualJudge(
            check: "a document whose script cannot be loaded is refused",
            refusal: { error in
                error.code == .unreadableFile ? nil : "refused, but not for its script: \(error)"
            }
        ) { _, final in
            "the document ran (ended in \(final.map { "'\($0)'" } ?? "no final state")) although its script cannot be loaded"
        },
        "test313": illegalExpression("test313"),
        "test314": illegalExpression("test314"),
        "test415": ManualJudge(check: "a machine whose initial state is a top-level final state halts at once") { _, final in
            endedIn("final", final)
        },
        "test178": ManualJudge(
            check: "the logged event shows both values of the two <param>s of one name, in order"
        ) { log, final in
            if let wrong = endedIn("final", final) { return wrong }
            guard let line = log.first(where: { $0.label == "_event " }) else { return "the event was not logged" }
            // conf:name="1" is the variable Var1 in the datamodels that have variables.
            return ["1", "Var1"].contains { showsInOrder(line.message, name: $0, values: ["2", "3"]) }
                ? nil : "'\(line.message)' does not show the name '1' (Var1) with the value 2 and then with the value 3"
        },
        "test513": ManualJudge(
            check: "a form posted from outside to the session's location is answered 200 and delivered as the event 'test'",
            document: basicHTTPPostDocument,
            post: OutsidePost(eventName: "test", form: "key1=value1&key2=value2")
        ) { log, final in
            guard let status = log.first(where: { $0.label == OutsidePost.statusLabel })?.message else {
                return "the session logged no location, so nothing was posted"
            }
            if status != "200" { return "the post was answered \(status), not 200" }
            return endedIn("pass", final)
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

    /// 513's document: logs its Basic HTTP location, then waits (at most 30 seconds) for the
    /// event `test` whose data holds key1=value1 and key2=value2 (the published test's form).
    static let basicHTTPPostDocument = """
        <scxml initial="s0" version="1.0" conf:datamodel="" xmlns="http://www.w3.org/2005/07/scxml" \
        xmlns:conf="http://www.w3.org/2005/scxml-conformance">
          <state id="s0">
            <onentry>
              <log label="\(OutsidePost.locationLabel)" conf:basicHTTPAccessURI=""/>
              <send event="timeout" delay="30s"/>
            </onentry>
            <transition event="test" conf:eventNamedParamHasValue="key1 value1" target="s1"/>
            <transition event="*" conf:targetfail=""/>
          </state>
          <state id="s1">
            <transition conf:eventNamedParamHasValue="key2 value2" conf:targetpass=""/>
            <transition conf:targetfail=""/>
          </state>
          <conf:pass/>
          <conf:fail/>
        </scxml>
        """

    /// 313 and 314: the processor may refuse the document for its illegal expression, or run it
    /// and raise `error.execution` where the expression is evaluated (the markup's `pass`).
    static func illegalExpression(_ test: String) -> ManualJudge {
        ManualJudge(
            check: "an illegal expression is refused when the document is read, or raises error.execution when evaluated",
            refusal: { error in
                error.code == .invalidDocument || error.code == .invalidChart
                    ? nil : "\(test) was refused for another reason: \(error)"
            }
        ) { _, final in
            endedIn("pass", final)
        }
    }

    /// Whether `text` shows `name` with each of `values`, in order, as a form (`1=2&1=3`) or as
    /// the members of an object written out (`"1":2,"1":3`).
    static func showsInOrder(_ text: String, name: String, values: [String]) -> Bool {
        var rest = Substring(text)
        for value in values {
            let forms = ["\(name)=\(value)", "\"\(name)\":\(value)"]
            guard let found = forms.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else {
                return false
            }
            rest = rest[found.upperBound...]
        }
        return true
    }

    private static func endedIn(_ expected: String, _ final: String?) -> String? {
        final == expected ? nil : "ended in \(final.map { "the final state '\($0)'" } ?? "no final state"), not '\(expected)'"
    }
}
