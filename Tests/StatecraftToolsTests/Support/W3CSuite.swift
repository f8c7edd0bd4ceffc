import Foundation
@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The W3C SCXML Implementation Report Plan tests: where they are, and what each one is,
/// read from the tests themselves and the manifest, not from the code under test.
///
/// They are looked for in the folder `STATECRAFT_SCXML_IRP` names, else in
/// `../shared/scxml-irp` beside the package. A clone without them runs every other test and
/// skips these with ``absence`` as the reason.
enum W3CSuite {
    /// The package's root: this file is `Tests/StatecraftToolsTests/Support/W3CSuite.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the suite is expected.
    static let expectedFolder: String = {
        if let named = ProcessInfo.processInfo.environment["STATECRAFT_SCXML_IRP"], !named.isEmpty { return named }
        return packageRoot.appendingPathComponent("../shared/scxml-irp").standardizedFileURL.path
    }()

    /// The suite's folder, when it holds a manifest.
    static let folder: String? = FileManager.default.fileExists(atPath: expectedFolder + "/manifest.xml")
        ? expectedFolder : nil

    /// Why the tests that need the suite are skipped, when it is absent.
    static let absence: Comment = Comment(
        rawValue: "the W3C SCXML tests were not found at \(expectedFolder): put the Implementation Report Plan "
            + "folder (manifest.xml and NNN/testNNN.txml) at ../shared/scxml-irp beside the package, or set "
            + "STATECRAFT_SCXML_IRP to its path"
    )

    /// What the manifest says about a test.
    struct ManifestEntry {
        var manual: Bool
        var optional: Bool
        /// The section of the SCXML recommendation the test's assertion is from: `6.2`, `C.2`.
        var section: String
    }

    /// The manifest's tests by number.
    static func manifest(in folder: String) throws -> [String: ManifestEntry] {
        let text = try String(contentsOfFile: folder + "/manifest.xml", encoding: .utf8)
        var entries: [String: ManifestEntry] = [:]
        func visit(_ element: DocumentElement, section: String) {
            let section = element.name == "assert" ? element.attribute("specnum") ?? section : section
            if element.name == "test", let id = element.attribute("id") {
                entries[id] = ManifestEntry(
                    manual: element.attribute("manual") == "true",
                    optional: element.attribute("conformance") == "optional",
                    section: section
                )
            }
            for child in element.elements { visit(child, section: section) }
        }
        visit(try DocumentReader().read(text), section: "")
        return entries
    }

    /// Every test document the runner runs, `NNN/testNNN*.txml` without `sub`, by test name
    /// (`test144`), with its folder's number.
    static func testDocuments(in folder: String) throws -> [(name: String, number: String, path: String)] {
        var documents: [(String, String, String)] = []
        let manager = FileManager.default
        for entry in try manager.contentsOfDirectory(atPath: folder) {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + entry
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for file in try manager.contentsOfDirectory(atPath: path)
            where file.hasPrefix("test") && file.hasSuffix(".txml") && !file.contains("sub") {
                documents.append((String(file.dropLast(".txml".count)), entry, path + "/" + file))
            }
        }
        return documents.sorted { $0.0 < $1.0 }
    }
}
