import Foundation
package import StatecraftSCXML

extension ConformanceRunner {
    /// A test document made ready to run, or why it cannot be.
    enum Preparation {
        /// The test does not apply; the detail names the item at fault, when there is one.
        case skip(SkipReason, detail: String?)
        /// The test could not be read, translated or compiled.
        case fail(String)
        /// The reader refused the translated document: it is not one this processor runs
        /// (a script it cannot load, an expression it cannot parse at read time).
        case refused(SCXMLError)
        /// The compiled document, and whether it uses the Basic HTTP Event I/O Processor.
        case ready(SCXMLDocument, basicHTTP: Bool)
    }

    /// The test documents: `NNN/testNNN*.txml`, not the `sub` documents tests load.
    ///
    /// - Returns: Their paths, in test-number order.
    /// - Throws: ``SCXMLError`` when the folder cannot be listed.
    package func testDocuments() throws(SCXMLError) -> [String] {
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

    /// The manifest's tests by `NNN/testNNN.txml` and by `#NNN`, from the folder or its
    /// parent; empty when there is none.
    func loadManifest() -> [String: TestInfo] {
        let candidates = [directory + "/manifest.xml", (directory as NSString).deletingLastPathComponent + "/manifest.xml"]
        guard let path = candidates.first(where: FileManager.default.fileExists(atPath:)),
            let text = try? ResourceLoader.documentText(atPath: path),
            let root = try? DocumentReader().read(text, file: path)
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

    /// Reads the test document at `path`, decides whether it applies to the profile, and
    /// compiles it with its `conf:` markup translated; `sub` documents it loads are translated
    /// too. `text`, when given, is run instead of the file's text (a manual test whose published
    /// file is prose: ``ManualJudge/document``), under the file's name.
    func prepare(_ path: String, text: String? = nil) -> Preparation {
        let root: DocumentElement
        do {
            let source = try text ?? ResourceLoader.documentText(atPath: path, policy: readPolicy)
            root = try DocumentReader().read(source, file: path)
        } catch {
            return .fail("\(error)")
        }
        if let datamodel = root.attribute("datamodel"), !profile.datamodels.names.contains(datamodel) {
            return .skip(.datamodelUnavailable(datamodel), detail: nil)
        }
        let usesBasicHTTP = ConformanceMarkup.usesBasicHTTP(root)
        if usesBasicHTTP, basicHTTP == nil {
            return .skip(.basicHTTP, detail: nil)
        }
        let translated: DocumentElement
        do {
            translated = try ConformanceMarkup.translate(root, vocabulary: profile.vocabulary)
        } catch where error.code == .notExpressible {
            return .skip(.notExpressible(profile.name), detail: error.description)
        } catch {
            return .fail("\(error)")
        }
        if let reason = profile.unsupported(translated) {
            return .skip(.unsupported(reason), detail: nil)
        }
        do {
            return .ready(try SCXMLDocument(
                root: translated, file: path, baseDirectory: (path as NSString).deletingLastPathComponent,
                fallback: supplement, datamodels: profile.datamodels, readPolicy: readPolicy
            ), basicHTTP: usesBasicHTTP)
        } catch {
            return .refused(error)
        }
    }

    /// What the loader falls back on for a file that does not exist in a readable folder: one
    /// of the profile's ``ConformanceProfile/resources``, or for `name.scxml` the test's
    /// `name.txml` (read under the default policy of its folder) translated, as the W3C's
    /// sheets would have produced it.
    var supplement: @Sendable (_ path: String) -> String? {
        let vocabulary = profile.vocabulary
        let resources = profile.resources
        return { path in
            if let resource = resources[(path as NSString).lastPathComponent] { return resource }
            guard path.hasSuffix(".scxml") else { return nil }
            let source = String(path.dropLast(".scxml".count)) + ".txml"
            guard let text = ResourceLoader.siblingText(atPath: source),
                let root = try? DocumentReader().read(text, file: source),
                let translated = try? ConformanceMarkup.translate(root, vocabulary: vocabulary)
            else { return nil }
            return DocumentWriter.serialize(translated)
        }
    }
}
