import Foundation

/// Runs the W3C SCXML conformance tests (the Implementation Report Plan's `.txml` documents)
/// found in a folder, each under a virtual clock.
///
/// The folder is laid out as the W3C publishes it: `NNN/testNNN.txml`, with the documents and
/// data files a test loads beside it, and `manifest.xml` in the folder or its parent giving
/// each test's conformance level and whether it is manual. Whatever the folder holds is run.
///
/// ```swift
/// let runner = ConformanceRunner(directory: "scxml-irp")
/// let summary = try runner.run { result in print(result) }
/// print(summary)                      // 160 passed, 0 failed, 10 skipped
/// ```
public struct ConformanceRunner: Sendable {
    /// What a test needs, from the manifest.
    public struct TestInfo: Hashable, Sendable {
        /// `mandatory` or `optional`.
        public var conformance: String
        /// Whether the test needs a person to judge it.
        public var isManual: Bool
    }

    /// The outcome of one test document.
    public struct Result: Hashable, Sendable, CustomStringConvertible {
        /// Passed, failed, or skipped.
        public enum Status: String, Hashable, Sendable {
            /// The machine reached the `pass` state.
            case pass = "PASS"
            /// It reached `fail`, did not finish, or could not be read.
            case fail = "FAIL"
            /// The test cannot apply to this processor.
            case skip = "SKIP"
        }

        /// The document's name without extension: `test144`.
        public var test: String
        /// What happened.
        public var status: Status
        /// Why, for failures and skips.
        public var reason: String?
        /// The test's level from the manifest, when known.
        public var info: TestInfo?

        /// `PASS test144`, `FAIL test147: <reason>`, `SKIP test201: <reason>`.
        public var description: String {
            reason.map { "\(status.rawValue) \(test): \($0)" } ?? "\(status.rawValue) \(test)"
        }
    }

    /// Counts of a run.
    public struct Summary: Hashable, Sendable, CustomStringConvertible {
        /// Tests that passed.
        public var passed = 0
        /// Tests that failed.
        public var failed = 0
        /// Tests skipped.
        public var skipped = 0

        /// `N passed, N failed, N skipped`.
        public var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
    }

    /// The folder of tests.
    public let directory: String
    /// The most virtual time a test may take before it counts as never finishing.
    public var timeLimit: Duration = .seconds(600)

    /// Creates a runner.
    ///
    /// - Parameter directory: The folder holding `NNN/testNNN.txml`.
    public init(directory: String) {
        self.directory = directory
    }

    /// Runs every test document in the folder, in test-number order.
    ///
    /// - Parameter report: Called with each result as soon as it is known.
    /// - Returns: The counts.
    /// - Throws: ``SCXMLError`` when the folder cannot be listed.
    @discardableResult
    public func run(report: (Result) -> Void = { _ in }) throws(SCXMLError) -> Summary {
        let manifest = loadManifest()
        var summary = Summary()
        for path in try testDocuments() {
            let result = runTest(at: path, manifest: manifest)
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
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
                let names = try? files.contentsOfDirectory(atPath: folder)
            else { continue }
            for name in names where name.hasPrefix("test") && name.hasSuffix(".txml") && !name.contains("sub") {
                let digits = name.dropFirst(4).prefix { $0.isNumber }
                documents.append((Int(digits) ?? Int.max, folder + "/" + name))
            }
        }
        return documents.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
    }

    /// The manifest's tests by `NNN/testNNN.txml`, from the folder or its parent.
    func loadManifest() -> [String: TestInfo] {
        let candidates = [directory + "/manifest.xml", (directory as NSString).deletingLastPathComponent + "/manifest.xml"]
        guard let path = candidates.first(where: FileManager.default.fileExists(atPath:)),
            let data = FileManager.default.contents(atPath: path),
            let root = try? DocumentReader().read(String(decoding: data, as: UTF8.self), file: path)
        else { return [:] }
        var tests: [String: TestInfo] = [:]
        func visit(_ element: DocumentElement) {
            if element.name == "test" {
                let info = TestInfo(
                    conformance: element.attribute("conformance") ?? "mandatory",
                    isManual: element.attribute("manual") == "true"
                )
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

    func runTest(at path: String, manifest: [String: TestInfo]) -> Result {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (path as NSString).deletingLastPathComponent
        let key = (folder as NSString).lastPathComponent + "/" + (path as NSString).lastPathComponent
        let number = name.dropFirst("test".count).prefix { $0.isNumber }
        let info = manifest[key] ?? manifest["#" + number]
        func result(_ status: Result.Status, _ reason: String? = nil) -> Result {
            Result(test: name, status: status, reason: reason, info: info)
        }
        if info?.isManual == true {
            return result(.skip, "a manual test: a person judges its outcome")
        }
        let document: SCXMLDocument
        switch Self.prepare(path) {
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
            let where_ = session.activeStates.joined(separator: ", ")
            return result(.fail, "did not finish; active states: \(where_.isEmpty ? "none" : where_)")
        }
    }

    /// A test document made ready to run, or why it cannot be.
    enum Preparation {
        case skip(String)
        case fail(String)
        case ready(SCXMLDocument)
    }

    /// Reads the test document at `path`, decides whether it applies to this processor, and
    /// compiles it with its `conf:` markup translated; `sub` documents it loads are translated
    /// too.
    static func prepare(_ path: String) -> Preparation {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .fail("cannot read \(path)")
        }
        let root: DocumentElement
        do {
            root = try DocumentReader().read(String(decoding: data, as: UTF8.self), file: path)
        } catch {
            return .fail("\(error)")
        }
        if let datamodel = root.attribute("datamodel"), datamodel == "ecmascript" || datamodel == "xpath" {
            return .skip("written in raw \(datamodel == "ecmascript" ? "ECMAScript" : "XPath") for that datamodel's profile")
        }
        if ConformanceMarkup.usesBasicHTTP(root) {
            return .skip("needs the Basic HTTP Event I/O Processor, which this build does not include")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let loader = ResourceLoader(baseDirectory: folder, fallback: translatedSubdocument)
        do {
            let translated = try ConformanceMarkup.translate(root)
            return .ready(try SCXMLDocument(root: translated, file: path, loader: loader, datamodels: .standard))
        } catch {
            return .fail("\(error)")
        }
    }

    /// For `name.scxml` that does not exist: `name.txml` translated, as the W3C's sheets would
    /// have produced it.
    @Sendable
    static func translatedSubdocument(_ path: String) -> String? {
        guard path.hasSuffix(".scxml") else { return nil }
        let source = String(path.dropLast(".scxml".count)) + ".txml"
        guard let data = FileManager.default.contents(atPath: source),
            let root = try? DocumentReader().read(String(decoding: data, as: UTF8.self), file: source),
            let translated = try? ConformanceMarkup.translate(root)
        else { return nil }
        return DocumentWriter.serialize(translated)
    }
}
