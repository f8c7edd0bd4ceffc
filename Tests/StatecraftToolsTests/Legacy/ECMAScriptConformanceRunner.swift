import Foundation
@testable import StatecraftSCXML
@testable import StatecraftTools
import StatecraftECMAScript

/// Runs the W3C SCXML conformance tests in the ECMAScript profile: every test, in a folder laid
/// out as the W3C publishes them (`NNN/testNNN.txml`, with `manifest.xml` in the folder or its
/// parent), made an `ecmascript` document by ``ECMAScriptConformanceMarkup`` and run under a
/// virtual clock.
///
/// A document whose root already names `ecmascript` runs as it is (the tests of Appendix
/// B.2 and C.2); `<data>` and `<send>` content in XML that such a test reads as a DOM is not
/// supported, and the test is skipped with that reason. Manual tests, tests of the Basic HTTP
/// event I/O processor and tests written in raw XPath are skipped with theirs.
///
/// ```swift
/// let summary = try ECMAScriptConformanceRunner(directory: "scxml-irp").run { print($0) }
/// print(summary)   // 145 passed, 0 failed, 23 skipped
/// ```
struct ECMAScriptConformanceRunner: Sendable {
    /// The outcome of one test document.
    struct Result: Hashable, Sendable, CustomStringConvertible {
        /// Passed, failed, or skipped.
        enum Status: String, Hashable, Sendable {
            /// The machine reached the `pass` state.
            case pass = "PASS"
            /// It reached `fail`, did not finish, or could not be read.
            case fail = "FAIL"
            /// The test cannot apply to this processor.
            case skip = "SKIP"
        }

        /// The document's name without extension: `test144`.
        var test: String
        /// What happened.
        var status: Status
        /// Why, for failures and skips.
        var reason: String?
        /// `mandatory` or `optional`, from the manifest, when it lists the test.
        var conformance: String?

        /// `PASS test144`, `FAIL test147: <reason>`, `SKIP test201: <reason>`.
        var description: String {
            reason.map { "\(status.rawValue) \(test): \($0)" } ?? "\(status.rawValue) \(test)"
        }
    }

    /// Counts of a run.
    struct Summary: Hashable, Sendable, CustomStringConvertible {
        /// Tests that passed.
        var passed = 0
        /// Tests that failed.
        var failed = 0
        /// Tests skipped.
        var skipped = 0

        /// `N passed, N failed, N skipped`.
        var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
    }

    /// The folder of tests.
    let directory: String
    /// The most virtual time a test may take before it counts as never finishing.
    var timeLimit: Duration = .seconds(600)
    /// How long one ECMAScript evaluation may run.
    var limits = ECMAScriptLimits()
    /// Which files a test may read beyond its own folder (each test reads its own folder's files).
    var readPolicy = SCXMLDocument.ReadPolicy.documentFolder

    /// Creates a runner.
    ///
    /// - Parameter directory: The folder holding `NNN/testNNN.txml`.
    init(directory: String) {
        self.directory = directory
    }

    /// Runs every test document in the folder, in test-number order.
    ///
    /// - Parameter report: Called with each result as soon as it is known.
    /// - Returns: The counts.
    /// - Throws: `SCXMLError` when the folder cannot be listed, ``ECMAScriptEngineError`` when
    ///   this build has no JavaScriptCore.
    @discardableResult
    func run(report: (Result) -> Void = { _ in }) throws -> Summary {
        let datamodels = try SCXMLDatamodels.withECMAScript(limits: limits)
        let manifest = loadManifest()
        var summary = Summary()
        for path in try testDocuments() {
            let result = runTest(at: path, manifest: manifest, datamodels: datamodels)
            switch result.status {
            case .pass: summary.passed += 1
            case .fail: summary.failed += 1
            case .skip: summary.skipped += 1
            }
            report(result)
        }
        return summary
    }

