import Foundation
package import StatecraftSCXML

/// Runs the W3C SCXML conformance tests (the Implementation Report Plan's `.txml` documents)
/// found in a folder, each under a virtual clock, for one ``ConformanceProfile``.
///
/// The folder is laid out as the W3C publishes it: `NNN/testNNN.txml`, with the documents and
/// data files a test loads beside it, and `manifest.xml` in the folder or its parent giving
/// each test's conformance level and whether it is manual. Whatever the folder holds is run.
///
/// ```swift
/// let runner = ConformanceRunner(directory: "scxml-irp", profile: .statecraft)
/// let summary = try runner.run { result in print(result) }
/// summary.breakdown.forEach { print($0) }   // "2 skipped: a manual test: …"
/// print(summary)                             // 134 passed, 0 failed, 34 skipped
/// ```
///
/// A manual test that a program can judge (``manualJudges``: 230, 250, 301, 307, 313, 314, 415)
/// is run and judged by what it logged, where it ended, or the refusal of the document; the
/// others are skipped.
///
/// A test is skipped, with a ``SkipReason``, when it is manual, written for a datamodel the
/// profile does not have, needs the Basic HTTP Event I/O Processor, uses `conf:` items the
/// profile's datamodel cannot express, or needs what the datamodel does not offer
/// (``ConformanceProfile/unsupported``). Anything else that does not end in the state `pass` is
/// a failure.
package struct ConformanceRunner: Sendable {
    /// What a test is, from the manifest.
    package struct TestInfo: Hashable, Sendable {
        /// `mandatory` or `optional`.
        package var conformance: String
        /// Whether the test needs a person to judge it.
        package var isManual: Bool
    }

    /// Why a test does not apply to a processor and profile.
    package enum SkipReason: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The manifest says a person judges the outcome, and no program judges it here.
        case manual
        /// The test is written directly for this datamodel (`datamodel="ecmascript"`), which
        /// the profile does not have.
        case datamodelUnavailable(String)
        /// The test needs the Basic HTTP Event I/O Processor (SCXML Appendix C.2).
        case basicHTTP
        /// The test uses `conf:` items this datamodel cannot express.
        case notExpressible(String)
        /// The test needs what the datamodel does not offer, in words
        /// (``ConformanceProfile/unsupported``).
        case unsupported(String)

        /// The reason in words.
        package var description: String {
            switch self {
            case .manual: "a manual test: a person judges its outcome"
            case .datamodelUnavailable(let name): "written for the \(name) datamodel, which this profile does not run"
            case .basicHTTP: "needs the Basic HTTP Event I/O Processor, which this run does not include (statecraft conformance --http)"
            case .notExpressible(let name): "uses conf: items the \(name) datamodel cannot express"
            case .unsupported(let reason): reason
            }
        }

        private var order: (Int, String) {
            switch self {
            case .manual: (0, "")
            case .datamodelUnavailable(let name): (1, name)
            case .basicHTTP: (2, "")
            case .notExpressible(let name): (3, name)
            case .unsupported(let reason): (4, reason)
            }
        }

        /// Reasons in the order a runner checks them, then by datamodel name.
        package static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.order < rhs.order
        }
    }

    /// The outcome of one test document.
    package struct Result: Hashable, Sendable, CustomStringConvertible {
        /// Passed, failed, or skipped.
        package enum Status: String, Hashable, Sendable {
            /// The machine reached the `pass` state.
            case pass = "PASS"
            /// It reached `fail`, did not finish, or could not be read or translated.
            case fail = "FAIL"
            /// The test does not apply to this processor and profile.
            case skip = "SKIP"
        }

        /// The document's name without extension: `test144`.
        package var test: String
        /// What happened.
        package var status: Status
        /// Why, in words, for failures and skips.
        package var reason: String?
        /// Why, for skips.
        package var skip: SkipReason?
        /// The test's level from the manifest, when known.
        package var info: TestInfo?

        /// `PASS test144`, `FAIL test147: <reason>`, `SKIP test201: <reason>`.
        package var description: String {
            reason.map { "\(status.rawValue) \(test): \($0)" } ?? "\(status.rawValue) \(test)"
        }
    }

    /// Counts of a run.
    package struct Summary: Hashable, Sendable, CustomStringConvertible {
        /// Tests that passed.
        package var passed = 0
        /// Tests that failed.
        package var failed = 0
        /// Tests skipped, by reason.
        package var skips: [SkipReason: Int] = [:]

        /// Tests skipped.
        package var skipped: Int { skips.values.reduce(0, +) }

        /// `N passed, N failed, N skipped`.
        package var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }

        /// One line per skip reason, in ``SkipReason`` order: `9 skipped: a manual test: …`.
        package var breakdown: [String] {
            skips.keys.sorted().map { "\(skips[$0] ?? 0) skipped: \($0)" }
        }
    }

    /// The folder of tests.
    package let directory: String
    /// The datamodel and its translation of the markup.
    package let profile: ConformanceProfile
    /// The most virtual time a test may take before it counts as never finishing.
    package var timeLimit: Duration = .seconds(600)
    /// Which files a test may read beyond its own folder (each test reads its own folder's files).
    package var readPolicy = SCXMLDocument.ReadPolicy.documentFolder
    /// Runs a test that needs the Basic HTTP Event I/O Processor (SCXML C.2): gives the session
    /// the processor and runs it in real time, for at most the given time. `nil` (the default)
    /// skips such tests (``SkipReason/basicHTTP``); the module `StatecraftSCXMLHTTP` (trait
    /// `HTTP`) provides one, which the command-line tool's `conformance --http` uses.
    package var basicHTTP: (@Sendable (SCXMLSession, Duration) -> Void)?
    /// The most real time a test that uses the Basic HTTP processor may take: 40 seconds, past
    /// the 30-second timeouts those tests set themselves.
    package var basicHTTPTimeLimit: Duration = .seconds(40)
    /// Posts a form to a location as a client outside the session (the event's name in the
    /// header `_scxmleventname`) and returns the answer's status code (`200`) or why none came:
    /// what W3C test 513 asks of a person. `nil` (the default) leaves 513 manual; the command-line
    /// tool's `conformance --http` gives one from `StatecraftSCXMLHTTP`.
    package var basicHTTPClient: (@Sendable (_ location: String, _ eventName: String, _ form: String) -> String)?

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - directory: The folder holding `NNN/testNNN.txml`.
    ///   - profile: The datamodel to run the tests with.
    package init(directory: String, profile: ConformanceProfile = .statecraft) {
        self.directory = directory
        self.profile = profile
    }

    /// Runs every test document in the folder, in test-number order.
    ///
    /// - Parameter report: Called with each result as soon as it is known.
    /// - Returns: The counts.
    /// - Throws: ``SCXMLError`` when the folder cannot be listed.
    @discardableResult
    package func run(report: (Result) -> Void = { _ in }) throws(SCXMLError) -> Summary {
        let manifest = loadManifest()
        var summary = Summary()
        for path in try testDocuments() {
            let result = runTest(at: path, manifest: manifest)
            switch result.status {
            case .pass: summary.passed += 1
            case .fail: summary.failed += 1
            case .skip:
                guard let reason = result.skip else { preconditionFailure("\(result.test) was skipped without a reason") }
                summary.skips[reason, default: 0] += 1
            }
            report(result)
        }
        return summary
    }

    /// Runs one test document.
    func runTest(at path: String, manifest: [String: TestInfo]) -> Result {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (path as NSString).deletingLastPathComponent
        let key = (folder as NSString).lastPathComponent + "/" + (path as NSString).lastPathComponent
        let number = name.dropFirst("test".count).prefix { $0.isNumber }
        let info = manifest[key] ?? manifest["#" + number]
        let judge = info?.isManual == true ? Self.manualJudges[name] : nil
        if info?.isManual == true, judge == nil || (judge?.post != nil && (basicHTTP == nil || basicHTTPClient == nil)) {
            return Result(test: name, status: .skip, reason: SkipReason.manual.description, skip: .manual, info: info)
        }
        if let reason = judge?.notApplicable[profile.name] {
            return Result(test: name, status: .skip, reason: reason, skip: .unsupported(reason), info: info)
        }
        let document: SCXMLDocument
        let usesBasicHTTP: Bool
        switch prepare(path, text: judge?.document) {
        case .skip(let reason, let detail):
            let text = detail.map { "\(reason): \($0)" } ?? reason.description
            return Result(test: name, status: .skip, reason: text, skip: reason, info: info)
        case .fail(let reason): return Result(test: name, status: .fail, reason: reason, info: info)
        case .refused(let error):
            // A manual test may allow, or ask for, a refusal when the document is read.
            guard let judge, let verdict = judge.refusal else {
                return Result(test: name, status: .fail, reason: "\(error)", info: info)
            }
            return verdict(error).map { Result(test: name, status: .fail, reason: "\(judge.check): \($0)", info: info) }
                ?? Result(test: name, status: .pass, info: info)
        case .ready(let ready, let http):
            document = ready
            usesBasicHTTP = http
        }
        let session = SCXMLSession(document: document)
        let log = LogBook()
        if let judge {
            let post = judge.post.flatMap { post in basicHTTPClient.map { (post, $0) } }
            session.logHandler = { label, message in
                log.append(LogLine(label: label, message: message))
                if let post, label == OutsidePost.locationLabel { log.post(post.0, to: message, with: post.1) }
            }
        }
        if usesBasicHTTP, let basicHTTP {
            basicHTTP(session, basicHTTPTimeLimit)
        } else {
            session.runToEnd(limit: timeLimit)
        }
        func result(_ status: Result.Status, _ reason: String? = nil) -> Result {
            Result(test: name, status: status, reason: reason, info: info)
        }
        if let judge {
            // A manual test, judged by what a person would check in its log.
            log.waitForPosts()
            return judge.judge(log.lines, session.finalState).map { result(.fail, "\(judge.check): \($0)") } ?? result(.pass)
        }
        switch session.finalState {
        case "pass"?: return result(.pass)
        case "fail"?: return result(.fail, "reached the final state 'fail'")
        case let other?: return result(.fail, "ended in the final state '\(other)'")
        case nil:
            let where_ = session.activeStates.joined(separator: ", ")
            return result(.fail, "did not finish; active states: \(where_.isEmpty ? "none" : where_)")
        }
    }
}