    /// The test documents: `NNN/testNNN*.txml`, not the `sub` documents tests load.
    func testDocuments() throws(SCXMLError) -> [String] {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: directory) else {
            throw SCXMLError(code: .unreadableFile, message: "cannot list the folder '\(directory)'", file: directory)
        }
        var documents: [(Int, String)] = []
        for entry in entries {
            let folder = directory + "/" + entry
            guard let names = try? files.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where name.hasPrefix("test") && name.hasSuffix(".txml") && !name.contains("sub") {
                let digits = name.dropFirst(4).prefix { $0.isNumber }
                documents.append((Int(digits) ?? Int.max, folder + "/" + name))
            }
        }
        return documents.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
    }

    /// The manifest's tests, by `NNN/testNNN.txml` and by `#NNN`: conformance level, and
    /// whether a person must judge it.
    func loadManifest() -> [String: (conformance: String, isManual: Bool)] {
        let candidates = [directory + "/manifest.xml", (directory as NSString).deletingLastPathComponent + "/manifest.xml"]
        guard let path = candidates.first(where: FileManager.default.fileExists(atPath:)),
            let data = FileManager.default.contents(atPath: path),
            let root = try? DocumentReader().read(String(decoding: data, as: UTF8.self), file: path)
        else { return [:] }
        var tests: [String: (conformance: String, isManual: Bool)] = [:]
        func visit(_ element: DocumentElement) {
            if element.name == "test" {
                let info = (conformance: element.attribute("conformance") ?? "mandatory", isManual: element.attribute("manual") == "true")
                for start in element.elements where start.name == "start" {
                    if let uri = start.attribute("uri") { tests[uri] = info }
                }
                if let id = element.attribute("id") { tests["#" + id] = info }
            }
            element.elements.forEach(visit)
        }
        visit(root)
        return tests
    }

    func runTest(at path: String, manifest: [String: (conformance: String, isManual: Bool)], datamodels: SCXMLDatamodels) -> Result {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let key = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent + "/" + (path as NSString).lastPathComponent
        let info = manifest[key] ?? manifest["#" + name.dropFirst("test".count).prefix { $0.isNumber }]
        func result(_ status: Result.Status, _ reason: String? = nil) -> Result {
            Result(test: name, status: status, reason: reason, conformance: info?.conformance)
        }
        if info?.isManual == true {
            return result(.skip, "a manual test: a person judges its outcome")
        }
        let document: SCXMLDocument
        switch Self.prepare(path, datamodels: datamodels, readPolicy: readPolicy) {
        case .skip(let reason): return result(.skip, reason)
        case .fail(let reason): return result(.fail, reason)
        case .ready(let ready): document = ready
        }
        let session = SCXMLSession(document: document)
        session.runToEnd(limit: timeLimit)
        switch session.finalState {
        case "pass"?: return result(.pass)
        case "fail"?: return result(.fail, "reached the final state 'fail'")
        case let other?: return result(.fail, "ended in the final state '\(other)'")
        case nil:
            let active = session.activeStates.joined(separator: ", ")
            return result(.fail, "did not finish; active states: \(active.isEmpty ? "none" : active)")
        }
    }

    /// A test document made ready to run, or why it cannot be.
    enum Preparation {
        case skip(String)
        case fail(String)
        case ready(SCXMLDocument)
    }

    /// Reads the test at `path`, decides whether it applies, and compiles it translated; the
    /// `sub` documents it loads are translated too.
    static func prepare(
        _ path: String, datamodels: SCXMLDatamodels, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder
    ) -> Preparation {
        let root: DocumentElement
        do {
            root = try DocumentReader().read(ResourceLoader.documentText(atPath: path, policy: readPolicy), file: path)
        } catch {
            return .fail("\(error)")
        }
        if root.attribute("datamodel") == "xpath" {
            return .skip("written in raw XPath for that datamodel's profile")
        }
        if ConformanceMarkup.usesBasicHTTP(root) {
            return .skip("needs the Basic HTTP Event I/O Processor, which this build does not include")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            let translated = try ECMAScriptConformanceMarkup.translate(root)
            if let holder = xmlContentHolder(in: translated) {
                return .skip(
                    "gives <\(holder)> XML content and reads it as a DOM: XML DOM values are optional in the "
                        + "ecmascript datamodel (B.2) and not provided"
                )
            }
            return .ready(try SCXMLDocument(
                root: translated, file: path, baseDirectory: folder, fallback: translatedSubdocument, datamodels: datamodels,
                readPolicy: readPolicy
            ))
        } catch {
            return .fail("\(error)")
        }
    }

    /// The name of a `<data>` or `<send>`'s `<content>` that holds XML elements, when the
    /// document has one.
    static func xmlContentHolder(in element: DocumentElement) -> String? {
        if element.name == "data", element.hasElementChildren { return "data" }
        if element.name == "send", element.elements.contains(where: { $0.name == "content" && $0.hasElementChildren }) {
            return "send"
        }
        for child in element.elements {
            if let found = xmlContentHolder(in: child) { return found }
        }
        return nil
    }

    /// For `name.scxml` that does not exist: `name.txml` translated, as `confEcma.xsl` would
    /// have produced it.
    @Sendable
    static func translatedSubdocument(_ path: String) -> String? {
        guard path.hasSuffix(".scxml") else { return nil }
        let source = String(path.dropLast(".scxml".count)) + ".txml"
        guard let text = ResourceLoader.siblingText(atPath: source),
            let root = try? DocumentReader().read(text, file: source),
            let translated = try? ECMAScriptConformanceMarkup.translate(root)
        else { return nil }
        return DocumentWriter.serialize(translated)
    }
}
